import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnalyticsOverviewResponse } from '@ra/shared/analytics/analytics.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** GET the analytic center's overview for a range of business days (SPEC 6 viewAnalyticCenter). */
export function getAnalyticsOverview(
  range: { from: string; to: string },
  opts?: TRequestOptions,
): Promise<TAnalyticsOverviewResponse> {
  return get<TAnalyticsOverviewResponse>('/api/analytics/overview', { silent: true, ...opts, query: { ...range } });
}

export const analyticsOverviewQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['analytics', 'overview', range.from, range.to],
    queryFn: ({ signal }) => getAnalyticsOverview(range, { signal }),
  });

export function useAnalyticsOverview(range: { from: string; to: string }) {
  return useQuery({ ...analyticsOverviewQueryOptions(range), placeholderData: keepPreviousData });
}
