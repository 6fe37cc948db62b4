import { z } from 'zod';
import { ZBusinessDay, ZDayRange, MAX_REPORT_RANGE_DAYS, REPORT_MESSAGES } from '@ra/shared/reports/reports.schemas';
import { daysInRange } from '@ra/shared/business-day/date-range';

/** Kept beside the routes until the web app needs them in packages/shared. */

export const ZAnalyticsQuery = z.object({ from: ZBusinessDay, to: ZBusinessDay }).superRefine((q, ctx) => {
  const days = daysInRange(q);
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeReversed'].en });
  else if (days > MAX_REPORT_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeTooLong'].en });
  }
});

const ZPeriodFigures = z.object({
  range: ZDayRange,
  netSalesCents: z.number().int(),
  orders: z.number().int(),
  guests: z.number().int(),
  averageCheckCents: z.number().int(),
});

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

const ZItemRank = z.object({
  itemId: z.string(),
  itemName: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  netCents: z.number().int(),
});

export const ZAnalyticsOverviewResponse = z.object({
  range: ZDayRange,
  /** The last 7 business days of the range against the 7 before. */
  weekOverWeek: ZComparison,
  /** The range against the same weekdays 52 weeks earlier (364 days, so Fridays meet Fridays). */
  yearOverYear: ZComparison,
  /** Weekday of the business day (0 = Sunday) x local hour opened; every cell present. */
  heatmap: z.array(
    z.object({
      weekday: z.number().int(),
      hour: z.number().int(),
      orders: z.number().int(),
      netSalesCents: z.number().int(),
    }),
  ),
  topItems: z.array(ZItemRank),
  bottomItems: z.array(ZItemRank),
  /** By week (Monday start) of the range. */
  averageCheckTrend: z.array(
    z.object({
      week: z.string(),
      orders: z.number().int(),
      netSalesCents: z.number().int(),
      averageCheckCents: z.number().int(),
    }),
  ),
});
export type TAnalyticsOverviewResponse = z.infer<typeof ZAnalyticsOverviewResponse>;
