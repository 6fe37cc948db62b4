import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIVE_SALES_PATH, ZLiveSalesQuery, ZLiveSalesVersion } from '@ra/shared/live/live.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import type { LiveSalesService } from './live-sales.service.ts';

export function liveRoutes(service: LiveSalesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(LIVE_SALES_PATH, {
      schema: {
        tags: ['dashboard'],
        summary: "Live sales of the signed-in restaurant: server-sent events when today's figures change",
        description:
          'text/event-stream. `ready` (id: version) on connect; `sales` (id: new version) within a moment of a POS order, ' +
          'void or refund being written through any API server; `: ping` every 15 s. A reconnect sends Last-Event-ID ' +
          '(or ?since=) and hears at once when it missed a change. Needs viewSalesReport, like the dashboard. ' +
          'A request that does not accept text/event-stream gets the current version as JSON.',
        querystring: ZLiveSalesQuery,
        response: { 200: ZLiveSalesVersion },
      },
      config: { access: { kind: 'page', permission: 'viewSalesReport' } },
      handler: async (request, reply) => {
        const restaurantId = requireRestaurantId(authOf(request));
        if (!String(request.headers.accept ?? '').includes('text/event-stream')) return service.current(restaurantId);
        const header = request.headers['last-event-id'];
        const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? header.trim() : undefined;
        const since = lastEventId ?? request.query.since;
        await service.stream(request.raw, reply, restaurantId, since === undefined ? null : Number(since));
      },
    });
  };
}
