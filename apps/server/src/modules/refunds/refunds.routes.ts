import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam } from '@ra/shared/validation/limits';
import {
  ZCreateRefundRequest,
  ZOfficeRefund,
  ZOrderRefunds,
  ZPosRefunds,
  ZPosRefundsQuery,
  ZRefundLimits,
  ZSetRefundLimitsRequest,
} from '@ra/shared/refunds/refunds.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import type { RefundsService } from './refunds.service.ts';

/**
 * Refunding is the SPEC's canVoid authority (role flag voidOrders, docs/decisions.md "Refunds from the
 * back office"); the service also asks for viewTransactions, the page the order is seen on.
 */
const REFUND: TRouteAccess = { kind: 'operation', authority: 'canVoid' };
/** Limits per role are part of managing roles (SPEC 6 editAccounts). */
const EDIT_ROLES: TRouteAccess = { kind: 'page', permission: 'editAccounts' };

const ZOrderIdParam = z.object({ orderId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const ZApproveRequest = z.object({ giftcardNumber: z.string().trim().min(4).max(24).optional() });

const MONEY_RULES =
  'Never more than the tender took minus earlier refunds (409 otherwise, nothing changed); above the ' +
  'caller’s role limit the refund waits for a second person (status pendingApproval). Idempotent by ' +
  'idempotencyKey. 403 without canVoid and viewTransactions.';

export function refundsRoutes(service: RefundsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/refunds/order/:orderId', {
      schema: {
        tags: ['refunds'],
        summary: 'What is left to refund on an order (lines, card payments), the caller’s limit and its refunds',
        params: ZOrderIdParam,
        response: { 200: ZOrderRefunds },
      },
      config: { access: REFUND },
      handler: (request) => service.orderRefunds(authOf(request), request.params.orderId),
    });

    app.post('/api/api/refunds/order/:orderId', {
      schema: {
        tags: ['refunds'],
        summary: 'Refund the whole order, chosen lines and quantities, or an amount, to the card, cash or a gift card',
        description: MONEY_RULES,
        params: ZOrderIdParam,
        body: ZCreateRefundRequest,
        response: { 200: ZOfficeRefund },
      },
      config: { access: REFUND },
      handler: (request) => service.create(authOf(request), request.params.orderId, request.body, request.ip),
    });

    app.post('/api/api/refunds/:id/approve', {
      schema: {
        tags: ['refunds'],
        summary: 'Approve a refund waiting for a second person (not its requester; within the approver’s own limit)',
        params: ZIdParam,
        body: ZApproveRequest,
        response: { 200: ZOfficeRefund },
      },
      config: { access: REFUND },
      handler: (request) =>
        service.approve(authOf(request), request.params.id, request.body.giftcardNumber, request.ip),
    });

    app.post('/api/api/refunds/:id/reject', {
      schema: {
        tags: ['refunds'],
        summary: 'Turn down a refund waiting for approval; nothing moves',
        params: ZIdParam,
        response: { 200: ZOfficeRefund },
      },
      config: { access: REFUND },
      handler: (request) => service.reject(authOf(request), request.params.id, request.ip),
    });

    app.post('/api/api/refunds/:id/retry', {
      schema: {
        tags: ['refunds'],
        summary: 'Send a card refund left in flight (processor outage) again, under its own idempotency key',
        params: ZIdParam,
        response: { 200: ZOfficeRefund },
      },
      config: { access: REFUND },
      handler: (request) => service.resume(authOf(request), request.params.id),
    });

    app.get('/api/api/refunds/limits', {
      schema: {
        tags: ['refunds'],
        summary: 'Each role’s refund limit (null: none); above it a second person approves',
        response: { 200: ZRefundLimits },
      },
      config: { access: EDIT_ROLES },
      handler: (request) => service.limits(authOf(request)),
    });

    app.put('/api/api/refunds/limits', {
      schema: {
        tags: ['refunds'],
        summary:
          'Set roles’ refund limits (null removes a limit); all or nothing, audited. 400 for a role not of this ' +
          'restaurant, 403 for a limit above the caller’s own (or none when the caller has one)',
        body: ZSetRefundLimitsRequest,
        response: { 200: ZRefundLimits },
      },
      config: { access: EDIT_ROLES },
      handler: (request) => service.setLimits(authOf(request), request.body.limits, request.ip),
    });

    app.get('/api/api/pos/refunds', {
      schema: {
        tags: ['refunds'],
        summary: 'Refunds made from the back office since the POS’s last sync (cursor: the last id seen)',
        querystring: ZPosRefundsQuery,
        response: { 200: ZPosRefunds },
      },
      config: { access: { kind: 'operation', authority: 'canOrder' }, devices: true },
      handler: (request) => service.posRefunds(authOf(request), request.query.after, request.query.limit),
    });
  };
}
