import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TCategorySalesResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET sales by sales-report category (SPEC 3 "category"). */
export function getCategorySales(range: TReportRange, opts?: TRequestOptions): Promise<TCategorySalesResponse> {
  return get<TCategorySalesResponse>(REPORT_PATHS.categorySales, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range),
  });
}

export const categorySalesQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: reportKey('categorySales', range),
    queryFn: ({ signal }) => getCategorySales(range, { signal }),
  });

export function useCategorySales(range: TReportRange) {
  return useQuery(categorySalesQueryOptions(range));
}
