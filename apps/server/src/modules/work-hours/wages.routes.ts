import { ZWagesResponse, ZWageUpdate } from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { WagesService } from './wages.service.ts';
import { EDIT } from './work-hours.access.ts';

/** Hourly wages per role and per employee. */
export function wagesRoutes(wages: WagesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/work-hours/wages', {
      schema: {
        tags: ['work-hours'],
        summary: 'Hourly wages per role and per employee',
        response: { 200: ZWagesResponse },
      },
      config: { access: EDIT },
      handler: (request) => wages.wages(authOf(request)),
    });

    app.put('/api/api/work-hours/wages', {
      schema: {
        tags: ['work-hours'],
        summary: 'Set (or with null remove) the hourly wage of a role or an employee',
        body: ZWageUpdate,
        response: { 200: ZWagesResponse },
      },
      config: { access: EDIT },
      handler: (request) => wages.setWage(authOf(request), request.body, request.ip),
    });
  };
}
