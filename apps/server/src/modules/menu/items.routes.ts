import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBulkEditApplyResponse,
  ZBulkEditPreviewResponse,
  ZBulkEditRequest,
  ZDeleteQuery,
  ZItem,
  ZItemInput,
  ZItemReorderRequest,
  ZItemVersionsResponse,
  ZLibraryQuery,
  ZLibraryResponse,
  ZMenuIdParam,
  ZOk,
  ZRestoreVersionRequest,
  ZSoldOutRequest,
  ZSoldOutResponse,
  ZUsage,
} from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { EDIT_MENU, usedElsewhere } from './menu-routes.ts';
import type { BulkEditService } from './bulk-edit.service.ts';
import type { ItemHistoryService } from './item-history.service.ts';
import type { ItemsService } from './items.service.ts';

/** Issue 8's items: the library, the item form, sold out, order, bulk edit and versions; contract in docs/api/menu.md. */
export function itemsRoutes(
  items: ItemsService,
  bulk: BulkEditService,
  history: ItemHistoryService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // --- items ---------------------------------------------------------------------------------

    app.get('/api/api/menu/items', {
      schema: {
        tags: ['menu'],
        summary: 'The item library: search (name, foreign name, item_id, pinyin), filters, sort, page',
        querystring: ZLibraryQuery,
        response: { 200: ZLibraryResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => items.library(authOf(request), request.query),
    });
    app.get('/api/api/menu/items/:id', {
      schema: { tags: ['menu'], summary: 'One item with every field', params: ZMenuIdParam, response: { 200: ZItem } },
      config: { access: EDIT_MENU },
      handler: (request) => items.getItem(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/items', {
      schema: { tags: ['menu'], summary: 'Add an item (version 1)', body: ZItemInput, response: { 200: ZItem } },
      config: { access: EDIT_MENU },
      handler: (request) => items.saveItem(authOf(request), null, request.body, request.ip),
    });
    app.put('/api/api/menu/items/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Replace an item (a new version when anything changed)',
        params: ZMenuIdParam,
        body: ZItemInput,
        response: { 200: ZItem },
      },
      config: { access: EDIT_MENU },
      handler: (request) => items.saveItem(authOf(request), request.params.id, request.body, request.ip),
    });
    app.delete('/api/api/menu/items/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Delete an item (409 with usedIn unless force=true)',
        params: ZMenuIdParam,
        querystring: ZDeleteQuery,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request, reply) =>
        usedElsewhere(reply, () =>
          items.deleteItem(authOf(request), request.params.id, request.query.force, request.ip),
        ),
    });
    app.get('/api/api/menu/items/:id/usage', {
      schema: { tags: ['menu'], summary: 'Where an item is used', params: ZMenuIdParam, response: { 200: ZUsage } },
      config: { access: EDIT_MENU },
      handler: (request) => items.itemUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/items/soldout', {
      schema: {
        tags: ['menu'],
        summary: '86: mark items sold out (until the end of the business day by default) or back on sale',
        body: ZSoldOutRequest,
        response: { 200: ZSoldOutResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => items.setSoldOut(authOf(request), request.body, request.ip),
    });
    app.post('/api/api/menu/items/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put one category’s items in a new order',
        body: ZItemReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => items.reorderItems(authOf(request), request.body.categoryId, request.body.ids, request.ip),
    });
    app.post('/api/api/menu/items/bulk/preview', {
      schema: {
        tags: ['menu'],
        summary: 'What a bulk edit would change, item by item',
        body: ZBulkEditRequest,
        response: { 200: ZBulkEditPreviewResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => bulk.bulkPreview(authOf(request), request.body),
    });
    app.post('/api/api/menu/items/bulk/apply', {
      schema: {
        tags: ['menu'],
        summary: 'Apply a bulk edit in one transaction (all or nothing)',
        body: ZBulkEditRequest,
        response: { 200: ZBulkEditApplyResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => bulk.bulkApply(authOf(request), request.body, request.ip),
    });
    app.get('/api/api/menu/items/:id/versions', {
      schema: {
        tags: ['menu'],
        summary: 'Who changed what and when, newest first',
        params: ZMenuIdParam,
        response: { 200: ZItemVersionsResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => history.versions(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/items/:id/restore', {
      schema: {
        tags: ['menu'],
        summary: 'Restore an earlier version (saved as a new version)',
        params: ZMenuIdParam,
        body: ZRestoreVersionRequest,
        response: { 200: ZItem },
      },
      config: { access: EDIT_MENU },
      handler: (request) => history.restore(authOf(request), request.params.id, request.body.version, request.ip),
    });
  };
}
