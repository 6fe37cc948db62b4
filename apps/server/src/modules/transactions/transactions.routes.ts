import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import { ZReportExportOptions } from '@ra/shared/reports/reports.schemas';
import { ZOrderDetail, ZTransactionsQuery, ZTransactionsResponse } from '@ra/shared/transactions/transactions.schemas';
import type { TransactionsService } from './transactions.service.ts';

/** SPEC 2 "/transactions/index" (viewTransactions). */
export function transactionsRoutes(service: TransactionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/transactions', {
      schema: {
        tags: ['transactions'],
        summary: 'Payments and refunds: search, filters, sort, server-side pages, totals over every match',
        querystring: ZTransactionsQuery,
        response: { 200: ZTransactionsResponse },
      },
      config: { access: { kind: 'page', permission: 'viewTransactions' } },
      handler: (request) => service.list(authOf(request), request.query),
    });

    app.get('/api/api/transactions/export', {
      schema: {
        tags: ['transactions'],
        summary:
          'Every payment and refund the list filters match, as CSV (UTF-8 with BOM) or XLSX, in English or Chinese, with totals rows',
        querystring: z.intersection(ZTransactionsQuery, ZReportExportOptions),
      },
      config: { access: { kind: 'page', permission: 'viewTransactions' } },
      handler: async (request, reply) => {
        const file = await service.exportFile(authOf(request), request.query);
        return reply
          .header('content-disposition', file.contentDisposition)
          .header('content-type', file.contentType)
          .send(file.body);
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
      handler: (request) => service.orderDetail(authOf(request), request.params.orderId),
    });
  };
}
