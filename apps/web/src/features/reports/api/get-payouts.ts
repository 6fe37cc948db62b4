import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type TPayoutsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

export interface TPageRequest {
  page: number;
  pageSize: number;
}

/** GET cash payouts and processor deposits, one page at a time (totals cover the whole range). */
export function getPayouts(
  range: TReportRange,
  paging: TPageRequest,
  opts?: TRequestOptions,
): Promise<TPayoutsResponse> {
  return get<TPayoutsResponse>(REPORT_PATHS.payout, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range, { page: paging.page, pageSize: paging.pageSize }),
  });
}

export const payoutQueryOptions = (range: TReportRange, paging: TPageRequest) =>
  queryOptions({
    queryKey: reportKey('payout', range, { ...paging }),
    queryFn: ({ signal }) => getPayouts(range, paging, { signal }),
  });

export function usePayouts(range: TReportRange, paging: TPageRequest) {
  return useQuery({ ...payoutQueryOptions(range, paging), placeholderData: keepPreviousData });
}
