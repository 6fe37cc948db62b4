import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** DELETE /api/api/coupon/:id: its codes stop working; past redemptions stay in the reports. */
export function deleteCoupon(id: number): Promise<{ ok: true }> {
  return del<{ ok: true }>(`/api/coupon/${id}`);
}

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
