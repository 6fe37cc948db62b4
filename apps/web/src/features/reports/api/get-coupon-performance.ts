import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import type { TReportRange } from '../report-range.ts';
import { REPORT_REQUEST } from './report-query.ts';

/**
 * GET /api/api/coupon/performance (editCoupon), the coupon page's own figures: per coupon over the
 * business days, uses, discount given, sales of the orders it was used on and their net. With the
 * report's preset the server adds the comparison period, cut at the same time when the range ends
 * today, as for every other section. The report calls it here rather than through the coupons feature
 * (features do not import each other).
 */
export function getCouponPerformance(range: TReportRange, opts?: TRequestOptions): Promise<TCouponPerformance> {
  return get<TCouponPerformance>('/api/coupon/performance', {
    ...REPORT_REQUEST,
    ...opts,
    query: { from: range.from, to: range.to, preset: range.preset },
  });
}

export const couponPerformanceQueryOptions = (range: TReportRange) =>
  queryOptions({
    queryKey: ['reports', 'couponPerformance', { from: range.from, to: range.to, preset: range.preset }] as const,
    queryFn: ({ signal }) => getCouponPerformance(range, { signal }),
  });

export function useCouponPerformance(range: TReportRange) {
  return useQuery(couponPerformanceQueryOptions(range));
}
