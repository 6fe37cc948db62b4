import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMenuIdParam,
  ZScheduledChange,
  ZScheduledListQuery,
  ZScheduledListResponse,
  ZScheduleRequest,
} from '@ra/shared/menu/menu.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { EDIT_MENU } from './menu-routes.ts';
import type { ScheduledChangesService } from './scheduled-changes.service.ts';

/** Issue 8's scheduled price and availability changes; contract in docs/api/menu.md. */
export function scheduledRoutes(scheduled: ScheduledChangesService): FastifyPluginAsyncZod {
  return async (app) => {
    // --- scheduled changes ---------------------------------------------------------------------

    app.get('/api/api/menu/scheduled', {
      schema: {
        tags: ['menu'],
        summary: 'Scheduled price and availability changes',
        querystring: ZScheduledListQuery,
        response: { 200: ZScheduledListResponse },
      },
      config: { access: EDIT_MENU },
      handler: (request) => scheduled.list(authOf(request), request.query),
    });
    app.post('/api/api/menu/scheduled', {
      schema: {
        tags: ['menu'],
        summary: 'Schedule a price or availability change',
        body: ZScheduleRequest,
        response: { 200: ZScheduledChange },
      },
      config: { access: EDIT_MENU },
      handler: (request) => scheduled.create(authOf(request), request.body, request.ip),
    });
    app.delete('/api/api/menu/scheduled/:id', {
      schema: {
        tags: ['menu'],
        summary: 'Cancel a pending scheduled change',
        params: ZMenuIdParam,
        response: { 200: ZScheduledChange },
      },
      config: { access: EDIT_MENU },
      handler: (request) => scheduled.cancel(authOf(request), request.params.id, request.ip),
    });
  };
}
