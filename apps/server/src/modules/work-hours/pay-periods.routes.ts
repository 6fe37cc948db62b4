import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import {
  ZPeriodCloseRequest,
  ZPeriodExportQuery,
  ZPeriodReopenRequest,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { PayPeriodsService } from './pay-periods.service.ts';
import type { PayrollService } from './payroll.service.ts';
import { EDIT } from './work-hours.access.ts';

/** Pay periods: close, reopen, and the payroll export of a closed one. */
export function payPeriodsRoutes(periods: PayPeriodsService, payroll: PayrollService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/api/work-hours/periods/close', {
      schema: {
        tags: ['work-hours'],
        summary: 'Close (lock) an ended pay period after review, optionally signed',
        body: ZPeriodCloseRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT },
      handler: (request) => periods.closePeriod(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/work-hours/periods/reopen', {
      schema: {
        tags: ['work-hours'],
        summary: 'Reopen a closed pay period, with a reason (audited and shown on the sheet)',
        body: ZPeriodReopenRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: EDIT },
      handler: (request) => periods.reopenPeriod(authOf(request), request.body, request.ip),
    });

    app.get('/api/api/work-hours/periods/export', {
      schema: {
        tags: ['work-hours'],
        summary: 'Payroll of a closed pay period, CSV or XLSX',
        querystring: ZPeriodExportQuery,
      },
      config: { access: EDIT },
      handler: async (request, reply) => {
        const file = await payroll.exportFile(authOf(request), request.query.start, request.query.format);
        return reply
          .header('content-disposition', file.contentDisposition)
          .header('content-type', file.contentType)
          .send(file.body);
      },
    });
  };
}
