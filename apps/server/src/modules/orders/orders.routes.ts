import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIngestOrderRequest,
  ZIngestOrderResponse,
  ZIngestPayoutRequest,
  ZIngestPayoutResponse,
} from '@ra/shared/orders/orders.schemas';
import { authOf } from '../../plugins/access-control.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * The shared answer plus the stored order's id, which the transactions page links to, and whether it
 * was first received after its business day had ended.
 */
export const ZIngestOrderResult = ZIngestOrderResponse.extend({ orderId: z.number().int(), late: z.boolean() });

/**
 * The ingestion API a POS calls (docs/api/reports.md "Ingestion"). A paired POS calls with its own
 * device credential (issue 9; the order records the device); a POS signed in as an employee still
 * may: pushing orders then needs the canOrder authority, cash payouts cashDrawer (SPEC 3
 * "operationAuthority"); replacing an order of an ended business day also needs the flags the change
 * implies (canVoid, delOrder, updateTip, adjDish), checked in the service.
 */
export function ordersRoutes(service: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/api/pos/orders', {
      schema: {
        tags: ['orders'],
        summary: 'Push one whole order (idempotent by posOrderId; a changed push replaces the stored order)',
        description:
          'Answers 201 when the order is new, 200 when it replaced a different earlier push (result "updated") ' +
          'or was the same push again (result "unchanged"). All or nothing: a rejected order leaves no rows and ' +
          'no report change. 409 when the restaurant has not chosen its time zone. 400 when a time is more than ' +
          '5 minutes ahead of the server. A new order for an ended business day is accepted with late: true. ' +
          'Replacing an order of an ended business day needs canVoid to void or un-void, delOrder to drop ' +
          'payments or refunds or reopen it, updateTip to change tips, adjDish for any other change (403 ' +
          'otherwise); every replacement keeps the previous version and is audited.',
        body: ZIngestOrderRequest,
        response: { 200: ZIngestOrderResult, 201: ZIngestOrderResult },
      },
      config: { access: { kind: 'operation', authority: 'canOrder' }, devices: true },
      handler: async (request, reply) => {
        const result = await service.ingestOrder(authOf(request), request.body, request.ip);
        return reply.status(result.result === 'created' ? 201 : 200).send(result);
      },
    });

    app.post('/api/api/pos/payouts', {
      schema: {
        tags: ['orders'],
        summary: 'Push a cash payout from the drawer (idempotent by posPayoutId)',
        body: ZIngestPayoutRequest,
        response: { 200: ZIngestPayoutResponse, 201: ZIngestPayoutResponse },
      },
      config: { access: { kind: 'operation', authority: 'cashDrawer' }, devices: true },
      handler: async (request, reply) => {
        const result = await service.ingestPayout(authOf(request), request.body);
        return reply.status(result.result === 'created' ? 201 : 200).send(result);
      },
    });
  };
}
