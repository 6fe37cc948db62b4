import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS, type TCompsVoidsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

export interface TPageRequest {
  page: number;
  pageSize: number;
}

/** GET comped and voided lines with who and why, one page at a time (totals cover the whole range). */
export function getCompsVoids(
  range: TReportRange,
  paging: TPageRequest,
  opts?: TRequestOptions,
): Promise<TCompsVoidsResponse> {
  return get<TCompsVoidsResponse>(REPORT_PATHS.compsVoids, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range, { page: paging.page, pageSize: paging.pageSize }),
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
