import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TTaxesResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET taxes by name and rate. */
export function getTaxes(range: TReportRange, opts?: TRequestOptions): Promise<TTaxesResponse> {
  return get<TTaxesResponse>(REPORT_PATHS.taxes, { ...REPORT_REQUEST, ...opts, query: reportQuery(range) });
}

export const taxesQueryOptions = (range: TReportRange) =>
  queryOptions({ queryKey: reportKey('taxes', range), queryFn: ({ signal }) => getTaxes(range, { signal }) });

export function useTaxes(range: TReportRange) {
  return useQuery(taxesQueryOptions(range));
}
