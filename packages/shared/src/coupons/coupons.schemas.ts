import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { zIsoDay } from '../validation/dates.ts';
import { DATE_PRESETS } from '../business-day/date-range.ts';
import { ZDayRange, ZSameTime } from '../reports/reports.schemas.ts';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  COUPON_DISCOUNT_MAX,
  COUPON_DISCOUNT_MIN,
  COUPON_MIN_TOTAL_NUM,
  COUPON_NAME_MAX_LENGTH,
  COUPONS_MESSAGES,
  PREMIUM_CODES_MAX,
  type TCouponsMessageKey,
} from './coupons.messages.ts';
import { MAX_INT4, ZIdParam } from '../validation/limits.ts';

/**
 * Coupons (SPEC 3 "Coupon", 5 "Coupon generator", 9). One schema for the coupon form and for the
 * server's 400, so both refuse the same input with the same words. Money is integer cents; the
 * form turns dollars into cents before validating.
 *
 * How the SPEC's rule fields read per type (docs/decisions.md "Coupons"):
 * - spendMinus     overAmount = spend (cents), minusAmount = amount off (cents)
 * - spendDiscount  overAmount = spend (cents), discount = percent off the order
 * - buyGive        overAmount = items bought, minusAmount = items given (cheapest free)
 * - bogo           buy N get 0.5N: every second qualifying item, the cheaper one, is free
 * - piecesDiscount overAmount = pieces needed, discount = percent off those items
 * - itemDiscount   discount = percent off the listed items / categories
 * - toppingDiscount discount = percent off the listed toppings (modifiers)
 * - customCode     a code the restaurant chooses: minusAmount off, from an optional overAmount spend
 */
export const COUPON_TYPES = [
  'buyGive',
  'bogo',
  'spendMinus',
  'spendDiscount',
  'piecesDiscount',
  'itemDiscount',
  'toppingDiscount',
  'customCode',
] as const;
export type TCouponType = (typeof COUPON_TYPES)[number];

/** Types that work on items, so they need item ids or categories (SPEC 5 "either ids or categories required"). */
export const ITEM_LIMITED_TYPES: readonly TCouponType[] = ['buyGive', 'bogo', 'piecesDiscount', 'itemDiscount'];

/**
 * Item types that may instead apply to every item ("any item", docs/decisions.md "Coupons for any
 * item"): buy N give N, buy 1 get 1, N pieces N% off. Stored as no ids and no categories, which the
 * engine reads as "every item qualifies". The specific-item discount stays specific.
 */
export const ANY_ITEM_TYPES: readonly TCouponType[] = ['buyGive', 'bogo', 'piecesDiscount'];

/** A stored coupon applies to every item (no ids, no categories, a type that allows it). */
export const appliesToAnyItem = (c: {
  type: TCouponType;
  itemIds: readonly number[];
  categoryIds: readonly number[];
}) => ANY_ITEM_TYPES.includes(c.type) && c.itemIds.length === 0 && c.categoryIds.length === 0;

export const COUPON_CHANNELS = ['pos', 'kiosk', 'online'] as const;
export type TCouponChannel = (typeof COUPON_CHANNELS)[number];

const en = (key: TCouponsMessageKey) => COUPONS_MESSAGES[key].en;

/** The result of reading an id list as typed: the ids, or the message to show. */
export type TIdListResult =
  { ok: true; ids: number[]; warning?: TCouponsMessageKey } | { ok: false; error: TCouponsMessageKey };

/**
 * SPEC 5 "item id list format errors, a single id only warns": whole positive numbers separated by
 * commas (spaces allowed, duplicates dropped). An empty text is an empty list.
 */
export function parseIdList(
  text: string,
  formatError: TCouponsMessageKey = 'coupons.itemIdsFormat',
  singleWarning?: TCouponsMessageKey,
): TIdListResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, ids: [] };
  const parts = trimmed.split(/\s*[,，]\s*/);
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^[1-9]\d{0,9}$/.test(part)) return { ok: false, error: formatError };
    const id = Number(part);
    if (id > MAX_INT4) return { ok: false, error: formatError };
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length === 1 && singleWarning) return { ok: true, ids, warning: singleWarning };
  return { ok: true, ids };
}

export const formatIdList = (ids: readonly number[]) => ids.join(',');

/** HH:MM-HH:MM, start before end (an empty text means all day). Answers minutes from midnight. */
export function parseHours(text: string): { from: number; to: number } | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)$/.exec(trimmed);
  if (!m) return 'invalid';
  const from = Number(m[1]) * 60 + Number(m[2]);
  const to = Number(m[3]) * 60 + Number(m[4]);
  if (to > 24 * 60 || to <= from) return 'invalid';
  return { from, to };
}

const ZCents = z.number({ error: 'Expected a whole number of cents' }).int().min(0).max(100_000_000);

export const COUPON_CODE_PATTERN = new RegExp(`^[A-Za-z0-9-]{${COUPON_CODE_MIN_LENGTH},${COUPON_CODE_MAX_LENGTH}}$`);

/** The coupon form / POST /api/api/coupon and PUT /api/api/coupon/:id. */
export const ZCouponInput = z
  .object({
    name: zText({ error: en('coupons.nameRequired') })
      .trim()
      .min(1, en('coupons.nameRequired'))
      .max(COUPON_NAME_MAX_LENGTH, en('coupons.nameTooLong')),
    type: z.enum(COUPON_TYPES, { error: en('coupons.typeRequired') }),
    /** Required for customCode; other types get a generated code when left empty. */
    code: zText().trim().max(COUPON_CODE_MAX_LENGTH, en('coupons.codeFormat')).default(''),
    overAmount: ZCents.default(0),
    minusAmount: ZCents.default(0),
    /**
     * Percent off. Never above 100 for any type (a type without a discount sends 0): a typo such as 150
     * is refused with the SPEC 5 message, never clamped or kept (docs/decisions.md "Number fields").
     */
    discount: z
      .number({ error: en('coupons.discountRange') })
      .int(en('coupons.discountRange'))
      .min(0, en('coupons.discountRange'))
      .max(COUPON_DISCOUNT_MAX, en('coupons.discountRange'))
      .default(0),
    /** Optional total limit (SPEC 5, 9: at least 2); null is unlimited. */
    totalNum: z.number().int().max(10_000_000).nullable().default(null),
    /** Comma-separated ids as typed (SPEC 5 "item id list"). */
    itemIds: zText().max(2000).default(''),
    categoryIds: zText().max(2000).default(''),
    /** Applies to every item instead of listed ones (ANY_ITEM_TYPES only; ids and categories stay empty). */
    anyItem: z.boolean().default(false),
    toppingIds: zText().max(2000).default(''),
    startDate: zIsoDay().nullable().default(null),
    endDate: zIsoDay().nullable().default(null),
    channels: z
      .array(z.enum(COUPON_CHANNELS))
      .max(3)
      .default([...COUPON_CHANNELS]),
    /** 0 Sunday … 6 Saturday. */
    days: z.array(z.number().int().min(0).max(6)).max(7).default([0, 1, 2, 3, 4, 5, 6]),
    hours: zText().max(20).default(''),
    perCustomerLimit: z.number().int().max(1000).nullable().default(null),
    stackable: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, key: TCouponsMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message: en(key) });
    const discountOk = c.discount >= COUPON_DISCOUNT_MIN && c.discount <= COUPON_DISCOUNT_MAX;
    switch (c.type) {
      case 'spendMinus':
        if (c.overAmount <= 0) issue('overAmount', 'coupons.overAmountPositive');
        if (c.minusAmount <= 0) issue('minusAmount', 'coupons.minusAmountPositive');
        else if (c.overAmount > 0 && c.overAmount < c.minusAmount) issue('overAmount', 'coupons.spendAtLeastMinus');
        break;
      case 'spendDiscount':
        if (c.overAmount <= 0) issue('overAmount', 'coupons.overAmountPositive');
        if (!discountOk) issue('discount', 'coupons.discountRange');
        break;
      case 'buyGive':
        if (c.overAmount <= 0) issue('overAmount', 'coupons.buyPositive');
        if (c.minusAmount <= 0) issue('minusAmount', 'coupons.givePositive');
        else if (c.overAmount > 0 && c.overAmount < c.minusAmount) issue('overAmount', 'coupons.buyAtLeastGive');
        break;
      case 'piecesDiscount':
        if (c.overAmount <= 0) issue('overAmount', 'coupons.piecesPositive');
        if (!discountOk) issue('discount', 'coupons.discountRange');
        break;
      case 'itemDiscount':
      case 'toppingDiscount':
        if (!discountOk) issue('discount', 'coupons.discountRange');
        break;
      case 'customCode':
        if (c.code === '') issue('code', 'coupons.codeRequired');
        if (c.minusAmount <= 0) issue('minusAmount', 'coupons.minusAmountPositive');
        else if (c.overAmount > 0 && c.overAmount < c.minusAmount) issue('overAmount', 'coupons.spendAtLeastMinus');
        break;
      case 'bogo':
        break;
    }
    if (c.code !== '' && !COUPON_CODE_PATTERN.test(c.code)) issue('code', 'coupons.codeFormat');
    if (c.totalNum !== null && c.totalNum < COUPON_MIN_TOTAL_NUM) issue('totalNum', 'coupons.totalNumMin');
    if (c.perCustomerLimit !== null && c.perCustomerLimit < 1) issue('perCustomerLimit', 'coupons.perCustomerMin');

    const items = parseIdList(c.itemIds, 'coupons.itemIdsFormat');
    const categories = parseIdList(c.categoryIds, 'coupons.categoryIdsFormat');
    if (!items.ok) issue('itemIds', items.error);
    if (!categories.ok) issue('categoryIds', categories.error);
    if (c.anyItem && !ANY_ITEM_TYPES.includes(c.type)) issue('anyItem', 'coupons.anyItemNotAllowed');
    else if (c.anyItem && items.ok && categories.ok && items.ids.length + categories.ids.length > 0)
      issue('itemIds', 'coupons.anyItemWithIds');
    if (
      !c.anyItem &&
      ITEM_LIMITED_TYPES.includes(c.type) &&
      items.ok &&
      categories.ok &&
      items.ids.length + categories.ids.length === 0
    )
      issue('itemIds', 'coupons.itemsOrCategoriesRequired');
    if (c.type === 'toppingDiscount') {
      const toppings = parseIdList(c.toppingIds, 'coupons.toppingIdsFormat');
      if (!toppings.ok) issue('toppingIds', toppings.error);
      else if (toppings.ids.length === 0) issue('toppingIds', 'coupons.toppingIdsRequired');
    }
    if (c.startDate && c.endDate && c.endDate < c.startDate) issue('endDate', 'coupons.dateOrder');
    if (parseHours(c.hours) === 'invalid') issue('hours', 'coupons.hoursFormat');
    if (c.channels.length === 0) issue('channels', 'coupons.channelsRequired');
    if (c.days.length === 0) issue('days', 'coupons.daysRequired');
  });
export type TCouponInput = z.input<typeof ZCouponInput>;
export type TCouponParsed = z.output<typeof ZCouponInput>;

/** Warnings the form shows without refusing (SPEC 5 "a single id only warns"). */
export function couponWarnings(input: { type: TCouponType; itemIds: string }): TCouponsMessageKey[] {
  const items = parseIdList(input.itemIds, 'coupons.itemIdsFormat', 'coupons.itemIdsSingle');
  return items.ok && items.warning ? [items.warning] : [];
}

/** The rule part of a coupon, as stored and as the redemption arithmetic reads it. */
export interface TCouponRule {
  id: number;
  name: string;
  type: TCouponType;
  code: string;
  overAmount: number;
  minusAmount: number;
  discount: number;
  totalNum: number | null;
  itemIds: number[];
  categoryIds: number[];
  toppingIds: number[];
  startDate: string | null;
  endDate: string | null;
  channels: TCouponChannel[];
  days: number[];
  hours: string;
  perCustomerLimit: number | null;
  stackable: boolean;
  active: boolean;
}

export const ZCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  code: z.string(),
  overAmount: z.number().int(),
  minusAmount: z.number().int(),
  discount: z.number().int(),
  totalNum: z.number().int().nullable(),
  itemIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  toppingIds: z.array(z.number().int()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  channels: z.array(z.enum(COUPON_CHANNELS)),
  days: z.array(z.number().int()),
  hours: z.string(),
  perCustomerLimit: z.number().int().nullable(),
  stackable: z.boolean(),
  active: z.boolean(),
  /** Uses reserved or consumed (released ones given back). */
  usedCount: z.number().int(),
  premiumCodeCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const ZCouponListQuery = z.object({
  q: zText().trim().max(60).optional(),
  type: z.enum(COUPON_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TCouponListQuery = z.output<typeof ZCouponListQuery>;
export const ZCouponListResponse = z.object({ items: z.array(ZCoupon), total: z.number().int() });
export type TCouponListResponse = z.infer<typeof ZCouponListResponse>;

// --- stacking ---------------------------------------------------------------------------------

/**
 * Per restaurant: `combine` lets coupons marked stackable apply together on one order; `pick` says
 * which wins when they cannot: the one that saves the customer most, or the one entered first.
 */
export const ZStackingPolicy = z.object({
  combine: z.boolean(),
  pick: z.enum(['best', 'first']),
});
export type TStackingPolicy = z.infer<typeof ZStackingPolicy>;
export const DEFAULT_STACKING: TStackingPolicy = { combine: false, pick: 'best' };

// --- carts and redemption ---------------------------------------------------------------------

export const ZCartTopping = z.object({
  toppingId: z.number().int().positive(),
  name: zText().max(80).optional(),
  /** Price of one of this topping on one unit of the item. */
  priceCents: ZCents,
  quantity: z.number().int().min(1).max(99).default(1),
});

export const ZCartLine = z.object({
  lineId: zText().trim().min(1).max(40),
  itemId: z.number().int().positive(),
  categoryId: z.number().int().positive().nullable().default(null),
  name: zText().max(120).optional(),
  quantity: z.number().int().min(1).max(999),
  unitPriceCents: ZCents,
  toppings: z.array(ZCartTopping).max(30).default([]),
});
export type TCartLine = z.output<typeof ZCartLine>;

export const ZCart = z.object({
  lines: z.array(ZCartLine).min(1).max(200),
  channel: z.enum(COUPON_CHANNELS).default('pos'),
  /** Who is paying, for the per-customer limit (a phone, loyalty or account id the POS knows). */
  customerId: zText().trim().max(80).optional(),
});
export type TCart = z.output<typeof ZCart>;
export type TCartInput = z.input<typeof ZCart>;

export const ZLineDiscount = z.object({ lineId: z.string(), discountCents: z.number().int() });

/** POST /api/api/coupon/redeem: a POS, kiosk or online order asks for a code's discount. */
export const ZRedeemRequest = ZCart.extend({
  code: zText().trim().min(1, en('coupons.codeUnknown')).max(40),
  /** The order's own id at the POS: a repeat for the same order and code answers the first result. */
  orderRef: zText().trim().min(1).max(80),
  /** reserve holds a use until consume or release; consume takes it at once (SPEC issue 10). */
  mode: z.enum(['reserve', 'consume']).default('consume'),
});
export type TRedeemRequest = z.input<typeof ZRedeemRequest>;

export const ZRedemption = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  couponName: z.string(),
  code: z.string(),
  orderRef: z.string(),
  status: z.enum(['reserved', 'consumed', 'released']),
  discountCents: z.number().int(),
  orderSubtotalCents: z.number().int(),
  lines: z.array(ZLineDiscount),
  createdAt: z.string(),
});
export type TRedemption = z.infer<typeof ZRedemption>;

export const ZRedemptionIdParam = ZIdParam;
/** A coupon's or a code batch's id in the path. */
export const ZCouponIdParam = ZIdParam;
/** The code batches of one coupon, or of every coupon. */
export const ZCodeBatchesQuery = z.object({ couponId: z.coerce.number().int().positive().max(MAX_INT4).optional() });

// --- simulator --------------------------------------------------------------------------------

/**
 * GET /api/api/coupon/menu: what the coupon form and the cart simulator pick from (issue 10 "Items and
 * categories are picked from the real menu"), readable with editCoupon alone.
 */
export const ZCouponMenu = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  items: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      categoryId: z.number().int().nullable(),
      priceCents: z.number().int(),
    }),
  ),
  toppings: z.array(
    z.object({ id: z.number().int(), name: z.string(), groupName: z.string(), priceCents: z.number().int() }),
  ),
});
export type TCouponMenu = z.infer<typeof ZCouponMenu>;

export const ZSimulateRequest = ZCart.extend({
  /** Codes the guest hands over, in order; empty means "every active coupon of the restaurant". */
  codes: z.array(zText().trim().max(40)).max(20).default([]),
});
export type TSimulateRequest = z.input<typeof ZSimulateRequest>;

export const ZCouponVerdict = z.object({
  couponId: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  applied: z.boolean(),
  /** What it would give on its own (0 when it does not apply). */
  discountCents: z.number().int(),
  lines: z.array(ZLineDiscount),
  /** Why it does not apply or was not used: a message key with its values. */
  reason: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export type TCouponVerdict = z.infer<typeof ZCouponVerdict>;

export const ZSimulateResponse = z.object({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  lines: z.array(ZLineDiscount),
  verdicts: z.array(ZCouponVerdict),
  policy: ZStackingPolicy,
});
export type TSimulateResponse = z.infer<typeof ZSimulateResponse>;

// --- premium codes (SPEC 6 admin only) ----------------------------------------------------------

/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: a code read aloud or typed from paper cannot be mistaken. */
export const PREMIUM_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

export const ZGenerateCodesRequest = z.object({
  couponId: z.number().int().positive(),
  count: z
    .number({ error: en('coupons.codeCountRange') })
    .int(en('coupons.codeCountRange'))
    .min(1, en('coupons.codeCountRange'))
    .max(PREMIUM_CODES_MAX, en('coupons.codeCountRange')),
  length: z
    .number({ error: en('coupons.codeLengthRange') })
    .int(en('coupons.codeLengthRange'))
    .min(6, en('coupons.codeLengthRange'))
    .max(16, en('coupons.codeLengthRange')),
  prefix: zText()
    .trim()
    .regex(/^[A-Z0-9]{0,8}$/, en('coupons.prefixFormat'))
    .max(8, en('coupons.prefixFormat'))
    .default(''),
});
export type TGenerateCodesRequest = z.input<typeof ZGenerateCodesRequest>;

export const ZCodeBatch = z.object({
  id: z.number().int(),
  couponId: z.number().int(),
  couponName: z.string(),
  requested: z.number().int(),
  generated: z.number().int(),
  length: z.number().int(),
  prefix: z.string(),
  status: z.enum(['queued', 'running', 'done', 'cancelled', 'failed']),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TCodeBatch = z.infer<typeof ZCodeBatch>;
export const ZCodeBatchList = z.object({ items: z.array(ZCodeBatch) });

export const ZCodeLookupQuery = z.object({ code: zText().trim().min(1, en('coupons.codeNotFound')).max(40) });
export const ZCodeLookup = z.object({
  code: z.string(),
  couponId: z.number().int(),
  couponName: z.string(),
  batchId: z.number().int().nullable(),
  redemptions: z.array(ZRedemption),
});
export type TCodeLookup = z.infer<typeof ZCodeLookup>;

export const ZExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

// --- performance ------------------------------------------------------------------------------

/**
 * `preset` (as the sales report names its range) asks for the comparison period too: the one the
 * report compares with, cut at the same time into its last day when the range ends with the business
 * day in progress (shared reports/same-time.ts), as every other report section.
 */
export const ZCouponPerformanceQuery = z.object({
  from: zIsoDay(),
  to: zIsoDay(),
  preset: z.enum(DATE_PRESETS).optional(),
});
export type TCouponPerformanceQuery = z.infer<typeof ZCouponPerformanceQuery>;
const ZCouponPerformanceRows = z.array(
  z.object({
    couponId: z.number().int(),
    name: z.string(),
    uses: z.number().int(),
    discountCents: z.number().int(),
    /** Subtotal of the orders the coupon was used on, before its discount. */
    salesCents: z.number().int(),
    /** What those orders brought after the coupon: sales minus discount. */
    netCents: z.number().int(),
  }),
);
export const ZCouponPerformance = z.object({
  from: z.string(),
  to: z.string(),
  rows: ZCouponPerformanceRows,
  /** The comparison period and its rows, when `preset` was given; null otherwise. */
  previousRange: ZDayRange.nullable(),
  previous: ZCouponPerformanceRows.nullable(),
  sameTime: ZSameTime,
});
export type TCouponPerformance = z.infer<typeof ZCouponPerformance>;

export { ZOkResponse as ZOk } from '../auth/auth.schemas.ts';
