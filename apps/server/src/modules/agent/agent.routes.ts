import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOTIFICATION_FILE_MAX_BYTES,
  ZAgentDashboard,
  ZAgentMe,
  ZApplicationMessageResponse,
  ZApplicationsQuery,
  ZApplicationsResponse,
  ZApplyRequest,
  ZApproveApplicationResponse,
  ZApproveEarningsResponse,
  ZClawbackRequest,
  ZCommissionRuleRequest,
  ZCommissionRulesResponse,
  ZComputeEarningsResponse,
  ZCreatedResponse,
  ZEarningsExportQuery,
  ZEarningsQuery,
  ZEarningsResponse,
  ZIdParam,
  ZInboxResponse,
  ZInviteMemberResponse,
  ZInviteMemberRequest,
  ZListQuery,
  ZNotificationFields,
  ZNotificationReads,
  ZNotificationSentResponse,
  ZPaycheck,
  ZPaycheckPdfQuery,
  ZPaychecksResponse,
  ZPeriodRequest,
  ZPortfolioQuery,
  ZPortfolioResponse,
  ZPortfolioUpdate,
  ZRejectRequest,
  ZSentNotificationsResponse,
  ZTeamResponse,
  ZUpdateMemberRequest,
  ZXidParam,
} from '@ra/shared/agent/agent.schemas';
import { ZOkResponse } from '@ra/shared/auth/auth.schemas';
import { payPeriodOf } from '@ra/shared/agent/pay-periods';
import { attachmentHeader } from '@ra/shared/reports/export-file';
import { FieldError } from '../../lib/errors.ts';
import { uploadCutOff } from '../../lib/uploads.ts';
import { authOf, type TRouteAccess } from '../../plugins/access-control.ts';
import { fieldError } from './agent-scope.ts';
import type { AgentService } from './agent.service.ts';
import type { ApplicationsService } from './applications.service.ts';
import type { CommissionRulesService } from './commission-rules.service.ts';
import type { EarningsService } from './earnings.service.ts';
import type { NotificationsService, TUpload } from './notifications.service.ts';

/**
 * The agent area's calls (issue 13). Agent routes are 'authenticated' at the guard (an agent has no
 * restaurant selected) and the service then requires an agent or team account and scopes every query
 * to the caller's subtree (agent-scope.ts). The restaurant's side of notifications needs a restaurant.
 */
const AGENT: TRouteAccess = { kind: 'authenticated' };
const RESTAURANT: TRouteAccess = { kind: 'restaurant' };
const tags = ['agent'];

export interface TAgentServices {
  agent: AgentService;
  rules: CommissionRulesService;
  earnings: EarningsService;
  notifications: NotificationsService;
  applications: ApplicationsService;
}

/** A comma-separated list of xids from a multipart field. */
const xidList = (field: string): string[] =>
  field
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

export function agentRoutes(s: TAgentServices): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart only for this module's notification upload (unless the app already parses it).
    if (!app.hasContentTypeParser('multipart/form-data')) {
      await app.register(fastifyMultipart, {
        limits: { fileSize: NOTIFICATION_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 128 * 1024 },
      });
    }
    const scope = (request: Parameters<typeof authOf>[0]) => s.agent.scope(authOf(request));

    app.get('/api/api/agent/me', {
      schema: {
        tags,
        summary: 'The caller in the agent area: name, node, team role, referral code',
        response: { 200: ZAgentMe },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.me(authOf(request)),
    });

    // --- portfolio -------------------------------------------------------------------------------
    app.get('/api/api/agent/portfolio', {
      schema: {
        tags,
        summary: "Restaurants of the caller's tree (a member: those assigned), searched and paged",
        querystring: ZPortfolioQuery,
        response: { 200: ZPortfolioResponse },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.portfolio(authOf(request), request.query),
    });
    app.put('/api/api/agent/portfolio/:xid', {
      schema: {
        tags,
        summary: "A restaurant's status and plan (team admin)",
        params: ZXidParam,
        body: ZPortfolioUpdate,
        response: { 200: ZOkResponse },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.updatePortfolio(authOf(request), request.params.xid, request.body, request.ip),
    });
    app.get('/api/api/agent/dashboard', {
      schema: {
        tags,
        summary: 'Portfolio dashboard: live, new this month, quiet 3 days, earnings this month',
        response: { 200: ZAgentDashboard },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.dashboard(authOf(request)),
    });

    // --- team ------------------------------------------------------------------------------------
    app.get('/api/api/agent/team', {
      schema: {
        tags,
        summary: 'Team members of the caller’s node (a member sees only themselves)',
        response: { 200: ZTeamResponse },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.team(authOf(request)),
    });
    app.post('/api/api/agent/team/invite', {
      schema: {
        tags,
        summary: 'Invite a team member by email (link valid 7 days); 503 and nothing kept when the email fails',
        body: ZInviteMemberRequest,
        response: { 200: ZInviteMemberResponse },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.invite(authOf(request), request.body, request.ip, originOf(request)),
    });
    app.put('/api/api/agent/team/:xid', {
      schema: {
        tags,
        summary: 'Change a member’s team role, assigned restaurants or status (inactive ends their sessions)',
        params: ZXidParam,
        body: ZUpdateMemberRequest,
        response: { 200: ZOkResponse },
      },
      config: { access: AGENT },
      handler: (request) => s.agent.updateMember(authOf(request), request.params.xid, request.body, request.ip),
    });

    // --- commission rules, earnings, paychecks ---------------------------------------------------
    app.get('/api/api/agent/commission-rules', {
      schema: { tags, summary: 'Commission rules (team admin)', response: { 200: ZCommissionRulesResponse } },
      config: { access: AGENT },
      handler: async (request) => s.rules.list(await scope(request)),
    });
    app.post('/api/api/agent/commission-rules', {
      schema: {
        tags,
        summary: 'Add a commission rule for one restaurant or one plan (team admin)',
        body: ZCommissionRuleRequest,
        response: { 200: ZCreatedResponse },
      },
      config: { access: AGENT },
      handler: async (request) => s.rules.create(await scope(request), request.body, request.ip),
    });
    app.post('/api/api/agent/earnings/compute', {
      schema: {
        tags,
        summary: 'Compute the pay period’s commissions as pending (team admin)',
        body: ZPeriodRequest,
        response: { 200: ZComputeEarningsResponse },
      },
      config: { access: AGENT },
      handler: async (request) => ({
        ok: true as const,
        ...(await s.earnings.compute(await scope(request), payPeriodOf(request.body.periodStart), request.ip)),
      }),
    });
    app.post('/api/api/agent/earnings/approve', {
      schema: {
        tags,
        summary: 'Approve the pay period’s pending commissions (team admin)',
        body: ZPeriodRequest,
        response: { 200: ZApproveEarningsResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.earnings.approvePeriod(await scope(request), payPeriodOf(request.body.periodStart), request.ip),
    });
    app.get('/api/api/agent/earnings', {
      schema: {
        tags,
        summary: 'The payment report of a pay period, per restaurant, with what each figure is made of',
        querystring: ZEarningsQuery,
        response: { 200: ZEarningsResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.earnings.list(await scope(request), payPeriodOf(request.query.periodStart), request.query.status),
    });
    app.get('/api/api/agent/earnings/export', {
      schema: { tags, summary: 'The payment report as CSV or XLSX', querystring: ZEarningsExportQuery },
      config: { access: AGENT },
      handler: async (request, reply) => {
        const file = await s.earnings.report(
          await scope(request),
          payPeriodOf(request.query.periodStart),
          request.query.status,
          request.query.format,
        );
        return reply
          .header('content-disposition', attachmentHeader(file.fileName))
          .header('content-type', file.contentType)
          .send(file.body);
      },
    });
    app.post('/api/api/agent/earnings/:id/clawback', {
      schema: {
        tags,
        summary: 'Reverse (part of) a commission as its own negative row with a reason (team admin)',
        params: ZIdParam,
        body: ZClawbackRequest,
        response: { 200: ZCreatedResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.earnings.clawback(await scope(request), request.params.id, request.body, request.ip),
    });
    app.get('/api/api/agent/paychecks', {
      schema: {
        tags,
        summary: 'Paychecks: period, start, end, paid on, net pay (team admin)',
        response: { 200: ZPaychecksResponse },
      },
      config: { access: AGENT },
      handler: async (request) => s.earnings.paychecks(await scope(request)),
    });
    app.post('/api/api/agent/paychecks/close', {
      schema: {
        tags,
        summary: 'Close an ended pay period into a paycheck (minimum payout, carry-over)',
        body: ZPeriodRequest,
        response: { 200: ZPaycheck },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.earnings.closePeriod(await scope(request), payPeriodOf(request.body.periodStart), request.ip),
    });
    app.post('/api/api/agent/paychecks/:id/pay', {
      schema: {
        tags,
        summary: 'Record a paycheck paid (platform staff); needs the agent’s verified bank account',
        params: ZIdParam,
        response: { 200: ZPaycheck },
      },
      config: { access: { kind: 'admin' } },
      handler: (request) => s.earnings.pay(authOf(request), request.params.id, request.ip),
    });
    app.get('/api/api/agent/paychecks/:id/pdf', {
      schema: {
        tags,
        summary: 'A paycheck statement as PDF, in English or Chinese',
        params: ZIdParam,
        querystring: ZPaycheckPdfQuery,
      },
      config: { access: AGENT },
      handler: async (request, reply) => {
        const file = await s.earnings.statementPdf(await scope(request), request.params.id, request.query.lang);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', attachmentHeader(file.fileName))
          .send(file.body);
      },
    });

    // --- notification center ---------------------------------------------------------------------
    app.post('/api/api/agent/notifications', {
      schema: {
        tags,
        summary:
          'Send a notification (multipart: all, or restaurantXids and/or nodeXids ticked in the tree, messageEn, messageZh, optional file ≤ 10 MB)',
        response: { 200: ZNotificationSentResponse },
      },
      bodyLimit: NOTIFICATION_FILE_MAX_BYTES + 512 * 1024,
      config: { access: AGENT },
      handler: async (request) => {
        const sc = await scope(request);
        if (!request.isMultipart()) throw fieldError('file', 'agent.fileType');
        const fields: Record<string, string> = {};
        let file: TUpload | null = null;
        try {
          for await (const part of request.parts({ limits: { fileSize: NOTIFICATION_FILE_MAX_BYTES, files: 1 } })) {
            if (part.type === 'field') {
              if (typeof part.value === 'string') fields[part.fieldname] = part.value;
              continue;
            }
            const bytes = await part.toBuffer();
            if (bytes.length > 0) file = { fileName: part.filename || 'file', bytes };
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
            throw fieldError('file', 'agent.fileTooLarge');
          throw uploadCutOff(request, error);
        }
        const parsed = ZNotificationFields.safeParse(fields);
        if (!parsed.success) {
          // A 400 naming each bad field, as a JSON body's schema would, never a 500 from a throwing parse.
          const [first, ...rest] = parsed.error.issues.map((i) => [i.path.map(String).join('.') || 'body', i.message]);
          const refusal = new FieldError(first![0]!, first![1]!);
          for (const [field, message] of rest) refusal.errors[field!] ??= message!;
          throw refusal;
        }
        const body = parsed.data;
        return s.notifications.send(
          sc,
          {
            all: body.all === 'true',
            restaurantXids: xidList(body.restaurantXids),
            nodeXids: xidList(body.nodeXids),
            messageEn: body.messageEn,
            messageZh: body.messageZh,
            file,
          },
          request.ip,
        );
      },
    });
    app.get('/api/api/agent/notifications', {
      schema: {
        tags,
        summary: 'Notifications sent, with how many restaurants read each',
        querystring: ZListQuery,
        response: { 200: ZSentNotificationsResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.notifications.sent(await scope(request), request.query.page, request.query.pageSize),
    });
    app.get('/api/api/agent/notifications/:id', {
      schema: {
        tags,
        summary: 'Who read a notification and when',
        params: ZIdParam,
        response: { 200: ZNotificationReads },
      },
      config: { access: AGENT },
      handler: async (request) => s.notifications.reads(await scope(request), request.params.id),
    });
    app.get('/api/api/agent/notifications/:id/file', {
      schema: { tags, summary: 'The file sent with a notification (its sender’s copy)', params: ZIdParam },
      config: { access: AGENT },
      handler: async (request, reply) => {
        const file = await s.notifications.file(authOf(request), request.params.id, await scope(request));
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', attachmentHeader(file.fileName))
          .send(file.bytes);
      },
    });
    app.get('/api/api/notifications/inbox', {
      schema: {
        tags,
        summary: 'The restaurant’s notifications from its agent, with the unread count',
        response: { 200: ZInboxResponse },
      },
      config: { access: RESTAURANT },
      handler: (request) => s.notifications.inbox(authOf(request)),
    });
    app.post('/api/api/notifications/:id/read', {
      schema: {
        tags,
        summary: 'Mark a notification read for the restaurant',
        params: ZIdParam,
        response: { 200: ZOkResponse },
      },
      config: { access: RESTAURANT },
      handler: (request) => s.notifications.markRead(authOf(request), request.params.id),
    });
    app.get('/api/api/notifications/:id/file', {
      schema: { tags, summary: 'Download the file of a notification sent to the restaurant', params: ZIdParam },
      config: { access: RESTAURANT },
      handler: async (request, reply) => {
        const file = await s.notifications.file(authOf(request), request.params.id, null);
        return reply
          .header('content-type', file.mime)
          .header('content-disposition', attachmentHeader(file.fileName))
          .send(file.bytes);
      },
    });

    // --- applications ----------------------------------------------------------------------------
    app.get('/api/api/agent/applications', {
      schema: {
        tags,
        summary: 'Member and restaurant applications, filtered by kind and state (team admin)',
        querystring: ZApplicationsQuery,
        response: { 200: ZApplicationsResponse },
      },
      config: { access: AGENT },
      handler: async (request) => s.applications.list(await scope(request), request.query),
    });
    app.post('/api/api/agent/applications/:id/approve', {
      schema: {
        tags,
        summary: 'Approve: a restaurant opens under the tree with its owner invited; a member joins the team',
        params: ZIdParam,
        response: { 200: ZApproveApplicationResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.applications.approve(await scope(request), request.params.id, request.ip, originOf(request)),
    });
    app.post('/api/api/agent/applications/:id/reject', {
      schema: {
        tags,
        summary: 'Reject with a reason from the fixed list and a note',
        params: ZIdParam,
        body: ZRejectRequest,
        response: { 200: ZApplicationMessageResponse },
      },
      config: { access: AGENT },
      handler: async (request) =>
        s.applications.reject(await scope(request), request.params.id, request.body, request.ip),
    });
    app.post('/api/api/agent-apply', {
      schema: {
        tags,
        summary: 'Public application form behind an agent’s referral link (ref = the agent node id)',
        body: ZApplyRequest,
        response: { 200: ZApplicationMessageResponse },
      },
      // Public: the applicant has no account yet. Rate limiting is the gateway's (docs/decisions.md).
      config: { access: { kind: 'public' } },
      handler: (request) => s.applications.apply(request.body),
    });
  };
}
