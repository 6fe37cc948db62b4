import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type TPayoutSortKey } from '@ra/shared/reports/report-constants';
import type { TPayoutsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, listQuery, reportKey, type TListRequest } from './report-query.ts';

export type TPageRequest = TListRequest<TPayoutSortKey>;

/**
 * GET cash payouts and processor deposits, one page at a time in the asked order (the server sorts the
 * whole range; totals cover it too).
 */
export function getPayouts(
  range: TReportRange,
  paging: TPageRequest,
  opts?: TRequestOptions,
): Promise<TPayoutsResponse> {
  return get<TPayoutsResponse>(REPORT_PATHS.payout, {
    ...REPORT_REQUEST,
    ...opts,
    query: listQuery(range, paging),
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
