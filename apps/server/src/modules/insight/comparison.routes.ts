import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZComparisonExportQuery, ZComparisonQuery, ZComparisonResponse } from '@ra/shared/insight/insight.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import { comparisonFile, comparisonTable } from './comparison-export.ts';
import type { ComparisonService } from './comparison.service.ts';

/**
 * The comparison across locations (issue 24). 'authenticated' at the guard, since an agent or platform
 * staff has no restaurant selected; the service then refuses anyone who cannot see several restaurants
 * and limits every query to the caller's reach.
 */
const SEVERAL: TRouteAccess = { kind: 'authenticated' };
const tags = ['insight'];

export function comparisonRoutes(service: ComparisonService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/insight/comparison', {
      schema: {
        tags,
        summary:
          'One row per restaurant in reach for a period with the previous period beside it: net sales, orders, guests, average check, labour, refunds, discounts; totals and a daily trend',
        querystring: ZComparisonQuery,
        response: { 200: ZComparisonResponse },
      },
      config: { access: SEVERAL },
      handler: (request) => service.comparison(authOf(request), request.query),
    });

    app.get('/api/insight/comparison/export', {
      schema: {
        tags,
        summary: 'The comparison, every restaurant in reach with a totals row, as CSV (UTF-8 with BOM) or XLSX',
        querystring: ZComparisonExportQuery,
      },
      config: { access: SEVERAL },
      handler: async (request, reply) => {
        const query = request.query;
        const all = await service.all(authOf(request), query);
        const file = await comparisonFile(comparisonTable(all.rows, all.totals, query.lang), {
          lang: query.lang,
          from: query.from,
          to: query.to,
          format: query.format,
        });
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', file.contentDisposition)
          .send(file.body);
      },
    });
  };
}
