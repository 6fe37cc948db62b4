import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStackingPolicy } from '@ra/shared/coupons/coupons.schemas';
import { get, put } from '../../../lib/request.ts';
import { couponKeys } from './query-keys.ts';

/** GET /api/api/coupon/settings: whether stackable coupons combine, and which wins otherwise. */
export function getStackingPolicy(signal?: AbortSignal): Promise<TStackingPolicy> {
  return get<TStackingPolicy>('/api/coupon/settings', { silent: true, signal });
}

export function useStackingPolicy() {
  return useQuery({ queryKey: couponKeys.policy(), queryFn: ({ signal }) => getStackingPolicy(signal) });
}

/** PUT /api/api/coupon/settings. */
export function saveStackingPolicy(policy: TStackingPolicy): Promise<TStackingPolicy> {
  return put<TStackingPolicy>('/api/coupon/settings', policy);
}

export function useSaveStackingPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveStackingPolicy,
    onSuccess: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
