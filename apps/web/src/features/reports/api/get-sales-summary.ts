import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TSalesSummaryResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET sales summary: the figures of the range and of the comparison period, and the same by channel. */
export function getSalesSummary(range: TReportRange, opts?: TRequestOptions): Promise<TSalesSummaryResponse> {
  return get<TSalesSummaryResponse>(REPORT_PATHS.salesSummary, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range),
  });
}

export const salesSummaryQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: reportKey('salesSummary', range),
    queryFn: ({ signal }) => getSalesSummary(range, { signal }),
  });

export function useSalesSummary(range: TReportRange) {
  return useQuery(salesSummaryQueryOptions(range));
}
