import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import {
  ZClockParams,
  ZClockRequest,
  ZDeleteShiftRequest,
  ZShiftIdResponse,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { ShiftsService } from './shifts.service.ts';
import { EDIT } from './work-hours.access.ts';

const CLOCK_DESCRIPTION =
  'timeReportedAs: the punch (epoch ms, or a 10-digit seconds timestamp). id: the shift (both of its ' +
  'entries carry it). value: cash tips declared at clock-out, cents. signatureUrl: from ' +
  'POST workhour-signature; required when requireSignatureForWorkHoursEdit is on. reason: required. ' +
  '409 when the shift would overlap another of the same employee or its pay period is closed.';

/** SPEC 7 clock/in, clock/out (POST adds or closes, PUT changes) and user/delete. */
export function shiftsRoutes(shifts: ShiftsService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const which of ['in', 'out'] as const) {
      app.post(`/api/api/restaurant/:restId/user/:xid/clock/${which}`, {
        schema: {
          tags: ['work-hours'],
          summary:
            which === 'in'
              ? 'Clock an employee in (opens a shift)'
              : 'Clock an employee out (closes the open shift; with inTimeReportedAs adds a whole shift)',
          description: CLOCK_DESCRIPTION,
          params: ZClockParams,
          body: ZClockRequest,
          response: { 200: ZShiftIdResponse },
        },
        config: { access: EDIT },
        handler: (request) => {
          const { restId, xid } = request.params;
          return which === 'in'
            ? shifts.clockIn(authOf(request), restId, xid, request.body, request.ip)
            : shifts.clockOut(authOf(request), restId, xid, request.body, request.ip);
        },
      });
      app.put(`/api/api/restaurant/:restId/user/:xid/clock/${which}`, {
        schema: {
          tags: ['work-hours'],
          summary: `Change the clock-${which} of shift id${which === 'out' ? ' (and its breaks, tips, waiting time)' : ''}`,
          description: `${CLOCK_DESCRIPTION} Any edit clears the shift's earlier edit signature.`,
          params: ZClockParams,
          body: ZClockRequest,
          response: { 200: ZShiftIdResponse },
        },
        config: { access: EDIT },
        handler: (request) =>
          shifts.editPunch(authOf(request), request.params.restId, request.params.xid, which, request.body, request.ip),
      });
    }

    app.post('/api/api/restaurant/user/delete', {
      schema: {
        tags: ['work-hours'],
        summary: 'Delete a shift: its clock-in (inId) and clock-out (outId) entries',
        description: 'Both ids are the shift id; outId is null for a shift still open. reason required.',
        body: ZDeleteShiftRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT },
      handler: (request) => shifts.deleteShift(authOf(request), request.body, request.ip),
    });
  };
}
