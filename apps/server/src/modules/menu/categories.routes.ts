import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMenuPrintersResponse,
  ZCategory,
  ZCategoryInput,
  ZCategoryListResponse,
  ZDeleteQuery,
  ZMenuGroup,
  ZMenuGroupInput,
  ZMenuGroupListResponse,
  ZMenuIdParam,
  ZOk,
  ZReorderRequest,
  ZUsage,
} from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { EDIT_MENU, usedElsewhere } from './menu-routes.ts';
import type { CategoriesService } from './categories.service.ts';

/** Issue 8's categories, menu groups and printers; contract in docs/api/menu.md. */
export function categoriesRoutes(categories: CategoriesService): FastifyPluginAsyncZod {
  return async (app) => {
    // --- categories ----------------------------------------------------------------------------

    app.get('/api/api/menu/categories', {
      schema: {
        tags: ['menu'],
        summary: 'Categories in display order, with item counts',
        response: { 200: ZCategoryListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.listCategories(authOf(request)),
    });
    app.post('/api/api/menu/categories', {
      schema: { tags: ['menu'], summary: 'Add a category', body: ZCategoryInput, response: { 200: ZCategory } },
      config: { access: EDIT_MENU },
      handler: (request) => categories.saveCategory(authOf(request), null, request.body, request.ip),
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
      handler: (request) => categories.saveCategory(authOf(request), request.params.id, request.body, request.ip),
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
          categories.deleteCategory(authOf(request), request.params.id, request.query.force, request.ip),
        ),
    });
    app.get('/api/api/menu/categories/:id/usage', {
      schema: { tags: ['menu'], summary: 'Where a category is used', params: ZMenuIdParam, response: { 200: ZUsage } },
      config: { access: EDIT_MENU },
      handler: (request) => categories.categoryUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/categories/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the categories in a new order (every id once)',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.reorder(authOf(request), 'categories', request.body.ids, request.ip),
    });

    // --- menu groups ---------------------------------------------------------------------------

    app.get('/api/api/menu/groups', {
      schema: {
        tags: ['menu'],
        summary: 'Menu groups and the categories they hold',
        response: { 200: ZMenuGroupListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.listMenuGroups(authOf(request)),
    });
    app.post('/api/api/menu/groups', {
      schema: { tags: ['menu'], summary: 'Add a menu group', body: ZMenuGroupInput, response: { 200: ZMenuGroup } },
      config: { access: EDIT_MENU },
      handler: (request) => categories.saveMenuGroup(authOf(request), null, request.body, request.ip),
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
      handler: (request) => categories.saveMenuGroup(authOf(request), request.params.id, request.body, request.ip),
    });
    app.delete('/api/api/menu/groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Delete a menu group (its categories stay)',
        params: ZMenuIdParam,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.deleteMenuGroup(authOf(request), request.params.id, request.ip),
    });
    app.post('/api/api/menu/groups/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the menu groups in a new order',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.reorder(authOf(request), 'groups', request.body.ids, request.ip),
    });

    app.get('/api/api/menu/printers', {
      schema: {
        tags: ['menu'],
        summary: 'The restaurant’s printers (devices of type printer), to choose an item’s printers from',
        response: { 200: ZMenuPrintersResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => categories.listPrinters(authOf(request)),
    });
  };
}
