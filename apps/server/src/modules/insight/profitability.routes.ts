import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZProfitabilityExportQuery,
  ZProfitabilityQuery,
  ZProfitabilityResponse,
} from '@ra/shared/insight/insight.schemas';
import { exportFile } from '../../lib/exports/table-export.ts';
import { authOf } from '../../plugins/access-control.ts';
import { profitabilityTable, profitabilityTitle } from './profitability-export.ts';
import type { ProfitabilityService } from './profitability.service.ts';

/** Item profitability (menu engineering) of the selected restaurant: sales report readers. */
export function profitabilityRoutes(
  service: ProfitabilityService,
  restaurantName: (id: number) => Promise<string>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/insight/profitability', {
      schema: {
        tags: ['insight'],
        summary: 'Items by popularity and contribution margin in four quadrants, and sold items without a cost',
        querystring: ZProfitabilityQuery,
        response: { 200: ZProfitabilityResponse },
      },
      config: { access: { kind: 'page', permission: 'viewSalesReport' } },
      handler: (request) => service.profitability(authOf(request), request.query),
    });
    app.get('/api/insight/profitability/export', {
      schema: {
        tags: ['insight'],
        summary: 'Item profitability as CSV (UTF-8 with BOM) or XLSX, with items without a cost and a totals row',
        querystring: ZProfitabilityExportQuery,
      },
      config: { access: { kind: 'page', permission: 'viewSalesReport' } },
      handler: async (request, reply) => {
        const auth = authOf(request);
        const q = request.query;
        const body = await service.profitability(auth, q);
        const file = await exportFile(profitabilityTable(body, q.lang), {
          restaurant: await restaurantName(auth.restaurantId ?? 0),
          title: profitabilityTitle(q.lang),
          from: q.from,
          to: q.to,
          format: q.format,
        });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', file.contentDisposition)
          .send(file.body);
      },
    });
  };
}
