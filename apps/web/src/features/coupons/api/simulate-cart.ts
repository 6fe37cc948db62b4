import { useMutation } from '@tanstack/react-query';
import type { TSimulateRequest, TSimulateResponse } from '@ra/shared/coupons/coupons.schemas';
import { post } from '../../../lib/request.ts';

/** POST /api/api/coupon/simulate: which coupons apply to a cart and why the others do not; changes nothing. */
export function simulateCart(request: TSimulateRequest): Promise<TSimulateResponse> {
  return post<TSimulateResponse>('/api/coupon/simulate', request, { silent: true });
}

export function useSimulateCart() {
  return useMutation({ mutationFn: simulateCart });
}
