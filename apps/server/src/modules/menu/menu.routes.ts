import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@ra/shared/errors';
import {
  ZMenuPrintersResponse,
  ZBulkEditApplyResponse,
  ZBulkEditPreviewResponse,
  ZBulkEditRequest,
  ZCategory,
  ZCategoryInput,
  ZCategoryListResponse,
  ZDeleteQuery,
  ZImportApplyResponse,
  ZImportPreviewResponse,
  ZImportRequest,
  ZItem,
  ZItemInput,
  ZItemReorderRequest,
  ZItemVersionsResponse,
  ZLibraryQuery,
  ZLibraryResponse,
  ZMappingQuery,
  ZMappingRequest,
  ZMappingResponse,
  ZMenuGroup,
  ZMenuGroupInput,
  ZMenuGroupListResponse,
  ZMenuIdParam,
  ZModifierGroup,
  ZModifierGroupInput,
  ZModifierGroupListResponse,
  ZOk,
  ZPublishedQuery,
  ZReorderRequest,
  ZRestoreVersionRequest,
  ZScheduledChange,
  ZScheduledListQuery,
  ZScheduledListResponse,
  ZScheduleRequest,
  ZSoldOutRequest,
  ZSoldOutResponse,
  ZUsage,
} from '@ra/shared/menu/menu.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { publishedBytes, publishedEncoding, type MenuChannels } from './menu-channels.ts';
import type { MenuTransfer } from './menu-xlsx.ts';
import { UsedElsewhereError, type MenuService } from './menu.service.ts';
import type { MenuSchedule } from './menu.module.ts';

/** SPEC 2 /menu and its hidden pages are the editMenu page; every call behind them needs the flag. */
const EDIT_MENU: TRouteAccess = { kind: 'page', permission: 'editMenu' };
/**
 * The published menu is read by whatever rings up or shows the menu (POS, kiosk, ordering site): any
 * signed-in caller with the restaurant selected, staff today, paired devices once they have their own
 * credential (docs/decisions.md "Menu: published menu credential").
 */
const MENU_READER: TRouteAccess = { kind: 'restaurant' };

const IMPORT_BODY_LIMIT = 15 * 1024 * 1024;

/** Issue 8's menu calls; contract in docs/api/menu.md. */
export function menuRoutes(
  menu: MenuService,
  channels: MenuChannels,
  transfer: MenuTransfer,
  schedule: MenuSchedule,
): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * Deletes answer 409 with where the entry is used (`{ code, message, usedIn }`), so the page can ask
     * before `force=true`. Sent here: the shared error handler only carries code, message and errors.
     */
    const usedElsewhere = async <T>(
      reply: { code(n: number): { send(body: unknown): unknown } },
      work: () => Promise<T>,
    ) => {
      try {
        return await work();
      } catch (error) {
        if (error instanceof UsedElsewhereError)
          return reply
            .code(409)
            .send({ code: ERROR_CODES.conflict, message: error.message, usedIn: error.usage.usedIn }) as never;
        throw error;
      }
    };

    // --- categories ----------------------------------------------------------------------------

    app.get('/api/api/menu/categories', {
      schema: {
        tags: ['menu'],
        summary: 'Categories in display order, with item counts',
        response: { 200: ZCategoryListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.listCategories(authOf(request)),
    });
    app.post('/api/api/menu/categories', {
      schema: { tags: ['menu'], summary: 'Add a category', body: ZCategoryInput, response: { 200: ZCategory } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveCategory(authOf(request), null, request.body, request.ip),
    });
    app.put('/api/api/menu/categories/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Change a category',
        params: ZMenuIdParam,
        body: ZCategoryInput,
        response: { 200: ZCategory },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveCategory(authOf(request), request.params.id, request.body, request.ip),
    });
    app.delete('/api/api/menu/categories/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Delete a category (409 with usedIn unless force=true; its items become uncategorized)',
        params: ZMenuIdParam,
        querystring: ZDeleteQuery,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request, reply) =>
        usedElsewhere(reply, () =>
          menu.deleteCategory(authOf(request), request.params.id, request.query.force, request.ip),
        ),
    });
    app.get('/api/api/menu/categories/:id/usage', {
      schema: { tags: ['menu'], summary: 'Where a category is used', params: ZMenuIdParam, response: { 200: ZUsage } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.categoryUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/categories/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the categories in a new order (every id once)',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.reorder(authOf(request), 'categories', request.body.ids, request.ip),
    });

    // --- menu groups ---------------------------------------------------------------------------

    app.get('/api/api/menu/groups', {
      schema: {
        tags: ['menu'],
        summary: 'Menu groups and the categories they hold',
        response: { 200: ZMenuGroupListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.listMenuGroups(authOf(request)),
    });
    app.post('/api/api/menu/groups', {
      schema: { tags: ['menu'], summary: 'Add a menu group', body: ZMenuGroupInput, response: { 200: ZMenuGroup } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveMenuGroup(authOf(request), null, request.body, request.ip),
    });
    app.put('/api/api/menu/groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Change a menu group',
        params: ZMenuIdParam,
        body: ZMenuGroupInput,
        response: { 200: ZMenuGroup },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveMenuGroup(authOf(request), request.params.id, request.body, request.ip),
    });
    app.delete('/api/api/menu/groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Delete a menu group (its categories stay)',
        params: ZMenuIdParam,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.deleteMenuGroup(authOf(request), request.params.id, request.ip),
    });
    app.post('/api/api/menu/groups/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the menu groups in a new order',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.reorder(authOf(request), 'groups', request.body.ids, request.ip),
    });

    app.get('/api/api/menu/printers', {
      schema: {
        tags: ['menu'],
        summary: 'The restaurant’s printers (devices of type printer), to choose an item’s printers from',
        response: { 200: ZMenuPrintersResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.listPrinters(authOf(request)),
    });

    // --- modifier groups -----------------------------------------------------------------------

    app.get('/api/api/menu/modifier-groups', {
      schema: {
        tags: ['menu'],
        summary: 'Modifier groups with their modifiers and items',
        response: { 200: ZModifierGroupListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.listModifierGroups(authOf(request)),
    });
    app.get('/api/api/menu/modifier-groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'One modifier group',
        params: ZMenuIdParam,
        response: { 200: ZModifierGroup },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.getModifierGroup(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/modifier-groups', {
      schema: {
        tags: ['menu'],
        summary: 'Add a modifier group',
        description: '400 errors.modifiers names the path when nesting would pass 3 levels or loop.',
        body: ZModifierGroupInput,
        response: { 200: ZModifierGroup },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveModifierGroup(authOf(request), null, request.body, request.ip),
    });
    app.put('/api/api/menu/modifier-groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Change a modifier group',
        params: ZMenuIdParam,
        body: ZModifierGroupInput,
        response: { 200: ZModifierGroup },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveModifierGroup(authOf(request), request.params.id, request.body, request.ip),
    });
    app.delete('/api/api/menu/modifier-groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Delete a modifier group (409 with usedIn unless force=true)',
        params: ZMenuIdParam,
        querystring: ZDeleteQuery,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request, reply) =>
        usedElsewhere(reply, () =>
          menu.deleteModifierGroup(authOf(request), request.params.id, request.query.force, request.ip),
        ),
    });
    app.get('/api/api/menu/modifier-groups/:id/usage', {
      schema: {
        tags: ['menu'],
        summary: 'Items and modifiers using a modifier group',
        params: ZMenuIdParam,
        response: { 200: ZUsage },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.modifierGroupUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/modifier-groups/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the modifier groups in a new order',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.reorder(authOf(request), 'modifierGroups', request.body.ids, request.ip),
    });

    // --- items ---------------------------------------------------------------------------------

    app.get('/api/api/menu/items', {
      schema: {
        tags: ['menu'],
        summary: 'The item library: search (name, foreign name, item_id, pinyin), filters, sort, page',
        querystring: ZLibraryQuery,
        response: { 200: ZLibraryResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.library(authOf(request), request.query),
    });
    app.get('/api/api/menu/items/:id', {
      schema: { tags: ['menu'], summary: 'One item with every field', params: ZMenuIdParam, response: { 200: ZItem } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.getItem(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/items', {
      schema: { tags: ['menu'], summary: 'Add an item (version 1)', body: ZItemInput, response: { 200: ZItem } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.saveItem(authOf(request), null, request.body, request.ip),
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
      handler: (request) => menu.saveItem(authOf(request), request.params.id, request.body, request.ip),
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
          menu.deleteItem(authOf(request), request.params.id, request.query.force, request.ip),
        ),
    });
    app.get('/api/api/menu/items/:id/usage', {
      schema: { tags: ['menu'], summary: 'Where an item is used', params: ZMenuIdParam, response: { 200: ZUsage } },
      config: { access: EDIT_MENU },
      handler: (request) => menu.itemUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/items/soldout', {
      schema: {
        tags: ['menu'],
        summary: '86: mark items sold out (until the end of the business day by default) or back on sale',
        body: ZSoldOutRequest,
        response: { 200: ZSoldOutResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.setSoldOut(authOf(request), request.body, request.ip),
    });
    app.post('/api/api/menu/items/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put one category’s items in a new order',
        body: ZItemReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.reorderItems(authOf(request), request.body.categoryId, request.body.ids, request.ip),
    });
    app.post('/api/api/menu/items/bulk/preview', {
      schema: {
        tags: ['menu'],
        summary: 'What a bulk edit would change, item by item',
        body: ZBulkEditRequest,
        response: { 200: ZBulkEditPreviewResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.bulkPreview(authOf(request), request.body),
    });
    app.post('/api/api/menu/items/bulk/apply', {
      schema: {
        tags: ['menu'],
        summary: 'Apply a bulk edit in one transaction (all or nothing)',
        body: ZBulkEditRequest,
        response: { 200: ZBulkEditApplyResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.bulkApply(authOf(request), request.body, request.ip),
    });
    app.get('/api/api/menu/items/:id/versions', {
      schema: {
        tags: ['menu'],
        summary: 'Who changed what and when, newest first',
        params: ZMenuIdParam,
        response: { 200: ZItemVersionsResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.versions(authOf(request), request.params.id),
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
      handler: (request) => menu.restore(authOf(request), request.params.id, request.body.version, request.ip),
    });

    // --- scheduled changes ---------------------------------------------------------------------

    app.get('/api/api/menu/scheduled', {
      schema: {
        tags: ['menu'],
        summary: 'Scheduled price and availability changes',
        querystring: ZScheduledListQuery,
        response: { 200: ZScheduledListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => menu.listScheduled(authOf(request), request.query),
    });
    app.post('/api/api/menu/scheduled', {
      schema: {
        tags: ['menu'],
        summary: 'Schedule a price or availability change',
        body: ZScheduleRequest,
        response: { 200: ZScheduledChange },
      },
      config: { access: EDIT_MENU },
      handler: (request) => schedule.create(authOf(request), request.body, request.ip),
    });
    app.delete('/api/api/menu/scheduled/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Cancel a pending scheduled change',
        params: ZMenuIdParam,
        response: { 200: ZScheduledChange },
      },
      config: { access: EDIT_MENU },
      handler: (request) => schedule.cancel(authOf(request), request.params.id, request.ip),
    });

    // --- channel mapping and the published menu ------------------------------------------------

    app.get('/api/api/menu/mapping', {
      schema: {
        tags: ['menu'],
        summary: 'A channel’s categories and items in order, and its prefix rules',
        querystring: ZMappingQuery,
        response: { 200: ZMappingResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => channels.mapping(authOf(request), request.query.channel),
    });
    app.put('/api/api/menu/mapping', {
      schema: {
        tags: ['menu'],
        summary: 'Save a channel’s layout and prefix rules',
        body: ZMappingRequest,
        response: { 200: ZMappingResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => channels.saveMapping(authOf(request), request.body, request.ip),
    });
    app.get('/api/api/menu/published', {
      schema: {
        tags: ['menu'],
        summary: 'The menu a channel shows now (ZPublishedMenu), with an ETag; 304 when If-None-Match still matches',
        querystring: ZPublishedQuery,
      },
      config: { access: MENU_READER },
      handler: async (request, reply) => {
        const entry = await channels.published(requireRestaurantId(authOf(request)), request.query.channel);
        void reply
          .header('ETag', entry.etag)
          .header('Cache-Control', 'private, no-cache')
          .header('Vary', 'Accept-Encoding');
        const asked = request.headers['if-none-match'];
        if (asked && asked.split(',').some((tag) => tag.trim() === entry.etag)) return reply.code(304).send();
        // Checked against ZPublishedMenu once when built, then sent as cached bytes, compressed once per
        // encoding (the compression plugin leaves an answer that already has a Content-Encoding alone).
        const encoding = publishedEncoding(request.headers['accept-encoding']);
        if (encoding !== 'identity') void reply.header('Content-Encoding', encoding);
        return reply.type('application/json; charset=utf-8').send(publishedBytes(entry, encoding));
      },
    });

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
