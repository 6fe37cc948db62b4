import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TOptionSalesResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET option (modifier) sales. */
export function getOptionSales(range: TReportRange, opts?: TRequestOptions): Promise<TOptionSalesResponse> {
  return get<TOptionSalesResponse>(REPORT_PATHS.optionSales, { ...REPORT_REQUEST, ...opts, query: reportQuery(range) });
}

export const optionSalesQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: reportKey('optionSales', range),
    queryFn: ({ signal }) => getOptionSales(range, { signal }),
  });

export function useOptionSales(range: TReportRange) {
  return useQuery(optionSalesQueryOptions(range));
}
