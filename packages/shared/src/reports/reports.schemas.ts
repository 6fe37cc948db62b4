import { z } from 'zod';
import type { TLang } from '../errors.ts';
import { zIsoDay } from '../validation/dates.ts';
import { DATE_PRESETS, daysInRange } from '../business-day/date-range.ts';
import { CARD_BRANDS, DISCOUNT_KINDS, ORDER_CHANNELS, PAYMENT_METHODS } from '../orders/orders.schemas.ts';
import { zQueryFlag } from '../validation/limits.ts';
import {
  COMPS_VOIDS_SORT_KEYS,
  DEFAULT_LIST_SORT,
  MAX_REPORT_RANGE_DAYS,
  PAYOUT_SORT_KEYS,
  REPORT_PAGE_SIZE_MAX,
  REPORT_SECTIONS,
  SORT_ORDERS,
  TREND_GRANULARITIES,
} from './report-constants.ts';

// the names and limits live in a module without zod, for the report's pages (report-constants.ts)
export * from './report-constants.ts';

/**
 * Requests and answers of the sales report (SPEC 2 "/salesReport" and the Sales Report section titles;
 * SPEC 6: `viewSalesReport`). Every figure is grouped by business day (see business-day.ts), every
 * section compares the chosen range with a previous one, and money is integer cents.
 *
 * What the figures count (the server implements these; definitions of the per-order figures are in
 * orders/order-totals.ts):
 * - Orders are counted on the business day of `openedAt`. Only closed orders count towards sales;
 *   open checks and voided orders are counted separately in the operation section, and the lines of
 *   voided orders appear as voids.
 * - Refunds and payouts are counted on the business day they happened: that is when money left.
 * - Total collected = payments - refunds, which for closed orders is net sales + tax + service charge +
 *   tips - refunds.
 * - Average check = net sales / orders; average per guest = net sales / guests (see report-math.ts).
 */

export const ZReportSection = z.enum(REPORT_SECTIONS);

export const REPORT_MESSAGES = {
  'reports.invalidDay': { en: 'Please choose a date (YYYY-MM-DD)', zh: '请选择日期（YYYY-MM-DD）' },
  'reports.rangeReversed': { en: 'The end date cannot be before the start date', zh: '结束日期不能早于开始日期' },
  'reports.rangeTooLong': {
    en: `Please choose at most ${MAX_REPORT_RANGE_DAYS} days`,
    zh: `最多可选择 ${MAX_REPORT_RANGE_DAYS} 天`,
  },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

/** A day a request names: a real 'YYYY-MM-DD' day in the supported years (validation/dates.ts). */
export const ZBusinessDay = zIsoDay(REPORT_MESSAGES['reports.invalidDay'].en);

/**
 * A range as answers echo it back: inclusive business days. Any real day, because a comparison period
 * can reach back before the first day a request may name.
 */
export const ZDayRange = z.object({ from: z.iso.date(), to: z.iso.date() });

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = daysInRange(range);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeReversed'].en });
  else if (days > MAX_REPORT_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeTooLong'].en });
  }
}

// Range rules need two valid days; without this a malformed day would also produce a range error.
const whenFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** A range the user asked for: from <= to and at most MAX_REPORT_RANGE_DAYS days. */
export const ZDateRange = z.object({ from: ZBusinessDay, to: ZBusinessDay }).superRefine(checkRange, whenFieldsValid);
export type TDateRange = z.infer<typeof ZDateRange>;

/** Query strings carry 'true' / 'false'; the browser's own callers may pass a boolean. */
const ZQueryBoolean = z.union([z.boolean(), zQueryFlag()]);

const reportQueryShape = {
  from: ZBusinessDay,
  to: ZBusinessDay,
  /** Whether to compute the comparison period; on by default since every section compares. */
  compare: ZQueryBoolean.default(true),
  /**
   * The picker preset that produced from/to. It only steers the comparison period (see
   * `comparisonRange`: this week compares with the same weekdays last week, this month with the same
   * days last month); 'custom' compares with the equal-length period right before.
   */
  preset: z.enum(DATE_PRESETS).default('custom'),
};

/** Query of every report endpoint. */
export const ZReportQuery = z.object(reportQueryShape).superRefine(checkRange, whenFieldsValid);
export type TReportQuery = z.infer<typeof ZReportQuery>;

export const ZTrendsQuery = z
  .object({ ...reportQueryShape, granularity: z.enum(TREND_GRANULARITIES).default('day') })
  .superRefine(checkRange, whenFieldsValid);
export type TTrendsQuery = z.infer<typeof ZTrendsQuery>;

const pagedQueryShape = {
  ...reportQueryShape,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(50),
};

/** Query of the event lists (comps/voids, payouts), which can run to thousands of rows (ARCHITECTURE "Web"). */
export const ZPagedReportQuery = z.object(pagedQueryShape).superRefine(checkRange, whenFieldsValid);
export type TPagedReportQuery = z.infer<typeof ZPagedReportQuery>;

function sortedPagedQuery<const TKeys extends readonly [string, ...string[]]>(keys: TKeys) {
  return z
    .object({
      ...pagedQueryShape,
      sort: z.enum(keys).default(DEFAULT_LIST_SORT.sort as TKeys[number]),
      order: z.enum(SORT_ORDERS).default(DEFAULT_LIST_SORT.order),
    })
    .superRefine(checkRange, whenFieldsValid);
}

export const ZCompsVoidsQuery = sortedPagedQuery(COMPS_VOIDS_SORT_KEYS);
export type TCompsVoidsQuery = z.infer<typeof ZCompsVoidsQuery>;
export const ZPayoutsQuery = sortedPagedQuery(PAYOUT_SORT_KEYS);
export type TPayoutsQuery = z.infer<typeof ZPayoutsQuery>;

/** Languages a report file can be written in (SPEC 1); headers, totals and enum names follow it. */
export const REPORT_LANGS = ['en', 'zh'] as const satisfies readonly TLang[];

/** What an export adds to its section's query: the file type and the language of its words. */
export const ZReportExportOptions = z.object({
  format: z.enum(['csv', 'xlsx']).default('csv'),
  lang: z.enum(REPORT_LANGS).default('en'),
});
export type TReportExportOptions = z.infer<typeof ZReportExportOptions>;

const ZCents = z.number().int();
const ZCount = z.number().int().min(0);
const ZInstant = z.iso.datetime({ offset: true });
/**
 * A row's fraction of the table's total (shown as a percentage): 0 to 1 for sales, but an option that
 * lowers the price ("no cheese") has a negative share of option sales.
 */
const ZShare = z.number();

/** The range reported and the one it is compared with (null when `compare` was false). */
const periods = {
  range: ZDayRange,
  previousRange: ZDayRange.nullable(),
};

/**
 * A table section: its rows, a totals row over the whole range (not just one page), and the same
 * totals for the comparison period (cut at the same time when the range ends today: `sameTime`).
 */
function tableResponse<TRow extends z.ZodType, TTotals extends z.ZodType>(row: TRow, totals: TTotals) {
  return z.object({ ...periods, sameTime: ZSameTime, rows: z.array(row), totals, previousTotals: totals.nullable() });
}

function pagedTableResponse<TRow extends z.ZodType, TTotals extends z.ZodType>(row: TRow, totals: TTotals) {
  return z.object({
    ...periods,
    sameTime: ZSameTime,
    rows: z.array(row),
    totals,
    previousTotals: totals.nullable(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** Rows in the whole range, for the pager. */
    total: ZCount,
  });
}

// --- Sales summary ---

export const ZSalesFigures = z.object({
  grossSalesCents: ZCents,
  discountCents: ZCents,
  compCents: ZCents,
  voidCents: ZCents,
  netSalesCents: ZCents,
  taxCents: ZCents,
  serviceChargeCents: ZCents,
  tipCents: ZCents,
  refundCents: ZCents,
  totalCollectedCents: ZCents,
  orderCount: ZCount,
  guestCount: ZCount,
  averageCheckCents: ZCents,
  averageGuestCents: ZCents,
});
export type TSalesFigures = z.infer<typeof ZSalesFigures>;

export const ZChannelSales = z.object({
  channel: z.enum(ORDER_CHANNELS),
  current: ZSalesFigures,
  previous: ZSalesFigures.nullable(),
});

/**
 * A period that ends with the business day in progress runs up to `asOf` (now); its comparison period's
 * last day is cut at `previousUntil`, the same time into that day (shared reports/same-time.ts). Every
 * section that compares carries it. Null when the period is over and both are compared whole.
 */
export const ZSameTime = z.object({ asOf: ZInstant, previousUntil: ZInstant }).nullable();
export type TSameTimeOut = z.infer<typeof ZSameTime>;

/**
 * Gift card sales: money loaded onto gift cards (activations and reloads) in the period, and how many
 * loads. A liability until the card is spent, not revenue: never part of gross or net sales (spending
 * a card is a payment method, "giftCard").
 */
const ZGiftCardSales = z.object({ amountCents: ZCents, count: ZCount });
export const ZGiftCardSalesLine = z.object({ current: ZGiftCardSales, previous: ZGiftCardSales.nullable() });
export type TGiftCardSalesLine = z.infer<typeof ZGiftCardSalesLine>;

export const ZSalesSummaryResponse = z.object({
  ...periods,
  sameTime: ZSameTime,
  current: ZSalesFigures,
  previous: ZSalesFigures.nullable(),
  /** One entry per channel, including channels with no orders, so the table keeps its shape. */
  byChannel: z.array(ZChannelSales),
  giftCardSales: ZGiftCardSalesLine,
  /**
   * The latest business day up to the range's end with a closed order (null: none yet). Before the
   * day's first sale the report opens on this day instead of an empty today.
   */
  lastSalesDay: z.string().nullable(),
});
export type TSalesSummaryResponse = z.infer<typeof ZSalesSummaryResponse>;

// --- Trends ---

/**
 * One bucket of the trend chart. `key` by granularity:
 * - hour: 'HH', the local wall-clock hour across every day of the range (sales by hour of day),
 *   listed from the end-of-day hour onwards so a business day reads left to right;
 * - day: 'YYYY-MM-DD' business day;
 * - week: 'YYYY-MM-DD' of the week's first day (Monday, DEFAULT_WEEK_STARTS_ON);
 * - month: 'YYYY-MM'.
 * `label` is short and language-neutral ('03:00', '03-09', '2026-03'); buckets without sales are
 * present with zeros so the chart has no gaps.
 */
export const ZTrendPoint = z.object({
  key: z.string(),
  label: z.string(),
  netSalesCents: ZCents,
  orders: ZCount,
  guests: ZCount,
});
export type TTrendPoint = z.infer<typeof ZTrendPoint>;

export const ZSalesTrendsResponse = z.object({
  ...periods,
  sameTime: ZSameTime,
  granularity: z.enum(TREND_GRANULARITIES),
  points: z.array(ZTrendPoint),
  /** Buckets of the comparison period, in the same order, so point i compares with previousPoints[i]. */
  previousPoints: z.array(ZTrendPoint).nullable(),
});
export type TSalesTrendsResponse = z.infer<typeof ZSalesTrendsResponse>;

// --- Operation ---

export const ZOperationFigures = z.object({
  orderCount: ZCount,
  guestCount: ZCount,
  averageCheckCents: ZCents,
  averageGuestCents: ZCents,
  /** Opened to closed, dine-in orders only (table turn time); null when there were none. */
  averageTurnMinutes: z.number().min(0).nullable(),
  /** Checks still open now whose business day is in the range. */
  openOrderCount: ZCount,
  voidedOrderCount: ZCount,
  refundCount: ZCount,
});
export type TOperationFigures = z.infer<typeof ZOperationFigures>;

export const ZOperationResponse = z.object({
  ...periods,
  sameTime: ZSameTime,
  current: ZOperationFigures,
  previous: ZOperationFigures.nullable(),
});
export type TOperationResponse = z.infer<typeof ZOperationResponse>;

// --- Item, category and option sales ---

/**
 * Quantities count comped lines (they were sold, then given away) but not voided ones.
 * `discountCents` holds the line discounts plus the line's share of check discounts, spread in
 * proportion to line amounts with `allocateCents`, so item and category nets add up to net sales.
 * `previous*` are the same item's figures in the comparison period (null without a comparison).
 */
export const ZItemSalesRow = z.object({
  itemId: z.string(),
  itemName: z.string(),
  category: z.string(),
  quantity: ZCount,
  grossCents: ZCents,
  discountCents: ZCents,
  compCents: ZCents,
  netCents: ZCents,
  share: ZShare,
  previousQuantity: ZCount.nullable(),
  previousNetCents: ZCents.nullable(),
});
export type TItemSalesRow = z.infer<typeof ZItemSalesRow>;

export const ZSalesTotals = z.object({
  quantity: ZCount,
  grossCents: ZCents,
  discountCents: ZCents,
  compCents: ZCents,
  netCents: ZCents,
});
export type TSalesTotals = z.infer<typeof ZSalesTotals>;

export const ZItemSalesResponse = tableResponse(ZItemSalesRow, ZSalesTotals);
export type TItemSalesResponse = z.infer<typeof ZItemSalesResponse>;

export const ZCategorySalesRow = z.object({
  category: z.string(),
  quantity: ZCount,
  grossCents: ZCents,
  discountCents: ZCents,
  compCents: ZCents,
  netCents: ZCents,
  share: ZShare,
  previousQuantity: ZCount.nullable(),
  previousNetCents: ZCents.nullable(),
});
export type TCategorySalesRow = z.infer<typeof ZCategorySalesRow>;

export const ZCategorySalesResponse = tableResponse(ZCategorySalesRow, ZSalesTotals);
export type TCategorySalesResponse = z.infer<typeof ZCategorySalesResponse>;

/** Option quantity = line quantity x option quantity; amount = that x option price (voided lines excluded). */
export const ZOptionSalesRow = z.object({
  optionName: z.string(),
  group: z.string(),
  quantity: ZCount,
  amountCents: ZCents,
  share: ZShare,
  previousQuantity: ZCount.nullable(),
  previousAmountCents: ZCents.nullable(),
});
export type TOptionSalesRow = z.infer<typeof ZOptionSalesRow>;

export const ZOptionSalesTotals = z.object({ quantity: ZCount, amountCents: ZCents });

export const ZOptionSalesResponse = tableResponse(ZOptionSalesRow, ZOptionSalesTotals);
export type TOptionSalesResponse = z.infer<typeof ZOptionSalesResponse>;

// --- Payment methods ---

/** One row per method, and per card brand for cards (`cardBrand` null when the POS did not say). */
export const ZPaymentMethodRow = z.object({
  method: z.enum(PAYMENT_METHODS),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  count: ZCount,
  amountCents: ZCents,
  tipCents: ZCents,
  refundCount: ZCount,
  refundCents: ZCents,
  /** amount - refunds: what this method actually brought in. */
  netCents: ZCents,
});
export type TPaymentMethodRow = z.infer<typeof ZPaymentMethodRow>;

export const ZPaymentMethodTotals = ZPaymentMethodRow.omit({ method: true, cardBrand: true });

export const ZPaymentMethodsResponse = tableResponse(ZPaymentMethodRow, ZPaymentMethodTotals);
export type TPaymentMethodsResponse = z.infer<typeof ZPaymentMethodsResponse>;

// --- Discounts ---

/** Line and check discounts together, by name and kind; comps are in their own section. */
export const ZDiscountRow = z.object({
  name: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  count: ZCount,
  amountCents: ZCents,
});
export type TDiscountRow = z.infer<typeof ZDiscountRow>;

export const ZDiscountTotals = z.object({ count: ZCount, amountCents: ZCents });

export const ZDiscountsResponse = tableResponse(ZDiscountRow, ZDiscountTotals);
export type TDiscountsResponse = z.infer<typeof ZDiscountsResponse>;

// --- Comps and voids ---

/** One row per comped or voided line; the lines of a voided order are voids with the order's reason. */
export const ZCompVoidRow = z.object({
  kind: z.enum(['comp', 'void']),
  posOrderId: z.string(),
  orderNumber: z.string().nullable(),
  itemName: z.string(),
  quantity: ZCount,
  amountCents: ZCents,
  by: z.string(),
  reason: z.string(),
  at: ZInstant,
});
export type TCompVoidRow = z.infer<typeof ZCompVoidRow>;

export const ZCompVoidTotals = z.object({
  compQuantity: ZCount,
  compCents: ZCents,
  voidQuantity: ZCount,
  voidCents: ZCents,
  /** Refunds made in the period (issue 23): like comps and voids, money given back off the sales. */
  refundCount: ZCount,
  refundCents: ZCents,
});

export const ZCompsVoidsResponse = pagedTableResponse(ZCompVoidRow, ZCompVoidTotals);
export type TCompsVoidsResponse = z.infer<typeof ZCompsVoidsResponse>;

// --- Taxes ---

/** One row per tax name and rate; `name` null for orders whose POS sent no breakdown. */
export const ZTaxRow = z.object({
  name: z.string().nullable(),
  /** Thousandths of a percent (8875 = 8.875%); null when the POS sent no rate. */
  rateMilliPercent: z.number().int().min(0).nullable(),
  taxableCents: ZCents,
  taxCents: ZCents,
});
export type TTaxRow = z.infer<typeof ZTaxRow>;

export const ZTaxTotals = z.object({ taxableCents: ZCents, taxCents: ZCents });

export const ZTaxesResponse = tableResponse(ZTaxRow, ZTaxTotals);
export type TTaxesResponse = z.infer<typeof ZTaxesResponse>;

// --- Payouts ---

export const PAYOUT_KINDS = ['cash', 'deposit'] as const;

/**
 * cash: paid out of the drawer (pushed by the POS, with who and why); deposit: a card processor's
 * deposit to the bank account (from the payment provider, so no person or reason).
 */
export const ZPayoutRow = z.object({
  kind: z.enum(PAYOUT_KINDS),
  at: ZInstant,
  amountCents: ZCents,
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type TPayoutRow = z.infer<typeof ZPayoutRow>;

export const ZPayoutTotals = z.object({
  cashCount: ZCount,
  cashCents: ZCents,
  depositCount: ZCount,
  depositCents: ZCents,
});

export const ZPayoutsResponse = pagedTableResponse(ZPayoutRow, ZPayoutTotals);
export type TPayoutsResponse = z.infer<typeof ZPayoutsResponse>;
