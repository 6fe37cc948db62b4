import { ZIdParam } from '../validation/limits.ts';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { AMOUNT_2DP, US_PHONE, ZIP_CODE } from '../validation/rules.ts';
import { zIsoDay, ZInstant } from '../validation/dates.ts';
import { INPUT_MESSAGES } from '../validation/input.messages.ts';
import { zText } from '../validation/text.ts';
import { businessMessage as m } from './business.messages.ts';
import { hasValidAbaChecksum } from './routing-number.ts';
import { amountTextToCents } from './money.ts';
import { MAX_TAX_RATE_MILLI_PERCENT, percentTextToMilliPercent } from './tax-rate.ts';

/**
 * Business info, hours, bank account, service fees and settings: one set of rules the web's forms and
 * the server's routes both apply (SPEC 3 "Restaurant", "Bank account", "Service fee item"; SPEC 5).
 */

const required = VALIDATION_MESSAGES['validation.required'].en;

/** A calendar day, 'YYYY-MM-DD' (10 characters; a longer one fails the format first, same message). */
const zDay = (message: string) => zIsoDay(message).max(10, message);
/** An instant with its offset; 40 characters is far past any ISO 8601 form ('…T00:00:00.000000+05:30'). */
const ZBoundedInstant = ZInstant.max(40, INPUT_MESSAGES['validation.invalidDateTime'].en);
const requiredText = (max: number) => zText({ error: required }).trim().min(1, required).max(max);

/** SPEC 3 "state (US states)": the 50 states, DC and the inhabited territories, as postal codes. */
// prettier-ignore
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AS', 'GU', 'MP', 'PR', 'VI',
] as const;

/** A service fee's or a restaurant's id in a path (an int4 key). */
export const ZBusinessIdParams = ZIdParam;
export type TBusinessIdParams = z.infer<typeof ZBusinessIdParams>;

// ---------------------------------------------------------------------------------------------------
// Hours

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZClockTime = zText({ error: m('business.timeFormat') })
  .regex(CLOCK_TIME, m('business.timeFormat'))
  .max(5, m('business.timeFormat'));

/** 'HH:MM' to minutes after midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One opening range; a close time at or before the open time closes after midnight (22:00–02:00). */
export const ZTimeRange = z
  .object({ open: ZClockTime, close: ZClockTime })
  .refine((r) => r.open !== r.close, { message: m('business.rangeEmpty'), path: ['close'] });
export type TTimeRange = z.infer<typeof ZTimeRange>;

export const MAX_RANGES_PER_DAY = 4;

/** Minutes [start, end) of a range, the end past 1440 when it runs over midnight. */
export function rangeSpan(r: TTimeRange): [number, number] {
  const start = minutesOf(r.open);
  let end = minutesOf(r.close);
  if (end <= start) end += 1440;
  return [start, end];
}

/** True when two of the ranges share a minute. */
export function rangesOverlap(ranges: TTimeRange[]): boolean {
  const spans = ranges.map(rangeSpan).sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < spans.length; i += 1) if (spans[i]![0] < spans[i - 1]![1]) return true;
  return false;
}

const ZRanges = z
  .array(ZTimeRange)
  .max(MAX_RANGES_PER_DAY, m('business.tooManyRanges'))
  .refine((ranges) => !rangesOverlap(ranges), m('business.rangesOverlap'));

function openDayHasHours(d: { closed: boolean; ranges: TTimeRange[] }, ctx: z.RefinementCtx) {
  if (!d.closed && d.ranges.length === 0)
    ctx.addIssue({ code: 'custom', message: m('business.openDayNeedsHours'), path: ['ranges'] });
}

/** A day written the way the first release stored it (one open/close pair) is read as one range. */
function legacyRanges(value: unknown): unknown {
  if (value && typeof value === 'object' && !('ranges' in value) && 'open' in value && 'close' in value) {
    const v = value as { open: unknown; close: unknown; closed?: unknown };
    return { ...v, ranges: v.closed === true ? [] : [{ open: v.open, close: v.close }] };
  }
  return value;
}

/** One weekday's hours (0 = Sunday, as Date#getDay): closed, or up to four ranges. */
export const ZWeekdayHours = z.preprocess(
  legacyRanges,
  z
    .object({ day: z.number().int().min(0).max(6), closed: z.boolean(), ranges: ZRanges })
    .superRefine(openDayHasHours)
    .transform(({ day, closed, ranges }) => ({ day, closed, ranges })),
);
export type TWeekdayHours = z.infer<typeof ZWeekdayHours>;

/** A holiday or a day with other hours: closed all day, or its own ranges instead of the weekday's. */
export const ZSpecialDay = z
  .object({
    date: zDay(m('business.dateFormat')),
    closed: z.boolean(),
    ranges: ZRanges,
    note: zText().trim().max(60, m('business.noteTooLong')).default(''),
  })
  .superRefine(openDayHasHours);
export type TSpecialDay = z.infer<typeof ZSpecialDay>;

export const ZWeek = z
  .array(ZWeekdayHours)
  .length(7, m('business.allWeekdays'))
  .refine((days) => new Set(days.map((d) => d.day)).size === 7, m('business.allWeekdays'));

/** POST /api/api/updaterest (SPEC 3 "Restaurant", SPEC 5 required fields and formats). */
export const ZUpdateRestRequest = z
  .object({
    name: requiredText(100),
    fullname: requiredText(200),
    street: requiredText(200),
    city: requiredText(100),
    state: z.enum(US_STATE_CODES, m('business.stateRequired')),
    zip: zText({ error: required })
      .trim()
      .regex(ZIP_CODE, VALIDATION_MESSAGES['account.zipcodeError'].en)
      .max(10, VALIDATION_MESSAGES['account.zipcodeError'].en),
    phone: zText({ error: required })
      .trim()
      .regex(US_PHONE, VALIDATION_MESSAGES['account.phoneError'].en)
      .max(30, VALIDATION_MESSAGES['account.phoneError'].en),
    businessHours: ZWeek.optional(),
    /** Dates closed all day (SPEC 3 "holiday dates"); the same as special days with `closed`. */
    holidays: z
      .array(zDay(m('business.dateFormat')))
      .max(366)
      .optional(),
    specialDays: z
      .array(ZSpecialDay)
      .max(366)
      .refine((days) => new Set(days.map((d) => d.date)).size === days.length, m('business.specialDayTwice'))
      .optional(),
  })
  .superRefine(({ holidays, specialDays }, ctx) => {
    // Both lists may come together (docs/decisions.md "updaterest holidays"): the holidays join the
    // special days as closed days, so a date cannot be closed in one and open in the other.
    const open = new Set((specialDays ?? []).filter((d) => !d.closed).map((d) => d.date));
    if ((holidays ?? []).some((date) => open.has(date)))
      ctx.addIssue({ code: 'custom', path: ['holidays'], message: m('business.holidayHasHours') });
  });
export type TUpdateRestRequest = z.infer<typeof ZUpdateRestRequest>;
export type TUpdateRestInput = z.input<typeof ZUpdateRestRequest>;

/** The Business Info / Business Hour screens' data. */
export const ZRestProfile = z.object({
  id: z.number().int(),
  xid: z.string(),
  name: z.string(),
  fullname: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  businessHours: z.array(z.object({ day: z.number(), closed: z.boolean(), ranges: z.array(ZTimeRange) })),
  holidays: z.array(z.string()),
  specialDays: z.array(
    z.object({ date: z.string(), closed: z.boolean(), ranges: z.array(ZTimeRange), note: z.string() }),
  ),
});
export type TRestProfile = z.infer<typeof ZRestProfile>;

// ---------------------------------------------------------------------------------------------------
// Effective hours

export const CHANNELS = ['pos', 'kiosk', 'online'] as const;
export type TChannel = (typeof CHANNELS)[number];

export const ZEffectiveRange = z.object({
  open: z.string(),
  close: z.string(),
  /** Closes after midnight, on the next calendar day. */
  overnight: z.boolean(),
});

export const ZEffectiveChannelDay = z.object({
  channel: z.enum(CHANNELS),
  ranges: z.array(ZEffectiveRange),
  /** Why the channel differs from the store's hours that day, if it does. */
  reason: z.enum(['disabled', 'paused', 'busy']).nullable(),
  /** Busy mode: extra prep minutes; paused/busy: until when (local 'HH:MM' that day, or null all day). */
  extraMinutes: z.number().int().nullable(),
  until: z.string().nullable(),
});

export const ZEffectiveDay = z.object({
  date: z.string(),
  weekday: z.number().int(),
  source: z.enum(['weekly', 'special', 'holiday']),
  note: z.string(),
  channels: z.array(ZEffectiveChannelDay),
  /** Dishes the menu sells only at some hours, grouped by those hours: when they can be ordered that day. */
  dishes: z.array(z.object({ hours: z.string(), items: z.array(z.string()), ranges: z.array(ZEffectiveRange) })),
  /** Connected delivery platforms: their hours that day, emptied or cut by a pause. */
  platforms: z.array(
    z.object({
      platform: z.string(),
      label: z.string(),
      ranges: z.array(ZEffectiveRange),
      reason: z.enum(['paused']).nullable(),
      until: z.string().nullable(),
    }),
  ),
});
export type TEffectiveDay = z.infer<typeof ZEffectiveDay>;

export const ZEffectiveHours = z.object({
  from: z.string(),
  timeZone: z.string(),
  days: z.array(ZEffectiveDay),
  /** True: each day's `dishes` shows the menu's dish hours within the store's hours. */
  dishHoursIncluded: z.boolean(),
});
export type TEffectiveHours = z.infer<typeof ZEffectiveHours>;

// ---------------------------------------------------------------------------------------------------
// Bank account

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const BANK_STATUSES = ['pending_deposit', 'awaiting_verification', 'verified', 'failed', 'expired'] as const;
export type TBankStatus = (typeof BANK_STATUSES)[number];
export const MAX_VERIFY_ATTEMPTS = 3;
export const VERIFY_WINDOW_DAYS = 10;

const routingMessage = VALIDATION_MESSAGES['account.routingnumberError'].en;

export const ZRoutingNumber = zText({ error: required })
  .trim()
  .min(1, required)
  .max(9, routingMessage)
  .superRefine((v, ctx) => {
    if (v === '') return;
    if (!/^\d{9}$/.test(v)) ctx.addIssue({ code: 'custom', message: routingMessage });
    else if (!hasValidAbaChecksum(v)) ctx.addIssue({ code: 'custom', message: m('business.routingChecksum') });
  })
  .max(9, routingMessage);

/** Link a bank account (SPEC 3 "Bank account"; SPEC 5 required fields, routing number). */
export const ZLinkBankRequest = z.object({
  holderName: requiredText(100),
  accountType: z.enum(BANK_ACCOUNT_TYPES, m('business.accountTypeRequired')),
  routingNumber: ZRoutingNumber,
  accountNumber: zText({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4,17}$/, m('business.accountNumberError'))
    .max(17, m('business.accountNumberError')),
  providerCustomerId: requiredText(64).regex(/^[A-Za-z0-9_-]+$/, m('business.customerIdError')),
});
export type TLinkBankRequest = z.infer<typeof ZLinkBankRequest>;

/** A micro-deposit as read from the statement: dollars, under one, e.g. '0.32'. */
const ZDepositAmount = zText({ error: required })
  .trim()
  .min(1, required)
  .regex(/^0?\.\d{2}$|^0$/, m('business.depositAmountError'))
  .max(4, m('business.depositAmountError'))
  .transform((v) => amountTextToCents(v.startsWith('.') ? `0${v}` : v) ?? -1)
  .refine((cents) => cents >= 1 && cents <= 99, m('business.depositAmountError'));

export const ZVerifyBankRequest = z.object({ amount1: ZDepositAmount, amount2: ZDepositAmount });
export type TVerifyBankInput = z.input<typeof ZVerifyBankRequest>;

/**
 * The descriptor code of a descriptor-code micro-deposit (Stripe: one $0.01 deposit whose statement
 * descriptor reads e.g. SM11AA): SM and 4 letters or digits, either case.
 */
export const ZVerifyBankCodeRequest = z.object({
  descriptorCode: zText({ error: required })
    .trim()
    .min(1, required)
    .max(6, m('business.descriptorCodeError'))
    .regex(/^SM[A-Z0-9]{4}$/i, m('business.descriptorCodeError'))
    .transform((v) => v.toUpperCase()),
});
export type TVerifyBankCodeInput = z.input<typeof ZVerifyBankCodeRequest>;

/** How the provider verifies an account: two small deposits, or one whose descriptor carries a code. */
export const MICRODEPOSIT_TYPES = ['amounts', 'descriptor_code'] as const;

export const ZBankAccountView = z.object({
  holderName: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  routingNumber: z.string(),
  accountLast4: z.string(),
  providerCustomerId: z.string(),
  status: z.enum(BANK_STATUSES),
  attemptsLeft: z.number().int(),
  depositsSentAt: z.string().nullable(),
  depositsArriveBy: z.string().nullable(),
  /** What the owner reads off the statement to verify: the two amounts, or the descriptor code. */
  microdepositType: z.enum(MICRODEPOSIT_TYPES),
  expiresAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type TBankAccountView = z.infer<typeof ZBankAccountView>;

export const ZBankState = z.object({ account: ZBankAccountView.nullable() });
export type TBankState = z.infer<typeof ZBankState>;

/** The answer to the two deposit amounts: right, wrong (tries left) or failed (the 3rd wrong try). */
export const ZVerifyBankResult = z.object({
  outcome: z.enum(['verified', 'wrong', 'failed']),
  message: z.string(),
  account: ZBankAccountView,
});
export type TVerifyBankResult = z.infer<typeof ZVerifyBankResult>;

/** The account once the simulated provider's deposits posted. */
export const ZBankDepositsPosted = z.object({ account: ZBankAccountView });
export type TBankDepositsPosted = z.infer<typeof ZBankDepositsPosted>;

export const ZBankOutboxItem = z.object({
  reference: z.string(),
  accountLast4: z.string(),
  amount1Cents: z.number().int(),
  amount2Cents: z.number().int(),
  /** A descriptor-code deposit's code (once posted); null for a two-amount deposit. */
  descriptorCode: z.string().nullable(),
  postedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const ZBankOutbox = z.object({
  /** The simulated provider is in use: its deposits can be landed now from the outbox panel. */
  simulated: z.boolean(),
  items: z.array(ZBankOutboxItem),
});
export type TBankOutbox = z.infer<typeof ZBankOutbox>;

// ---------------------------------------------------------------------------------------------------
// Service fees

export const ORDER_TYPES = ['dine_in', 'takeout', 'delivery'] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];
export const FEE_KINDS = ['fixed', 'percent'] as const;

const ZAmountText = zText({ error: required })
  .trim()
  .min(1, required)
  .max(20, m('business.feeAmountError'))
  .refine((v) => AMOUNT_2DP.test(v) && (amountTextToCents(v) ?? Infinity) <= 100_000_000, m('business.feeAmountError'));

/** A service fee as the form sends it: amounts as text with up to two decimals. */
export const ZServiceFeeInput = z
  .object({
    description: requiredText(100),
    kind: z.enum(FEE_KINDS, required),
    /** Dollars for a fixed fee, percent (0–100) for a percentage. */
    amount: ZAmountText,
    startDate: zDay(m('business.dateFormat')),
    endDate: zDay(m('business.dateFormat')),
    orderTypes: z.array(z.enum(ORDER_TYPES)).min(1, m('business.feeOrderTypes')).max(3),
    minimumCheck: ZAmountText.default('0'),
    taxable: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((fee, ctx) => {
    if (fee.kind === 'percent' && (amountTextToCents(fee.amount) ?? Infinity) > 10_000)
      ctx.addIssue({ code: 'custom', message: m('business.feePercentError'), path: ['amount'] });
    if (fee.endDate < fee.startDate)
      ctx.addIssue({ code: 'custom', message: m('business.feeDates'), path: ['endDate'] });
    if (new Set(fee.orderTypes).size !== fee.orderTypes.length)
      ctx.addIssue({ code: 'custom', message: m('business.feeOrderTypes'), path: ['orderTypes'] });
  });
export type TServiceFeeInput = z.input<typeof ZServiceFeeInput>;
export type TServiceFeeParsed = z.infer<typeof ZServiceFeeInput>;

export const ZServiceFee = z.object({
  id: z.number().int(),
  description: z.string(),
  kind: z.enum(FEE_KINDS),
  amountCents: z.number().int().nullable(),
  percentBps: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  orderTypes: z.array(z.enum(ORDER_TYPES)),
  minimumCheckCents: z.number().int(),
  taxable: z.boolean(),
  active: z.boolean(),
  /** Ids of other active fees of the same kind whose dates and order types overlap this one. */
  overlapsWith: z.array(z.number().int()),
});
export type TServiceFee = z.infer<typeof ZServiceFee>;

export const ZServiceFeeListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZServiceFeeList = z.object({
  items: z.array(ZServiceFee),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TServiceFeeList = z.infer<typeof ZServiceFeeList>;

/** A saved fee and the active fees of the same kind it overlaps (a warning, not a refusal). */
export const ZServiceFeeSaved = z.object({
  fee: ZServiceFee,
  warnings: z.array(z.object({ id: z.number().int(), description: z.string() })),
});
export type TServiceFeeSaved = z.infer<typeof ZServiceFeeSaved>;

type TFeeOverlapShape = Pick<TServiceFee, 'id' | 'kind' | 'startDate' | 'endDate' | 'orderTypes' | 'active'>;

/** Active fees of the same kind whose date ranges and order types share at least a day and a type. */
export function overlappingFees<T extends TFeeOverlapShape>(fee: TFeeOverlapShape, others: T[]): T[] {
  if (!fee.active) return [];
  const end = (f: TFeeOverlapShape) => f.endDate ?? '9999-12-31';
  return others.filter(
    (o) =>
      o.id !== fee.id &&
      o.active &&
      o.kind === fee.kind &&
      o.startDate <= end(fee) &&
      fee.startDate <= end(o) &&
      o.orderTypes.some((t) => fee.orderTypes.includes(t)),
  );
}

// ---------------------------------------------------------------------------------------------------
// Settings (SPEC 9 constants; what a real POS, kiosk and online ordering need)

export const THEMES = ['original', 'tropical', 'daydream', 'midnight'] as const;
export const FONT_SIZES = ['small', 'regular', 'large'] as const;
/** SPEC 9 lock screen inactivity: 1 min, 2 mins, 1 hour, 2 hours. */
export const LOCK_SCREEN_MINUTES = [1, 2, 60, 120] as const;
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 60] as const;

const ZPercentText = zText({ error: required })
  .trim()
  .refine((v) => AMOUNT_2DP.test(v) && (amountTextToCents(v) ?? Infinity) <= 10_000, m('business.gratuityPercentError'))
  .max(20, m('business.gratuityPercentError'));

/** A tax rate as text with up to three decimals (8.875% in New York City), 0–100. */
const ZTaxRateText = zText({ error: required })
  .trim()
  .refine((v) => (percentTextToMilliPercent(v) ?? Infinity) <= MAX_TAX_RATE_MILLI_PERCENT, m('business.taxRateError'))
  .max(20, m('business.taxRateError'));

const lockMinutes = z
  .number()
  .int()
  .refine((v) => (LOCK_SCREEN_MINUTES as readonly number[]).includes(v), 'Use 1, 2, 60 or 120 minutes');
const slotMinutes = z
  .number()
  .int()
  .refine((v) => (SLOT_MINUTES as readonly number[]).includes(v), 'Use 5, 10, 15, 20, 30 or 60 minutes');

export const ZGratuityRule = z.object({
  minPartySize: z.number().int().min(1).max(100),
  /** Percent text, e.g. '18' or '18.5'. */
  percent: ZPercentText,
});

export const ZPosSettings = z.object({
  /** Default tax rate, percent with up to three decimals (SPEC 9 sample 10.1%; 8.875% in NYC). */
  taxRate: ZTaxRateText,
  theme: z.enum(THEMES),
  fontSize: z.enum(FONT_SIZES),
  lockScreenEnabled: z.boolean(),
  lockScreenMinutes: lockMinutes,
  lockScreenRequiresPin: z.boolean(),
  receiptHeader: zText().max(200),
  receiptFooter: zText().max(200),
  gratuityRules: z
    .array(ZGratuityRule)
    .max(5)
    .refine((rules) => new Set(rules.map((r) => r.minPartySize)).size === rules.length, m('business.partySizeTwice')),
});
export type TPosSettings = z.infer<typeof ZPosSettings>;

export const ZSelfOrderSettings = z.object({
  enabled: z.boolean(),
  welcomeMessage: zText().max(120),
  welcomeMessageZh: zText().max(120),
  acceptCash: z.boolean(),
  askForName: z.boolean(),
  idleResetSeconds: z.number().int().min(30).max(600),
  /** Kiosk paused (e.g. a broken screen) until a time, or null. */
  pausedUntil: ZBoundedInstant.nullable(),
});
export type TSelfOrderSettings = z.infer<typeof ZSelfOrderSettings>;

export const BUSY_MODES = ['off', 'paused', 'extra'] as const;
export const ZBusyMode = z
  .object({
    mode: z.enum(BUSY_MODES),
    extraMinutes: z.number().int().min(5).max(120),
    /** Until when it holds; required unless off. */
    until: ZBoundedInstant.nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.mode !== 'off' && !b.until)
      ctx.addIssue({ code: 'custom', message: m('business.busyUntilRequired'), path: ['until'] });
  });
export type TBusyMode = z.infer<typeof ZBusyMode>;

export const ZOrderToGoSettings = z.object({
  enabled: z.boolean(),
  pickupLeadMinutes: z.number().int().min(0).max(240),
  slotMinutes,
  orderAheadDays: z.number().int().min(0).max(14),
  maxOrdersPerSlot: z.number().int().min(0).max(500),
  busy: ZBusyMode,
});
export type TOrderToGoSettings = z.infer<typeof ZOrderToGoSettings>;

export const ZBusinessSettings = z.object({
  pos: ZPosSettings,
  selfOrder: ZSelfOrderSettings,
  orderToGo: ZOrderToGoSettings,
});
export type TBusinessSettings = z.infer<typeof ZBusinessSettings>;

export const SETTINGS_SECTIONS = ['pos', 'selfOrder', 'orderToGo'] as const;
export type TSettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const DEFAULT_BUSINESS_SETTINGS: TBusinessSettings = {
  pos: {
    taxRate: '10.1',
    theme: 'original',
    fontSize: 'regular',
    lockScreenEnabled: true,
    lockScreenMinutes: 2,
    lockScreenRequiresPin: true,
    receiptHeader: '',
    receiptFooter: '',
    gratuityRules: [],
  },
  selfOrder: {
    enabled: false,
    welcomeMessage: '',
    welcomeMessageZh: '',
    acceptCash: false,
    askForName: true,
    idleResetSeconds: 90,
    pausedUntil: null,
  },
  orderToGo: {
    enabled: true,
    pickupLeadMinutes: 20,
    slotMinutes: 15,
    orderAheadDays: 0,
    maxOrdersPerSlot: 0,
    busy: { mode: 'off', extraMinutes: 15, until: null },
  },
};

/** PUT of one settings section: the whole section as the page shows it. */
export const ZUpdateSettingsRequest = z.discriminatedUnion('section', [
  z.object({ section: z.literal('pos'), value: ZPosSettings }),
  z.object({ section: z.literal('selfOrder'), value: ZSelfOrderSettings }),
  z.object({ section: z.literal('orderToGo'), value: ZOrderToGoSettings }),
]);
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

// ---------------------------------------------------------------------------------------------------
// Admin panel

export const ZAdminRestaurantQuery = z.object({
  q: zText().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZRestAdminConfig = z.object({
  version: z.string(),
  enableOrderToGoWithDateSelect: z.boolean(),
  enablePremiumCoupon: z.boolean(),
});
export type TRestAdminConfig = z.infer<typeof ZRestAdminConfig>;

/**
 * POST /api/api/updateRestAdminConfig: the SPEC 6 "system admin config" switches. Only the keys
 * given change; the order-to-go-with-date flag can only be turned on (SPEC 4).
 */
export const ZUpdateRestAdminConfigRequest = z
  .strictObject({
    version: zText().trim().min(1).max(32).optional(),
    enableOrderToGoWithDateSelect: z.literal(true, m('business.toGoFlagOnlyOn')).optional(),
    enablePremiumCoupon: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one setting');
export type TUpdateRestAdminConfigRequest = z.infer<typeof ZUpdateRestAdminConfigRequest>;

export const ZAdminRestaurant = z.object({
  id: z.number().int(),
  xid: z.string(),
  name: z.string(),
  fullname: z.string(),
  city: z.string(),
  state: z.string(),
  config: ZRestAdminConfig,
});
export type TAdminRestaurant = z.infer<typeof ZAdminRestaurant>;
export const ZAdminRestaurantList = z.object({
  items: z.array(ZAdminRestaurant),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminRestaurantList = z.infer<typeof ZAdminRestaurantList>;
