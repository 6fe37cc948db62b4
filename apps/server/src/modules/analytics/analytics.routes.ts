import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import { ZAnalyticsOverviewResponse, ZAnalyticsQuery } from '@ra/shared/analytics/analytics.schemas';
import type { AnalyticsService } from './analytics.service.ts';

export function analyticsRoutes(service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/analytics/overview', {
      schema: {
        tags: ['analytics'],
        summary:
          'Week over week, year over year (a day in progress against the same time on the comparison day), busiest hours heat map, top and bottom items, average check by week',
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsOverviewResponse },
      },
      config: { access: { kind: 'page', permission: 'viewAnalyticCenter' } },
      handler: (request) => service.overview(authOf(request), request.query),
    });
  };
}
