import {
  ZTipExportQuery,
  ZTipPeriodQuery,
  ZTipPeriodResponse,
  ZTipPreviewResponse,
  ZTipRule,
  ZTipRuleResponse,
} from '@ra/shared/tips/tips.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import { EDIT, OWN, VIEW } from './tips.access.ts';
import type { TipsService } from './tips.service.ts';

/** Tips (issue 23): the rule, its worked example, a pay period's tips and export, and one's own tips. */
export function tipsRoutes(tips: TipsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/tips/rule', {
      schema: {
        tags: ['tips'],
        summary: 'The restaurant’s tip rule and its roles',
        response: { 200: ZTipRuleResponse },
      },
      config: { access: VIEW },
      handler: (request) => tips.rule(authOf(request)),
    });

    app.put('/api/api/tips/rule', {
      schema: {
        tags: ['tips'],
        summary: 'Save the tip rule: pools by role, tip-outs, what counts, the period (audited)',
        body: ZTipRule,
        response: { 200: ZTipRuleResponse },
      },
      config: { access: EDIT },
      handler: (request) => tips.saveRule(authOf(request), request.body, request.ip),
    });

    app.post('/api/api/tips/rule/preview', {
      schema: {
        tags: ['tips'],
        summary: 'The worked example: a rule applied to the last ended pay period, without saving it',
        body: ZTipRule,
        response: { 200: ZTipPreviewResponse },
      },
      config: { access: EDIT },
      handler: (request) => tips.preview(authOf(request), request.body),
    });

    app.get('/api/api/tips/period', {
      schema: {
        tags: ['tips'],
        summary: 'A pay period’s tips: pools, each employee’s share, hours and tips per hour',
        querystring: ZTipPeriodQuery,
        response: { 200: ZTipPeriodResponse },
      },
      config: { access: VIEW },
      handler: (request) => tips.period(authOf(request), request.query.start),
    });

    app.get('/api/api/tips/period/export', {
      schema: { tags: ['tips'], summary: 'A pay period’s tips, CSV or XLSX', querystring: ZTipExportQuery },
      config: { access: EDIT },
      handler: async (request, reply) => {
        const file = await tips.exportFile(authOf(request), request.query.start, request.query.format);
        return reply
          .header('content-disposition', file.contentDisposition)
          .header('content-type', file.contentType)
          .send(file.body);
      },
    });

    app.get('/api/api/tips/mine', {
      schema: {
        tags: ['tips'],
        summary: 'The caller’s own tips for a pay period (nobody else’s)',
        querystring: ZTipPeriodQuery,
        response: { 200: ZTipPeriodResponse },
      },
      config: { access: OWN },
      handler: (request) => tips.mine(authOf(request), request.query.start),
    });
  };
}
