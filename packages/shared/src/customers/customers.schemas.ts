/**
 * The customer list and SMS campaigns (SPEC 2 "/userList/index", SPEC 3, 4, 5, 8, 9): one schema per
 * request and answer, used by the server's routes and the web's forms alike.
 */
import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { CUSTOMERS_MESSAGES } from './customers.messages.ts';
import { MAX_SMS_PARTS, analyzeSms } from './sms.ts';
import { ZDbId } from '../validation/limits.ts';

/**
 * The count of matching customers (its own request, GET /api/api/customers/count) stops at this many: an
 * exact count over 100,000 rows costs a full scan, and nobody pages past 500 pages of 20. Above it the
 * page says "More than 10000 customers found".
 */
export const CUSTOMER_COUNT_CAP = 10_000;

/** At most this many customers in one campaign (SPEC 5). */
export const MAX_SELECTED = 1000;

/** A phone as E.164 (+15551234567), US when it has no country code; null when it is not a number. */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), 'US');
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

export const CUSTOMER_RANGES = ['1m', '3m', '6m', '1y', 'all'] as const;
export type TCustomerRange = (typeof CUSTOMER_RANGES)[number];
export const CUSTOMER_SORTS = ['points', 'lastOrderAt', 'totalOrders'] as const;

/** A count or a number of days: at most a million, far past any restaurant's and inside the database's integers. */
const optionalInt = z.coerce.number().int().min(0).max(1_000_000).optional();
/** Dollars as typed ("12.50") to cents; absent when empty. At most 9 digits and 2 decimals, so 32 characters is ample. */
const optionalMoney = z
  .union([z.string().max(40, 'Enter an amount like 12.50'), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const s = String(v).trim();
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount like 12.50' });
      return z.NEVER;
    }
    const [whole, frac = ''] = s.split('.');
    return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  });

/** The list's filters; the same object decides "search conditions unchanged" on the web. */
export const ZCustomerFilter = z.object({
  range: z.enum(CUSTOMER_RANGES).default('all'),
  sort: z.enum(CUSTOMER_SORTS).default('lastOrderAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  spentMin: optionalMoney,
  spentMax: optionalMoney,
  ordersMin: optionalInt,
  ordersMax: optionalInt,
  notSeenDays: optionalInt,
  q: zText().trim().max(40).optional(),
});
export type TCustomerFilter = z.infer<typeof ZCustomerFilter>;

export const ZCustomerListQuery = ZCustomerFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const ZCustomerRow = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  language: z.enum(['en', 'zh']),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
  totalOrders: z.number().int(),
  totalSpentCents: z.number().int(),
  points: z.number().int(),
  favouriteItem: z.string().nullable(),
  optedOut: z.boolean(),
});
export type TCustomerRow = z.infer<typeof ZCustomerRow>;

/**
 * One page of the list. It does not count the matches (that reads up to 10,001 rows; the count is its
 * own request, ZCustomerCount), only says whether a row follows this page.
 */
export const ZCustomerList = z.object({
  rows: z.array(ZCustomerRow),
  /** At least one more matching customer after this page. */
  hasMore: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** When the list was last rebuilt from the orders (null: never). */
  computedAt: z.string().nullable(),
});

/** Customers matching a filter, counted up to CUSTOMER_COUNT_CAP (then `totalCapped`: there are more). */
/** Names looked up at once ("Add by name" on the user list). */
export const MAX_NAME_LOOKUP = 200;
/** Customers (members) by name, to select them for an SMS: every name must match one or more. */
export const ZCustomerNameLookup = z.object({
  names: z.array(zText().trim().min(1).max(80)).min(1).max(MAX_NAME_LOOKUP),
});
export type TCustomerNameLookup = z.infer<typeof ZCustomerNameLookup>;
export const ZCustomerNameMatches = z.object({
  customers: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string() })),
});
export type TCustomerNameMatches = z.infer<typeof ZCustomerNameMatches>;

export const ZCustomerCount = z.object({
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type TCustomerCount = z.infer<typeof ZCustomerCount>;

export const ZCustomerDetail = z.object({
  customer: ZCustomerRow,
  orders: z.array(
    z.object({
      id: z.number().int(),
      orderNumber: z.string().nullable(),
      openedAt: z.string(),
      status: z.string(),
      netSalesCents: z.number().int(),
      totalCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
  ),
  optHistory: z.array(z.object({ kind: z.enum(['optOut', 'optIn']), body: z.string(), at: z.string() })),
});

/**
 * Ids a campaign request may name: past MAX_SELECTED the server answers 'maxSelected' itself (the
 * page's own message); past this many the request is refused before anything is read.
 */
export const MAX_AUDIENCE_IDS = 5 * MAX_SELECTED;

/** Who a campaign goes to: chosen ids, every result of a filter, or a saved segment (all capped at 1,000). */
export const ZAudience = z.union([
  z.object({ ids: z.array(ZDbId).max(MAX_AUDIENCE_IDS) }),
  z.object({ filter: ZCustomerFilter }),
  /** A saved segment: its filter is kept with the campaign and evaluated again when it is sent. */
  z.object({ segmentId: ZDbId }),
]);

function checkBody(language: 'en' | 'zh') {
  return (body: string, ctx: z.RefinementCtx) => {
    if (analyzeSms(body, language).parts > MAX_SMS_PARTS)
      ctx.addIssue({ code: 'custom', message: CUSTOMERS_MESSAGES.tooLong!.en });
  };
}

export const ZCampaignContent = z.object({
  // 10 parts of 160 characters at most: anything longer is refused before it is counted
  bodyEn: zText()
    .trim()
    .min(1, CUSTOMERS_MESSAGES.emptyMessage!.en)
    .max(1_600, { message: CUSTOMERS_MESSAGES.tooLong!.en, abort: true })
    .superRefine(checkBody('en')),
  bodyZh: zText()
    .trim()
    .max(1_600, { message: CUSTOMERS_MESSAGES.tooLong!.en, abort: true })
    .optional()
    .transform((v) => (v ? v : undefined))
    .superRefine((v, ctx) => (v ? checkBody('zh')(v, ctx) : undefined)),
});

export const ZCampaignRequest = ZCampaignContent.extend({ audience: ZAudience });
export type TCampaignRequest = z.infer<typeof ZCampaignRequest>;

export const ZCostLine = z.object({
  language: z.enum(['en', 'zh']),
  parts: z.number().int(),
  recipients: z.number().int(),
  billedParts: z.number().int(),
  subtotalMicros: z.number().int(),
});

export const ZCampaignQuote = z.object({
  recipients: z.number().int(),
  optedOutExcluded: z.number().int(),
  lines: z.array(ZCostLine),
  pricePerPartMicros: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type TCampaignQuote = z.infer<typeof ZCampaignQuote>;

export const CAMPAIGN_STATUSES = ['pending', 'approved', 'rejected', 'sent'] as const;
export const SEND_STATES = ['idle', 'waiting', 'sending', 'done', 'failed'] as const;
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;

export const ZCampaign = z.object({
  id: z.number().int(),
  restaurantId: z.number().int(),
  restaurantName: z.string(),
  /** The restaurant's IANA zone ('Unknown' until chosen): the campaign's times are shown in it. */
  restaurantTimeZone: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  bodyEn: z.string(),
  bodyZh: z.string().nullable(),
  quote: ZCampaignQuote,
  createdBy: z.string(),
  createdAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  sentBy: z.string().nullable(),
  sentAt: z.string().nullable(),
  sendState: z.enum(SEND_STATES),
  /** The saved segment the campaign goes to (its audience is evaluated at Send Now), or null. */
  segment: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sendStartsAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  /**
   * Sent, but its charge failed after the fact (the processor's payment_failed): sending stopped and
   * Send Now charges it again before anything more goes out.
   */
  needsPayment: z.boolean(),
  progress: z.object({
    queued: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
  }),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignList = z.object({ rows: z.array(ZCampaign) });
/**
 * The restaurant's own campaigns, and whether its bank is linked and verified: without it a campaign
 * can be neither submitted nor sent (SPEC 5 'Please link bank information first'), so the composer
 * says so when it opens rather than after the message is written.
 */
export const ZOwnCampaignList = ZCampaignList.extend({ bankLinked: z.boolean() });
export type TOwnCampaignList = z.infer<typeof ZOwnCampaignList>;

export const ZReviewRequest = z.object({
  decision: z.enum(['approved', 'rejected']),
  note: z.string().trim().max(500).optional(),
});

export const ZRecipientList = z.object({
  rows: z.array(
    z.object({
      phone: z.string(),
      language: z.enum(['en', 'zh']),
      status: z.enum(RECIPIENT_STATUSES),
      error: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});

export const ZSmsPricingRequest = z.object({
  pricePerPartMicros: z.number().int().min(0).max(1_000_000),
  taxRateBasisPoints: z.number().int().min(0).max(5_000),
});
/** The pricing as read, and whether the caller may change it (platform staff only), so no one else sees a form. */
export const ZSmsPricingView = ZSmsPricingRequest.extend({ editable: z.boolean() });
export type TSmsPricingView = z.infer<typeof ZSmsPricingView>;

export const ZMessageAnswer = z.object({ message: z.string() });

/** A customer's or a campaign's id in a path. */
export const ZCustomersIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The points rule: points per dollar of net sales. */
export const ZCustomerSettings = z.object({ pointsPerDollar: z.number().int() });
export type TCustomerSettings = z.infer<typeof ZCustomerSettings>;
export const ZCustomerSettingsRequest = z.object({ pointsPerDollar: z.number().int().min(0).max(100) });
export type TCustomerSettingsRequest = z.infer<typeof ZCustomerSettingsRequest>;

/** A submitted campaign: the message and its id. */
export const ZCampaignSubmitted = ZMessageAnswer.extend({ id: z.number().int() });
/** Send Now's answer: the message, and until when sending waits (outside 8:00-21:00), or null. */
export const ZCampaignSendAnswer = ZMessageAnswer.extend({ waitsUntil: z.string().nullable() });

/** A page of a campaign's recipients (100 a page). */
export const ZRecipientListQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** The campaigns a reviewer lists: of one status, or all. */
export const ZReviewListQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'sent', 'all']).default('pending'),
});
