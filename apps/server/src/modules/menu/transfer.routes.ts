import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZImportApplyResponse, ZImportPreviewResponse, ZImportRequest } from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import type { MenuTransfer } from './transfer.service.ts';
import { EDIT_MENU } from './menu-routes.ts';

const IMPORT_BODY_LIMIT = 15 * 1024 * 1024;

/** Issue 8's XLSX export and import; contract in docs/api/menu.md. */
export function transferRoutes(transfer: MenuTransfer): FastifyPluginAsyncZod {
  return async (app) => {
    // --- import and export ---------------------------------------------------------------------

    app.get('/api/api/menu/export', {
      schema: { tags: ['menu'], summary: 'The whole menu as XLSX (Categories, Modifier groups, Modifiers, Items)' },
      config: { access: EDIT_MENU },
      handler: async (request, reply) => {
        const { fileName, buffer } = await transfer.export(authOf(request));
        return reply
          .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .send(buffer);
      },
    });
    app.post('/api/api/menu/import/preview', {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['menu'],
        summary: 'What importing this XLSX would add, change and remove, and its bad rows',
        body: ZImportRequest,
        response: { 200: ZImportPreviewResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => transfer.preview(authOf(request), request.body.file),
    });
    app.post('/api/api/menu/import/apply', {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['menu'],
        summary: 'Import the XLSX in one transaction; 400 with every bad row and nothing written when any is bad',
        body: ZImportRequest,
        response: { 200: ZImportApplyResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => transfer.apply(authOf(request), request.body.file, request.ip),
    });
  };
}
