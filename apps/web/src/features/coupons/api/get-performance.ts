import { useQuery } from '@tanstack/react-query';
import type { TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { get } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** GET /api/api/coupon/performance: uses, discount, sales and net per coupon over business days. */
export function getCouponPerformance(from: string, to: string, signal?: AbortSignal): Promise<TCouponPerformance> {
  return get<TCouponPerformance>('/api/coupon/performance', { silent: true, signal, query: { from, to } });
}

export function useCouponPerformance(from: string, to: string) {
  return useQuery({
    queryKey: couponKeys.performance(from, to),
    queryFn: ({ signal }) => getCouponPerformance(from, to, signal),
  });
}
