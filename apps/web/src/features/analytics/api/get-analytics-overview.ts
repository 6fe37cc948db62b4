import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get, type TRequestOptions } from '../../../lib/request.ts';

export interface TPeriodFigures {
  range: { from: string; to: string };
  netSalesCents: number;
  orders: number;
  guests: number;
  averageCheckCents: number;
}

export interface TComparison {
  current: TPeriodFigures;
  previous: TPeriodFigures;
  /** (current - previous) / previous; null when the previous figure is 0. */
  change: { netSales: number | null; orders: number | null; guests: number | null; averageCheck: number | null };
}

export interface TItemRank {
  itemId: string;
  itemName: string;
  category: string;
  quantity: number;
  netCents: number;
}

/** The server's answer (apps/server analytics.schemas.ts ZAnalyticsOverviewResponse). */
export interface TAnalyticsOverview {
  range: { from: string; to: string };
  /** The last 7 business days of the range against the 7 before. */
  weekOverWeek: TComparison;
  /** The range against the same weekdays 52 weeks earlier. */
  yearOverYear: TComparison;
  /** Weekday (0 = Sunday) x local hour; every cell present. */
  heatmap: Array<{ weekday: number; hour: number; orders: number; netSalesCents: number }>;
  topItems: TItemRank[];
  bottomItems: TItemRank[];
  averageCheckTrend: Array<{ week: string; orders: number; netSalesCents: number; averageCheckCents: number }>;
}

/** GET the analytic center's overview for a range of business days (SPEC 6 viewAnalyticCenter). */
export function getAnalyticsOverview(
  range: { from: string; to: string },
  opts?: TRequestOptions,
): Promise<TAnalyticsOverview> {
  return get<TAnalyticsOverview>('/api/analytics/overview', { silent: true, ...opts, query: { ...range } });
}

export const analyticsOverviewQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['analytics', 'overview', range.from, range.to],
    queryFn: ({ signal }) => getAnalyticsOverview(range, { signal }),
  });

export function useAnalyticsOverview(range: { from: string; to: string }) {
  return useQuery({ ...analyticsOverviewQueryOptions(range), placeholderData: keepPreviousData });
}
