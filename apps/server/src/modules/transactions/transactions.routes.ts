import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/access-control.ts';
import type { TransactionsRepository } from './transactions.repository.ts';
import { ZOrderDetail, ZTransactionsQuery, ZTransactionsResponse } from '@ra/shared/transactions/transactions.schemas';

/**
 * SPEC 2 "/transactions/index" (viewTransactions). The service layer would only pass the caller's
 * restaurant through, so the routes call the repository with it directly.
 */
export function transactionsRoutes(repo: TransactionsRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/transactions', {
      schema: {
        tags: ['transactions'],
        summary: 'Payments and refunds: search, filters, sort, server-side pages, totals over every match',
        querystring: ZTransactionsQuery,
        response: { 200: ZTransactionsResponse },
      },
      config: { access: { kind: 'page', permission: 'viewTransactions' } },
      handler: async (request) => {
        const query = request.query;
        const result = await repo.list(requireRestaurantId(authOf(request)), query);
        return { range: { from: query.from, to: query.to }, page: query.page, pageSize: query.pageSize, ...result };
      },
    });

    app.get('/api/api/transactions/order/:orderId', {
      schema: {
        tags: ['transactions'],
        summary: 'The order behind a transaction: lines with options, discounts, comps/voids, taxes, payments, refunds',
        params: z.object({ orderId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: ZOrderDetail },
      },
      config: { access: { kind: 'page', permission: 'viewTransactions' } },
      handler: async (request) => {
        // Another restaurant's order is answered like one that does not exist.
        const detail = await repo.orderDetail(requireRestaurantId(authOf(request)), request.params.orderId);
        if (!detail) throw notFound();
        return detail;
      },
    });
  };
}
