import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDayRange } from '@ra/shared/business-day/date-range';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { REPORT_REQUEST } from './report-query.ts';

/**
 * GET /api/api/coupon/performance (editCoupon), the coupon page's own figures: per coupon over the
 * business days, uses, discount given, sales of the orders it was used on and their net. The report
 * calls it here rather than through the coupons feature (features do not import each other).
 */
export function getCouponPerformance(range: TDayRange, opts?: TRequestOptions): Promise<TCouponPerformance> {
  return get<TCouponPerformance>('/api/coupon/performance', {
    ...REPORT_REQUEST,
    ...opts,
    query: { from: range.from, to: range.to },
  });
}

export const couponPerformanceQueryOptions = (range: TDayRange) =>
  queryOptions({
    queryKey: ['reports', 'couponPerformance', { from: range.from, to: range.to }] as const,
    queryFn: ({ signal }) => getCouponPerformance(range, { signal }),
  });

export function useCouponPerformance(range: TDayRange) {
  return useQuery(couponPerformanceQueryOptions(range));
}
