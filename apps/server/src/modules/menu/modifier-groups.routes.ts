import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDeleteQuery,
  ZMenuIdParam,
  ZModifierGroup,
  ZModifierGroupInput,
  ZModifierGroupListResponse,
  ZOk,
  ZReorderRequest,
  ZUsage,
} from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { EDIT_MENU, usedElsewhere } from './menu-routes.ts';
import type { ModifierGroupsService } from './modifier-groups.service.ts';

/** Issue 8's modifier groups; contract in docs/api/menu.md. */
export function modifierGroupsRoutes(modifierGroups: ModifierGroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    // --- modifier groups -----------------------------------------------------------------------

    app.get('/api/api/menu/modifier-groups', {
      schema: {
        tags: ['menu'],
        summary: 'Modifier groups with their modifiers and items',
        response: { 200: ZModifierGroupListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => modifierGroups.listModifierGroups(authOf(request)),
    });
    app.get('/api/api/menu/modifier-groups/:id', {
      schema: {
        tags: ['menu'],
        summary: 'One modifier group',
        params: ZMenuIdParam,
        response: { 200: ZModifierGroup },
      },
      config: { access: EDIT_MENU },
      handler: (request) => modifierGroups.getModifierGroup(authOf(request), request.params.id),
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
      handler: (request) => modifierGroups.saveModifierGroup(authOf(request), null, request.body, request.ip),
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
      handler: (request) =>
        modifierGroups.saveModifierGroup(authOf(request), request.params.id, request.body, request.ip),
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
          modifierGroups.deleteModifierGroup(authOf(request), request.params.id, request.query.force, request.ip),
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
      handler: (request) => modifierGroups.modifierGroupUsage(authOf(request), request.params.id),
    });
    app.post('/api/api/menu/modifier-groups/reorder', {
      schema: {
        tags: ['menu'],
        summary: 'Put the modifier groups in a new order',
        body: ZReorderRequest,
        response: { 200: ZOk },
      },
      config: { access: EDIT_MENU },
      handler: (request) => modifierGroups.reorder(authOf(request), request.body.ids, request.ip),
    });
  };
}
