import {
  ZCheckPermResponse,
  ZRestParams,
  ZWorkDurationQuery,
  ZWorkDurationResponse,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { TimesheetService } from './timesheet.service.ts';
import { AT_RESTAURANT, VIEW } from './work-hours.access.ts';

/** SPEC 7 checkWorkHourPerm and work-duration: the timesheet. */
export function timesheetRoutes(timesheet: TimesheetService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/checkWorkHourPerm', {
      schema: {
        tags: ['work-hours'],
        summary: 'Whether the caller may edit work hours (SPEC 4: the web asks once per session)',
        response: { 200: ZCheckPermResponse },
      },
      config: { access: AT_RESTAURANT },
      handler: (request) => timesheet.checkPerm(authOf(request)),
    });

    app.get('/api/api/restaurant/:restId/work-duration', {
      schema: {
        tags: ['work-hours'],
        summary: 'Work-hour records and the timesheet for the business days from..to',
        description:
          'Staff without editWorkHour get only their own hours. Overtime is decided over whole workweeks, ' +
          'so shifts just outside the range count towards it.',
        params: ZRestParams,
        querystring: ZWorkDurationQuery,
        response: { 200: ZWorkDurationResponse },
      },
      config: { access: VIEW },
      handler: (request) =>
        timesheet.workDuration(authOf(request), request.params.restId, request.query.from, request.query.to),
    });
  };
}
