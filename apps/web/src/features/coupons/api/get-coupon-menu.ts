import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCouponMenu } from '@ra/shared/coupons/coupons.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** GET /api/api/coupon/menu: the restaurant's categories, items and toppings for the pickers. */
export function getCouponMenu(opts?: TRequestOptions): Promise<TCouponMenu> {
  return get<TCouponMenu>('/api/coupon/menu', { silent: true, ...opts });
}

export const couponMenuQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.menu(),
    queryFn: ({ signal }) => getCouponMenu({ signal }),
    staleTime: 60_000,
  });

export function useCouponMenu() {
  return useQuery(couponMenuQueryOptions());
}
