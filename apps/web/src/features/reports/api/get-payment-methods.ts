import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TPaymentMethodsResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET payments and refunds by method and card brand. */
export function getPaymentMethods(range: TReportRange, opts?: TRequestOptions): Promise<TPaymentMethodsResponse> {
  return get<TPaymentMethodsResponse>(REPORT_PATHS.paymentMethods, {
    ...REPORT_REQUEST,
    ...opts,
    query: reportQuery(range),
  });
}

export const paymentMethodsQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: reportKey('paymentMethods', range),
    queryFn: ({ signal }) => getPaymentMethods(range, { signal }),
  });

export function usePaymentMethods(range: TReportRange) {
  return useQuery(paymentMethodsQueryOptions(range));
}
