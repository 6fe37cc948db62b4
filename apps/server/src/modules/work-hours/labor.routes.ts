import { ZLaborQuery, ZLaborResponse } from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { LaborService } from './labor.service.ts';
import { EDIT } from './work-hours.access.ts';

/** Labour cost against net sales (the analytic center). */
export function laborRoutes(labor: LaborService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/work-hours/labor', {
      schema: {
        tags: ['work-hours'],
        summary: 'Labour cost against net sales per business day and per hour of the day (the analytic center)',
        description: 'from..to are business days, at most 366 of them. Those who may edit work hours only.',
        querystring: ZLaborQuery,
        response: { 200: ZLaborResponse },
      },
      config: { access: EDIT },
      handler: (request) => labor.labor(authOf(request), request.query.from, request.query.to),
    });
  };
}
