import { z } from 'zod';
import { ZBusinessDay, ZDateRange, ZDayRange } from '../reports/reports.schemas.ts';

/**
 * The analytic center (SPEC 2 /analyticCenter/index, SPEC 6 viewAnalyticCenter). One contract: the
 * server validates and documents with these, the web reads its answers as these types.
 */

/** A range of business days, from <= to, at most a report's length. */
export const ZAnalyticsQuery = ZDateRange;
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

const ZPeriodFigures = z.object({
  range: ZDayRange,
  /**
   * Set when the period holds today, still in progress, or is compared with a period that does: that
   * day counts orders opened before `until`, so both sides cover the same time of day, and later days
   * count on neither side.
   */
  partial: z.object({ day: ZBusinessDay, until: z.iso.datetime({ offset: true }) }).nullable(),
  netSalesCents: z.number().int(),
  orders: z.number().int(),
  guests: z.number().int(),
  averageCheckCents: z.number().int(),
});
export type TPeriodFigures = z.infer<typeof ZPeriodFigures>;

const ZComparison = z.object({
  current: ZPeriodFigures,
  previous: ZPeriodFigures,
  /** (current - previous) / previous per figure; null when the previous figure is 0. */
  change: z.object({
    netSales: z.number().nullable(),
    orders: z.number().nullable(),
    guests: z.number().nullable(),
    averageCheck: z.number().nullable(),
  }),
});
export type TComparison = z.infer<typeof ZComparison>;

const ZItemRank = z.object({
  itemId: z.string(),
  itemName: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  netCents: z.number().int(),
});
export type TItemRank = z.infer<typeof ZItemRank>;

export const ZAnalyticsOverviewResponse = z.object({
  range: ZDayRange,
  /** The restaurant's business day now; null while it has no time zone. */
  today: z.string().nullable(),
  /** The last 7 business days of the range against the 7 before. */
  weekOverWeek: ZComparison,
  /** The range against the same weekdays 52 weeks earlier (364 days, so Fridays meet Fridays). */
  yearOverYear: ZComparison,
  /**
   * Weekday of the business day (0 = Sunday) x local hour opened; every cell present. `orders` and
   * `netSalesCents` are sums over the cell's `days`: the range's days up to yesterday, and today only
   * once the hour is over (a day in progress does not count its hours to come as quiet ones).
   * `averageOrders` = orders / days, one decimal (0 without days): what the heat map shows.
   */
  heatmap: z.array(
    z.object({
      weekday: z.number().int(),
      hour: z.number().int(),
      orders: z.number().int(),
      netSalesCents: z.number().int(),
      days: z.number().int().min(0),
      averageOrders: z.number().min(0),
    }),
  ),
  topItems: z.array(ZItemRank),
  bottomItems: z.array(ZItemRank),
  /** By week (Monday start) of the range, up to today. */
  averageCheckTrend: z.array(
    z.object({
      week: z.string(),
      /** Business days of the week inside the range and not after today (7 for a whole week). */
      days: z.number().int(),
      /** The week holds today, which is still in progress. */
      inProgress: z.boolean(),
      orders: z.number().int(),
      netSalesCents: z.number().int(),
      /** Null when the week has no orders: no average, rather than a $0 one. */
      averageCheckCents: z.number().int().nullable(),
    }),
  ),
});
export type TAnalyticsOverviewResponse = z.infer<typeof ZAnalyticsOverviewResponse>;
export type TCheckTrendWeek = TAnalyticsOverviewResponse['averageCheckTrend'][number];
export type THeatmapCell = TAnalyticsOverviewResponse['heatmap'][number];
