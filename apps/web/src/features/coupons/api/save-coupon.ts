import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCoupon, TCouponInput } from '@ra/shared/coupons/coupons.schemas';
import { post, put } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** POST /api/api/coupon (no id) or PUT /api/api/coupon/:id; the form shows field errors itself. */
export function saveCoupon({ id, input }: { id: number | null; input: TCouponInput }): Promise<TCoupon> {
  return id === null
    ? post<TCoupon>('/api/coupon', input, { silent: true })
    : put<TCoupon>(`/api/coupon/${id}`, input, { silent: true });
}

export function useSaveCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
