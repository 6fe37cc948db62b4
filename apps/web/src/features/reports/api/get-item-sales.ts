import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TItemSalesResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET item sales with each item's figures in the comparison period. */
export function getItemSales(range: TReportRange, opts?: TRequestOptions): Promise<TItemSalesResponse> {
  return get<TItemSalesResponse>(REPORT_PATHS.itemSales, { ...REPORT_REQUEST, ...opts, query: reportQuery(range) });
}

export const itemSalesQueryOptions = (range: TReportRange) =>
  queryOptions({ queryKey: reportKey('itemSales', range), queryFn: ({ signal }) => getItemSales(range, { signal }) });

export function useItemSales(range: TReportRange) {
  return useQuery(itemSalesQueryOptions(range));
}
