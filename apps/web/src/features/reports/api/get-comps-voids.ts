import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type TCompsVoidsSortKey } from '@ra/shared/reports/report-constants';
import type { TCompsVoidsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, listQuery, reportKey, type TListRequest } from './report-query.ts';

export type TPageRequest = TListRequest<TCompsVoidsSortKey>;

/**
 * GET comped and voided lines with who and why, one page at a time in the asked order (the server sorts
 * the whole range; totals cover it too).
 */
export function getCompsVoids(
  range: TReportRange,
  paging: TPageRequest,
  opts?: TRequestOptions,
): Promise<TCompsVoidsResponse> {
  return get<TCompsVoidsResponse>(REPORT_PATHS.compsVoids, {
    ...REPORT_REQUEST,
    ...opts,
    query: listQuery(range, paging),
  });
}

export const compsVoidsQueryOptions = (range: TReportRange, paging: TPageRequest) =>
  queryOptions({
    queryKey: reportKey('compsVoids', range, { ...paging }),
    queryFn: ({ signal }) => getCompsVoids(range, paging, { signal }),
  });

export function useCompsVoids(range: TReportRange, paging: TPageRequest) {
  return useQuery({ ...compsVoidsQueryOptions(range, paging), placeholderData: keepPreviousData });
}
