import { z } from 'zod';
import { MAX_REPORT_RANGE_DAYS, REPORT_MESSAGES, ZBusinessDay, ZDayRange } from '../reports/reports.schemas.ts';
import { daysInRange } from '../business-day/date-range.ts';
import { addDays } from '../business-day/calendar-day.ts';
import { zQueryFlag } from '../validation/limits.ts';

/**
 * Insight (issue 24): the comparison across locations. One row per restaurant the caller can see, for
 * a period of business days (each restaurant's own), with the equal-length period right before beside it.
 */

/** Measures a row can be sorted by. Labour is worked out only for the rows shown, so it does not sort. */
export const COMPARISON_SORTS = [
  'name',
  'netSales',
  'orders',
  'guests',
  'averageCheck',
  'refunds',
  'discounts',
  'netSalesChange',
] as const;
export type TComparisonSort = (typeof COMPARISON_SORTS)[number];

/** Measures with a daily trend (summed over every restaurant in reach). */
export const TREND_MEASURES = ['netSales', 'orders', 'guests', 'averageCheck', 'refunds', 'discounts'] as const;
export type TTrendMeasure = (typeof TREND_MEASURES)[number];

export const COMPARISON_PAGE_SIZE_MAX = 100;

const comparisonShape = {
  from: ZBusinessDay,
  to: ZBusinessDay,
  sort: z.enum(COMPARISON_SORTS).default('netSales'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** A restaurant's name contains this (case-insensitive). */
  q: z.string().trim().max(80).optional(),
};

function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const days = daysInRange(range);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeReversed'].en });
  else if (days > MAX_REPORT_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeTooLong'].en });
  }
}
const whenFieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

export const ZComparisonQuery = z
  .object({
    ...comparisonShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(COMPARISON_PAGE_SIZE_MAX).default(25),
    /**
     * Whether to work out labour (shift by shift, like the timesheet). The page asks first without it,
     * so the rollup figures show at once, then again with it for the labour column.
     */
    labor: z.union([z.boolean(), zQueryFlag()]).default(true),
  })
  .superRefine(checkRange, whenFieldsValid);
export type TComparisonQuery = z.infer<typeof ZComparisonQuery>;

export const ZComparisonExportQuery = z
  .object({
    ...comparisonShape,
    format: z.enum(['csv', 'xlsx']).default('csv'),
    lang: z.enum(['en', 'zh']).default('en'),
  })
  .superRefine(checkRange, whenFieldsValid);
export type TComparisonExportQuery = z.infer<typeof ZComparisonExportQuery>;

const ZCents = z.number().int();
const ZCount = z.number().int().min(0);

/** The figures of one period. Labour is null where it was not worked out (totals of a large group). */
export const ZComparisonFigures = z.object({
  netSalesCents: ZCents,
  orders: ZCount,
  guests: ZCount,
  /** Net sales / orders, rounded to the cent; 0 without orders. */
  averageCheckCents: ZCents,
  laborCents: ZCents.nullable(),
  /** Labour / net sales (0..n); null without net sales or labour. */
  laborShare: z.number().nullable(),
  refundsCents: ZCents,
  refundCount: ZCount,
  discountsCents: ZCents,
});
export type TComparisonFigures = z.infer<typeof ZComparisonFigures>;

export const ZComparisonRow = z.object({
  restaurantId: z.number().int(),
  /** The restaurant's node id, to switch into it. */
  xid: z.string(),
  name: z.string(),
  timeZone: z.string().nullable(),
  current: ZComparisonFigures,
  previous: ZComparisonFigures,
});
export type TComparisonRow = z.infer<typeof ZComparisonRow>;

export const ZTrendPoint = z.object({
  /** Day index from the period's start (0-based), so the previous period lines up. */
  index: z.number().int().min(0),
  day: z.string(),
  netSalesCents: ZCents,
  orders: ZCount,
  guests: ZCount,
  averageCheckCents: ZCents,
  refundsCents: ZCents,
  discountsCents: ZCents,
});
export type TTrendPoint = z.infer<typeof ZTrendPoint>;

export const ZComparisonResponse = z.object({
  range: ZDayRange,
  previousRange: ZDayRange,
  /** Restaurants in reach that match the search. */
  total: ZCount,
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(ZComparisonRow),
  totals: z.object({ current: ZComparisonFigures, previous: ZComparisonFigures }),
  /** Whether the totals' labour covers every restaurant (false: more than LABOR_TOTAL_MAX restaurants). */
  laborTotalsComplete: z.boolean(),
  trend: z.object({ current: z.array(ZTrendPoint), previous: z.array(ZTrendPoint) }),
});
export type TComparisonResponse = z.infer<typeof ZComparisonResponse>;

/** Up to this many restaurants the totals include labour; above, labour is shown per row only. */
export const LABOR_TOTAL_MAX = 100;

/** The period right before `range`, of the same length. */
export function previousRange(range: { from: string; to: string }): { from: string; to: string } {
  const days = daysInRange(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Figures worked out from sums: the average check and labour share. */
export function figuresOf(s: {
  netSalesCents: number;
  orders: number;
  guests: number;
  laborCents: number | null;
  refundsCents: number;
  refundCount: number;
  discountsCents: number;
}): TComparisonFigures {
  return {
    netSalesCents: s.netSalesCents,
    orders: s.orders,
    guests: s.guests,
    averageCheckCents: s.orders > 0 ? Math.round(s.netSalesCents / s.orders) : 0,
    laborCents: s.laborCents,
    laborShare: s.laborCents === null || s.netSalesCents <= 0 ? null : s.laborCents / s.netSalesCents,
    refundsCents: s.refundsCents,
    refundCount: s.refundCount,
    discountsCents: s.discountsCents,
  };
}

/** Change from previous to current as a fraction (0.1 = +10%); null when the previous is 0. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

// --- item profitability (menu engineering) ------------------------------------------------------

export const ZProfitabilityQuery = z
  .object({ from: ZBusinessDay, to: ZBusinessDay })
  .superRefine(checkRange, whenFieldsValid);
export type TProfitabilityQuery = z.infer<typeof ZProfitabilityQuery>;

export const ZProfitabilityExportQuery = z
  .object({
    from: ZBusinessDay,
    to: ZBusinessDay,
    format: z.enum(['csv', 'xlsx']).default('csv'),
    lang: z.enum(['en', 'zh']).default('en'),
  })
  .superRefine(checkRange, whenFieldsValid);
export type TProfitabilityExportQuery = z.infer<typeof ZProfitabilityExportQuery>;

export const ZProfitabilityItem = z.object({
  /** The POS item id (the menu's item code). */
  itemCode: z.string(),
  name: z.string(),
  category: z.string(),
  /** The menu item to open in the editor; null when the menu no longer has it. */
  menuItemId: z.number().int().nullable(),
  quantity: z.number(),
  netCents: ZCents,
  costCents: ZCents,
  mix: z.number(),
  marginCents: ZCents,
  totalMarginCents: ZCents,
  foodCostShare: z.number().nullable(),
  quadrant: z.enum(['star', 'plowhorse', 'puzzle', 'dog']),
});
export type TProfitabilityItem = z.infer<typeof ZProfitabilityItem>;

export const ZUncostedItem = z.object({
  itemCode: z.string(),
  name: z.string(),
  category: z.string(),
  menuItemId: z.number().int().nullable(),
  quantity: z.number(),
  netCents: ZCents,
});
export type TUncostedItem = z.infer<typeof ZUncostedItem>;

export const ZProfitabilityResponse = z.object({
  range: ZDayRange,
  items: z.array(ZProfitabilityItem),
  /** Sold items without a cost on the menu (or no longer on it): listed apart, with a prompt to add one. */
  uncosted: z.array(ZUncostedItem),
  popularityThreshold: z.number(),
  marginThresholdCents: ZCents,
  totals: z.object({ quantity: z.number(), netCents: ZCents, totalMarginCents: ZCents }),
});
export type TProfitabilityResponse = z.infer<typeof ZProfitabilityResponse>;
