import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentHeader, exportFileName } from '@ra/shared/reports/export-file';
import {
  ZCheckPermResponse,
  ZClockParams,
  ZClockRequest,
  ZDeleteShiftRequest,
  ZLaborQuery,
  ZLaborResponse,
  ZPeriodCloseRequest,
  ZPeriodExportQuery,
  ZPeriodReopenRequest,
  ZPosClockRequest,
  ZPosClockResponse,
  ZPosPinInRequest,
  ZPosPinInResponse,
  ZRestParams,
  ZSignatureRequest,
  ZSignatureResponse,
  ZWageUpdate,
  ZWagesResponse,
  ZWorkDurationQuery,
  ZWorkDurationResponse,
  ZWorkHoursSettings,
  ZWorkHoursSettingsUpdate,
} from '@ra/shared/work-hours/work-hours.schemas';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import { payrollCsv, payrollXlsx } from './payroll-export.ts';
import type { WorkHoursService } from './work-hours.service.ts';

const ZShiftId = z.object({ id: z.number() });

/** SPEC 6: viewWorkHours opens the page; editWorkHour (operationAuthority) changes hours. */
const VIEW: TRouteAccess = { kind: 'page', permission: 'viewWorkHours' };
const EDIT: TRouteAccess = { kind: 'operation', authority: 'editWorkHour' };
/** The POS and the signature pad: anyone signed in at the restaurant (the employee's PIN decides who). */
const AT_RESTAURANT: TRouteAccess = { kind: 'restaurant' };

const CLOCK_DESCRIPTION =
  'timeReportedAs: the punch (epoch ms, or a 10-digit seconds timestamp). id: the shift (both of its ' +
  'entries carry it). value: cash tips declared at clock-out, cents. signatureUrl: from ' +
  'POST workhour-signature; required when requireSignatureForWorkHoursEdit is on. reason: required. ' +
  '409 when the shift would overlap another of the same employee or its pay period is closed.';

/** SPEC 7 work-hour calls, plus the pay-period, wage, settings and POS calls in docs/decisions.md. */
export function workHoursRoutes(service: WorkHoursService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/checkWorkHourPerm', {
      schema: {
        tags: ['work-hours'],
        summary: 'Whether the caller may edit work hours (SPEC 4: the web asks once per session)',
        response: { 200: ZCheckPermResponse },
      },
      config: { access: AT_RESTAURANT },
      handler: (request) => service.checkPerm(authOf(request)),
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
        service.workDuration(authOf(request), request.params.restId, request.query.from, request.query.to),
    });

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
          response: { 200: ZShiftId },
        },
        config: { access: EDIT },
        handler: (request) => {
          const { restId, xid } = request.params;
          return which === 'in'
            ? service.clockIn(authOf(request), restId, xid, request.body, request.ip)
            : service.clockOut(authOf(request), restId, xid, request.body, request.ip);
        },
      });
      app.put(`/api/api/restaurant/:restId/user/:xid/clock/${which}`, {
        schema: {
          tags: ['work-hours'],
          summary: `Change the clock-${which} of shift id${which === 'out' ? ' (and its breaks, tips, waiting time)' : ''}`,
          description: `${CLOCK_DESCRIPTION} Any edit clears the shift's earlier edit signature.`,
          params: ZClockParams,
          body: ZClockRequest,
          response: { 200: ZShiftId },
        },
        config: { access: EDIT },
        handler: (request) =>
          service.editPunch(
            authOf(request),
            request.params.restId,
            request.params.xid,
            which,
            request.body,
            request.ip,
          ),
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
      handler: (request) => service.deleteShift(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/restaurant/:restId/workhour-signature', {
      schema: {
        tags: ['work-hours'],
        summary: 'Store a signature (a PNG data URL) and answer the URL to send with a change',
        description: 'Also from a paired device of the restaurant, for the signature at clock-out.',
        params: ZRestParams,
        body: ZSignatureRequest,
        response: { 200: ZSignatureResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      bodyLimit: 600_000,
      handler: (request) => service.storeSignature(authOf(request), request.params.restId, request.body.imageDataURL),
    });

    app.get('/api/api/restaurant/:restId/workhour-signature/:name', {
      schema: {
        tags: ['work-hours'],
        summary: 'A stored signature image (PNG)',
        params: ZRestParams.extend({ name: z.string().max(64) }),
      },
      config: { access: VIEW },
      handler: async (request, reply) => {
        const bytes = await service.readSignature(authOf(request), request.params.restId, request.params.name);
        return reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=86400').send(bytes);
      },
    });

    app.get('/api/api/work-hours/settings', {
      schema: {
        tags: ['work-hours'],
        summary: 'Pay period, overtime rules and the work-hour config flags',
        response: { 200: ZWorkHoursSettings },
      },
      config: { access: VIEW },
      handler: (request) => service.settings(authOf(request)),
    });

    app.put('/api/api/work-hours/settings', {
      schema: {
        tags: ['work-hours'],
        summary: 'Set the pay period (and the day that starts one) and the overtime rule set',
        body: ZWorkHoursSettingsUpdate,
        response: { 200: ZWorkHoursSettings },
      },
      config: { access: EDIT },
      handler: (request) => service.updateSettings(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/work-hours/wages', {
      schema: {
        tags: ['work-hours'],
        summary: 'Hourly wages per role and per employee',
        response: { 200: ZWagesResponse },
      },
      config: { access: EDIT },
      handler: (request) => service.wages(authOf(request)),
    });

    app.put('/api/api/work-hours/wages', {
      schema: {
        tags: ['work-hours'],
        summary: 'Set (or with null remove) the hourly wage of a role or an employee',
        body: ZWageUpdate,
        response: { 200: ZWagesResponse },
      },
      config: { access: EDIT },
      handler: (request) => service.setWage(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/work-hours/labor', {
      schema: {
        tags: ['work-hours'],
        summary: 'Labour cost against net sales per business day and per hour of the day (the analytic center)',
        description: 'from..to are business days, at most 366 of them. Those who may edit work hours only.',
        querystring: ZLaborQuery,
        response: { 200: ZLaborResponse },
      },
      config: { access: EDIT },
      handler: (request) => service.labor(authOf(request), request.query.from, request.query.to),
    });

    app.post('/api/api/work-hours/periods/close', {
      schema: {
        tags: ['work-hours'],
        summary: 'Close (lock) an ended pay period after review, optionally signed',
        body: ZPeriodCloseRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT },
      handler: (request) => service.closePeriod(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/work-hours/periods/reopen', {
      schema: {
        tags: ['work-hours'],
        summary: 'Reopen a closed pay period, with a reason (audited and shown on the sheet)',
        body: ZPeriodReopenRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT },
      handler: (request) => service.reopenPeriod(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/work-hours/periods/export', {
      schema: {
        tags: ['work-hours'],
        summary: 'Payroll of a closed pay period, CSV or XLSX',
        querystring: ZPeriodExportQuery,
      },
      config: { access: EDIT },
      handler: async (request, reply) => {
        const { format, start } = request.query;
        const payroll = await service.payroll(authOf(request), start);
        const name = exportFileName({
          restaurant: payroll.restaurant,
          title: 'Payroll',
          from: payroll.period.start,
          to: payroll.period.end,
          format,
        });
        reply.header('content-disposition', attachmentHeader(name));
        if (format === 'xlsx') {
          return reply
            .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .send(await payrollXlsx(payroll.lines, 'Payroll'));
        }
        return reply.header('content-type', 'text/csv; charset=utf-8').send(payrollCsv(payroll.lines));
      },
    });

    app.post('/api/api/work-hours/pos/pin-in', {
      schema: {
        tags: ['work-hours'],
        summary: 'POS: who this PIN is, refused with 409 when their role requires clocking in first',
        description: 'A staff session at the restaurant, or a paired device of the restaurant (its own credential).',
        body: ZPosPinInRequest,
        response: { 200: ZPosPinInResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      handler: (request) => service.posPinIn(authOf(request), request.body.pin),
    });

    app.post('/api/api/work-hours/pos/clock', {
      schema: {
        tags: ['work-hours'],
        summary: 'POS: clock the employee with this PIN in or out now (declared tips, signature, waiting time)',
        description:
          'A staff session at the restaurant, or a paired device of the restaurant (its own credential); ' +
          'the PIN decides who. A device is scoped to the restaurant it was paired at.',
        body: ZPosClockRequest,
        response: { 200: ZPosClockResponse },
      },
      config: { access: AT_RESTAURANT, devices: true },
      handler: (request) => service.posClock(authOf(request), request.body, request.ip),
    });
  };
}
