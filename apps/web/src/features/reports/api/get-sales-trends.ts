import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type TTrendGranularity } from '@ra/shared/reports/report-constants';
import type { TSalesTrendsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET sales trend buckets (hour of day, day, week or month) with the comparison period's buckets. */
export function getSalesTrends(
  range: TReportRange,
  granularity: TTrendGranularity,
  opts?: TRequestOptions,
): Promise<TSalesTrendsResponse> {
  return get<TSalesTrendsResponse>(REPORT_PATHS.salesTrends, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range, { granularity }),
  });
}

export const salesTrendsQueryOptions = (range: TReportRange, granularity: TTrendGranularity) =>
  queryOptions({
    queryKey: reportKey('salesTrends', range, { granularity }),
    queryFn: ({ signal }) => getSalesTrends(range, granularity, { signal }),
  });

export function useSalesTrends(range: TReportRange, granularity: TTrendGranularity) {
  // switching hour/day/week keeps the old chart on screen until the new buckets arrive
  return useQuery({ ...salesTrendsQueryOptions(range, granularity), placeholderData: keepPreviousData });
}
