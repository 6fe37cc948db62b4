import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCouponListQuery, TCouponListResponse } from '@ra/shared/coupons/coupons.schemas';
import { get } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** GET /api/api/coupon: the restaurant's coupons, searched and paged on the server (editCoupon). */
export function getCoupons(query: TCouponListQuery, signal?: AbortSignal): Promise<TCouponListResponse> {
  return get<TCouponListResponse>('/api/coupon', { silent: true, signal, query: { ...query } });
}

export function useCoupons(query: TCouponListQuery) {
  return useQuery({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => getCoupons(query, signal),
    placeholderData: keepPreviousData,
  });
}
