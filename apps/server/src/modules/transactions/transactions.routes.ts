import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRestaurantId } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/access-control.ts';
import type { TransactionsRepository } from './transactions.repository.ts';
import { attachmentHeader, exportFileName } from '@ra/shared/reports/export-file';
import { reportLabel } from '@ra/shared/reports/report-labels';
import { ZReportExportOptions } from '@ra/shared/reports/reports.schemas';
import { ZOrderDetail, ZTransactionsQuery, ZTransactionsResponse } from '@ra/shared/transactions/transactions.schemas';
import { tableToCsv, tableToXlsx } from '../reports/report-exports.ts';
import { TRANSACTIONS_EXPORT_LIMIT, transactionsTable } from './transactions-export.ts';

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
        const restaurantId = requireRestaurantId(authOf(request));
        const [result, lastSalesDay] = await Promise.all([
          repo.list(restaurantId, query),
          repo.lastSalesDay(restaurantId, query.to),
        ]);
        return {
          range: { from: query.from, to: query.to },
          lastSalesDay,
          page: query.page,
          pageSize: query.pageSize,
          ...result,
        };
      },
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
        const query = request.query;
        const restaurantId = requireRestaurantId(authOf(request));
        // the list's filters and order, every page
        const [result, file] = await Promise.all([
          repo.list(restaurantId, { ...query, page: 1, pageSize: TRANSACTIONS_EXPORT_LIMIT }),
          repo.fileContext(restaurantId),
        ]);
        const table = transactionsTable(result, {
          timeZone: file.timeZone,
          lang: query.lang,
          tipWording: file.tipWording,
        });
        const title = reportLabel('file.transactions', query.lang);
        const name = exportFileName({
          restaurant: file.restaurant,
          title,
          from: query.from,
          to: query.to,
          format: query.format,
        });
        reply.header('content-disposition', attachmentHeader(name));
        if (query.format === 'xlsx') {
          return reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .send(await tableToXlsx(table, title));
        }
        return reply.header('content-type', 'text/csv; charset=utf-8').send(tableToCsv(table));
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
