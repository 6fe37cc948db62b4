import { z } from 'zod';
import { ZOkResponse } from '../auth/auth.schemas.ts';
import { EMAIL } from '../validation/rules.ts';
import { zIsoDay } from '../validation/dates.ts';
import { zText } from '../validation/text.ts';
import { AGENT_MESSAGES, type TAgentMessageKey } from './agent.messages.ts';
import { COMMISSION_BASES, PLANS } from './commission.ts';
import { isPayPeriodStart } from './pay-periods.ts';
import { TEAM_PLACES, TEAM_ROLES, type TTeamRole } from './team-authority.ts';

export { TEAM_ROLES, type TTeamRole };
import { ZIdParam } from '../validation/limits.ts';

/**
 * Request and response shapes of the agent area (SPEC 1 agent/team area, 3 "Agent", 4 application
 * states, 6). Routes live under /api/api/agent/…; the restaurant's side of notifications under
 * /api/api/notifications/…; the public application form posts to /api/api/agent-apply.
 */

const en = (key: TAgentMessageKey) => AGENT_MESSAGES[key].en;

export const PORTFOLIO_STATUSES = ['live', 'onboarding', 'paused', 'churned'] as const;
export type TPortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];
export const EARNING_STATUSES = ['pending', 'approved', 'paid'] as const;
export type TEarningStatus = (typeof EARNING_STATUSES)[number];
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_KINDS = ['restaurant', 'member'] as const;
export type TApplicationKind = (typeof APPLICATION_KINDS)[number];
/** Issue 13: the fixed list a rejection picks from (plus a note). */
export const REJECT_REASONS = ['needsMoreDetail', 'doesNotMeetRequirements', 'notTheRightFit', 'other'] as const;
export type TRejectReason = (typeof REJECT_REASONS)[number];
export const NOTIFICATION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const NOTIFICATION_MESSAGE_MAX = 2000;

const requiredText = (key: TAgentMessageKey, max = 100) =>
  zText({ error: en(key) })
    .trim()
    .min(1, en(key))
    .max(max);
const ZEmail = zText({ error: en('agent.emailInvalid') })
  .trim()
  .regex(EMAIL, en('agent.emailInvalid'))
  .max(254, en('agent.emailInvalid'))
  .transform((e) => e.toLowerCase());
/** A day in a request: the shared date type, so its years are bounded like every other route's. */
const ZDay = zIsoDay();
const ZPage = z.coerce.number().int().min(1).max(10_000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(100).default(20);

export const ZXidParam = z.object({
  xid: zText()
    .regex(/^[NU]\d{1,12}$/)
    .max(13),
});
export { ZIdParam };

// --- portfolio -----------------------------------------------------------------------------------

export const ZPortfolioQuery = z.object({
  q: zText().trim().max(100).optional(),
  status: z.enum(PORTFOLIO_STATUSES).optional(),
  page: ZPage,
  pageSize: ZPageSize,
});
export type TPortfolioQuery = z.infer<typeof ZPortfolioQuery>;

export const ZPortfolioRow = z.object({
  xid: z.string(),
  name: z.string(),
  city: z.string(),
  /** The restaurant's IANA zone ('Unknown' until chosen): its times are shown in it, named. */
  timeZone: z.string(),
  status: z.enum(PORTFOLIO_STATUSES),
  plan: z.enum(PLANS),
  monthlyFeeCents: z.number().int(),
  since: z.string().nullable(),
  lastOrderAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  /** No order for 3 days or more (issue 13 dashboard flag). */
  quiet: z.boolean(),
  monthSalesCents: z.number().int(),
  /** This month's net sales per day, day 1 first, up to today. */
  trend: z.array(z.number().int()),
  assignedTo: z.array(z.object({ xid: z.string(), name: z.string() })),
});
export type TPortfolioRow = z.infer<typeof ZPortfolioRow>;
export const ZPortfolioResponse = z.object({
  items: z.array(ZPortfolioRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPortfolioResponse = z.infer<typeof ZPortfolioResponse>;

export const ZPortfolioUpdate = z.object({
  status: z.enum(PORTFOLIO_STATUSES).optional(),
  plan: z.enum(PLANS).optional(),
});

export const ZAgentDashboard = z.object({
  month: z.string(),
  total: z.number().int(),
  live: z.number().int(),
  newThisMonth: z.number().int(),
  quiet: z.array(z.object({ xid: z.string(), name: z.string(), lastOrderAt: z.string().nullable() })),
  earningsThisMonthCents: z.number().int(),
  pendingApplications: z.number().int(),
});
export type TAgentDashboard = z.infer<typeof ZAgentDashboard>;

/** Who is calling the agent area and what they may do (the web shows or hides admin actions with it). */
export const ZAgentMe = z.object({
  name: z.string(),
  nodeXid: z.string(),
  nodeName: z.string(),
  teamRole: z.enum(TEAM_ROLES),
  referralCode: z.string(),
  /** The caller's login id, place in the node and platform staff flag (team-authority.ts). */
  xid: z.string(),
  place: z.enum(TEAM_PLACES),
  platformStaff: z.boolean(),
});
export type TAgentMe = z.infer<typeof ZAgentMe>;

// --- team ----------------------------------------------------------------------------------------

export const ZInviteMemberRequest = z.object({
  firstName: requiredText('agent.firstNameRequired', 50),
  lastName: requiredText('agent.lastNameRequired', 50),
  email: ZEmail,
  teamRole: z.enum(TEAM_ROLES).default('member'),
});
export type TInviteMemberRequest = z.input<typeof ZInviteMemberRequest>;

export const ZUpdateMemberRequest = z.object({
  teamRole: z.enum(TEAM_ROLES).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  restaurantXids: z
    .array(
      zText()
        .regex(/^N\d{1,12}$/)
        .max(13),
    )
    .max(5000)
    .optional(),
});
export type TUpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;

export const ZTeamMember = z.object({
  xid: z.string(),
  name: z.string(),
  email: z.string(),
  teamRole: z.enum(TEAM_ROLES),
  status: z.enum(['active', 'inactive', 'invited']),
  restaurants: z.array(z.object({ xid: z.string(), name: z.string() })),
  inviteExpiresAt: z.string().nullable(),
  /** When they last signed in; null when never. */
  lastSignInAt: z.string().nullable(),
  /** Where they stand in the node and whether they are platform staff (team-authority.ts). */
  place: z.enum(TEAM_PLACES),
  platformStaff: z.boolean(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;
export const ZTeamResponse = z.object({ items: z.array(ZTeamMember) });

// --- commission rules and earnings ---------------------------------------------------------------

export const ZCommissionRuleRequest = z
  .object({
    restaurantXid: zText()
      .regex(/^N\d{1,12}$/)
      .max(13)
      .nullable()
      .default(null),
    plan: z.enum(PLANS).nullable().default(null),
    basis: z.enum(COMMISSION_BASES),
    rateBps: z
      .number({ error: en('agent.rateRequired') })
      .int(en('agent.rateRequired'))
      .min(1, en('agent.rateRequired'))
      .max(10_000, en('agent.rateRequired')),
    startsOn: ZDay.or(z.undefined()).refine((v) => v !== undefined, en('agent.startDateRequired')),
    endsOn: ZDay.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if ((body.restaurantXid === null) === (body.plan === null))
      ctx.addIssue({ code: 'custom', path: ['restaurantXid'], message: en('agent.ruleTargetRequired') });
    if (body.startsOn && body.endsOn !== null && body.endsOn < body.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: en('agent.endBeforeStart') });
  });
export type TCommissionRuleRequest = z.input<typeof ZCommissionRuleRequest>;

export const ZCommissionRule = z.object({
  id: z.number().int(),
  restaurant: z.object({ xid: z.string(), name: z.string() }).nullable(),
  plan: z.enum(PLANS).nullable(),
  basis: z.enum(COMMISSION_BASES),
  rateBps: z.number().int(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
});
export type TCommissionRule = z.infer<typeof ZCommissionRule>;
export const ZCommissionRulesResponse = z.object({ items: z.array(ZCommissionRule) });

export const ZPeriodRequest = z.object({
  periodStart: ZDay.refine(isPayPeriodStart, en('agent.periodInvalid')),
});
export const ZEarningsQuery = z.object({
  periodStart: ZDay.refine(isPayPeriodStart, en('agent.periodInvalid')),
  status: z.enum(EARNING_STATUSES).optional(),
});
export const ZEarningsExportQuery = ZEarningsQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const ZSegment = z.object({
  from: z.string(),
  to: z.string(),
  ruleId: z.number().int(),
  rateBps: z.number().int(),
  days: z.number().int(),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
});
export const ZEarning = z.object({
  id: z.number().int(),
  restaurant: z.object({ xid: z.string(), name: z.string() }),
  periodStart: z.string(),
  periodEnd: z.string(),
  kind: z.enum(['commission', 'clawback']),
  basis: z.enum(COMMISSION_BASES),
  baseCents: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(EARNING_STATUSES),
  reason: z.string().nullable(),
  reversesId: z.number().int().nullable(),
  segments: z.array(ZSegment),
});
export type TEarning = z.infer<typeof ZEarning>;
export const ZEarningsResponse = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  items: z.array(ZEarning),
  totals: z.object({ pendingCents: z.number().int(), approvedCents: z.number().int(), paidCents: z.number().int() }),
});
export type TEarningsResponse = z.infer<typeof ZEarningsResponse>;

export const ZClawbackRequest = z.object({
  reason: requiredText('agent.clawbackReasonRequired', 300),
  /** Positive cents to take back; the whole remaining commission when absent. */
  amountCents: z.number().int().positive().optional(),
});

// --- paychecks -----------------------------------------------------------------------------------

export const ZPaycheck = z.object({
  id: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  earnedCents: z.number().int(),
  carriedInCents: z.number().int(),
  netPayCents: z.number().int(),
  carriedOutCents: z.number().int(),
  status: z.enum(['due', 'paid', 'carried']),
  paidOn: z.string().nullable(),
});
export type TPaycheck = z.infer<typeof ZPaycheck>;
export const ZPaychecksResponse = z.object({ items: z.array(ZPaycheck), minimumPayoutCents: z.number().int() });
export const ZPaycheckPdfQuery = z.object({ lang: z.enum(['en', 'zh']).default('en') });

// --- notifications -------------------------------------------------------------------------------

/** The text fields of the multipart send form (the file, if any, is its `file` part). */
export const ZNotificationFields = z
  .object({
    all: z.enum(['true', 'false']).default('false'),
    /** Comma-separated node xids of the chosen restaurants. */
    restaurantXids: zText().max(100_000).default(''),
    /**
     * Comma-separated xids of nodes ticked in the tree (agents, teams or restaurants): each stands for
     * every restaurant under it that the caller reaches. Expanded on the server.
     */
    nodeXids: zText().max(100_000).default(''),
    messageEn: zText().trim().max(NOTIFICATION_MESSAGE_MAX).default(''),
    messageZh: zText().trim().max(NOTIFICATION_MESSAGE_MAX).default(''),
  })
  .superRefine((body, ctx) => {
    if (!body.messageEn) ctx.addIssue({ code: 'custom', path: ['messageEn'], message: en('agent.messageRequired') });
    if (!body.messageZh) ctx.addIssue({ code: 'custom', path: ['messageZh'], message: en('agent.messageRequired') });
    if (body.all !== 'true' && !body.restaurantXids.trim() && !body.nodeXids.trim())
      ctx.addIssue({ code: 'custom', path: ['restaurantXids'], message: en('agent.recipientsRequired') });
  });

export const ZSentNotification = z.object({
  id: z.number().int(),
  messageEn: z.string(),
  messageZh: z.string(),
  fileName: z.string().nullable(),
  sentAt: z.string(),
  sender: z.string(),
  recipients: z.number().int(),
  read: z.number().int(),
});
export type TSentNotification = z.infer<typeof ZSentNotification>;
export const ZSentNotificationsResponse = z.object({ items: z.array(ZSentNotification), total: z.number().int() });
export const ZListQuery = z.object({ page: ZPage, pageSize: ZPageSize });

export const ZNotificationReads = z.object({
  notification: ZSentNotification,
  deliveries: z.array(
    z.object({
      restaurant: z.object({ xid: z.string(), name: z.string() }),
      readAt: z.string().nullable(),
      readBy: z.string().nullable(),
    }),
  ),
});
export type TNotificationReads = z.infer<typeof ZNotificationReads>;

export const ZInboxItem = z.object({
  id: z.number().int(),
  from: z.string(),
  messageEn: z.string(),
  messageZh: z.string(),
  fileName: z.string().nullable(),
  sentAt: z.string(),
  readAt: z.string().nullable(),
});
export type TInboxItem = z.infer<typeof ZInboxItem>;
export const ZInboxResponse = z.object({ items: z.array(ZInboxItem), unread: z.number().int() });
export type TInboxResponse = z.infer<typeof ZInboxResponse>;

// --- applications --------------------------------------------------------------------------------

export const ZApplicationsQuery = z.object({
  kind: z.enum(APPLICATION_KINDS).optional(),
  status: z.enum(APPLICATION_STATUSES).optional(),
  page: ZPage,
  pageSize: ZPageSize,
});

export const ZApplication = z.object({
  id: z.number().int(),
  kind: z.enum(APPLICATION_KINDS),
  status: z.enum(APPLICATION_STATUSES),
  businessName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  state: z.string(),
  plan: z.enum(PLANS).nullable(),
  message: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewer: z.string().nullable(),
  rejectReason: z.enum(REJECT_REASONS).nullable(),
  rejectNote: z.string().nullable(),
  created: z.object({ xid: z.string(), name: z.string() }).nullable(),
});
export type TApplication = z.infer<typeof ZApplication>;
export const ZApplicationsResponse = z.object({ items: z.array(ZApplication), total: z.number().int() });
export type TApplicationsResponse = z.infer<typeof ZApplicationsResponse>;

export const ZRejectRequest = z.object({
  reason: z.enum(REJECT_REASONS, { error: en('agent.rejectReasonRequired') }),
  note: requiredText('agent.rejectNoteRequired', 500),
});
export type TRejectRequest = z.infer<typeof ZRejectRequest>;

/** The public application form (issue 13: a restaurant applies under an agent's referral link). */
export const ZApplyRequest = z
  .object({
    ref: zText()
      .trim()
      .regex(/^N\d{1,12}$/, en('agent.referralInvalid'))
      .max(13, en('agent.referralInvalid')),
    kind: z.enum(APPLICATION_KINDS).default('restaurant'),
    businessName: zText().trim().max(100).default(''),
    firstName: requiredText('agent.firstNameRequired', 50),
    lastName: requiredText('agent.lastNameRequired', 50),
    email: ZEmail,
    phone: zText().trim().max(30).default(''),
    city: zText().trim().max(60).default(''),
    state: zText().trim().max(30).default(''),
    plan: z.enum(PLANS).nullable().default(null),
    message: zText().trim().max(1000).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'restaurant' && !body.businessName)
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: en('agent.businessNameRequired') });
  });
export type TApplyRequest = z.input<typeof ZApplyRequest>;

export const ZOkMessage = z.object({ ok: z.literal(true), message: z.string().optional() });

// --- answers of the agent area's writes ------------------------------------------------------------

/** A team member invited: the new account's xid (the email with its link has left). */
export const ZInviteMemberResponse = ZOkResponse.extend({ xid: z.string() });
export type TInviteMemberResponse = z.infer<typeof ZInviteMemberResponse>;
/** A row written (a commission rule, a clawback): its id. */
export const ZCreatedResponse = ZOkResponse.extend({ id: z.number().int() });
export type TCreatedResponse = z.infer<typeof ZCreatedResponse>;
/** A pay period computed as pending: restaurants read, earning rows written, and their total. */
export const ZComputeEarningsResponse = ZOkResponse.extend({
  restaurants: z.number().int(),
  rows: z.number().int(),
  totalCents: z.number().int(),
});
export type TComputeEarningsResponse = z.infer<typeof ZComputeEarningsResponse>;
/** A pay period's pending earnings approved: how many rows. */
export const ZApproveEarningsResponse = ZOkResponse.extend({ approved: z.number().int() });
export type TApproveEarningsResponse = z.infer<typeof ZApproveEarningsResponse>;
/** A notification sent: its id and how many restaurants and members receive it. */
export const ZNotificationSentResponse = ZOkResponse.extend({ id: z.number().int(), recipients: z.number().int() });
export type TNotificationSentResponse = z.infer<typeof ZNotificationSentResponse>;
/** An application approved: the restaurant or member created, and whether the invitation email left. */
export const ZApproveApplicationResponse = ZOkResponse.extend({
  message: z.string(),
  created: z.string(),
  emailSent: z.boolean(),
});
export type TApproveApplicationResponse = z.infer<typeof ZApproveApplicationResponse>;
/** An application rejected or received: the message to show. */
export const ZApplicationMessageResponse = ZOkResponse.extend({ message: z.string() });
export type TApplicationMessageResponse = z.infer<typeof ZApplicationMessageResponse>;
