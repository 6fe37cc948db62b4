import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_PATHS } from '@ra/shared/reports/report-constants';
import type { TOperationResponse } from '@ra/shared/reports/reports.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST, reportKey, reportQuery } from './report-query.ts';

/** GET operation figures: orders, guests, averages, turn time, open and voided checks, refunds. */
export function getOperation(range: TReportRange, opts?: TRequestOptions): Promise<TOperationResponse> {
  return get<TOperationResponse>(REPORT_PATHS.operation, { ...REPORT_REQUEST, ...opts, query: reportQuery(range) });
}

export const operationQueryOptions = (range: TReportRange) =>
  queryOptions({ queryKey: reportKey('operation', range), queryFn: ({ signal }) => getOperation(range, { signal }) });

export function useOperation(range: TReportRange) {
  return useQuery(operationQueryOptions(range));
}
