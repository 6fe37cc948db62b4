import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TDiscountsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET discounts by name and kind (comps are their own section). */
export function getDiscounts(range: TReportRange, opts?: TRequestOptions): Promise<TDiscountsResponse> {
  return get<TDiscountsResponse>(REPORT_PATHS.discounts, { ...REPORT_REQUEST, ...opts, query: reportQuery(range) });
}

export const discountsQueryOptions = (range: TReportRange) =>
  queryOptions({ queryKey: reportKey('discounts', range), queryFn: ({ signal }) => getDiscounts(range, { signal }) });

export function useDiscounts(range: TReportRange) {
  return useQuery(discountsQueryOptions(range));
}
