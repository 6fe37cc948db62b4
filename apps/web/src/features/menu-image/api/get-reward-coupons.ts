import { useQuery } from '@tanstack/react-query';
import type { TRewardCouponsResponse } from '@ra/shared/media/media.schemas';
import { get } from '../../../lib/request.ts';
import { menuImageKeys } from './query-keys.ts';

/** GET the coupons the approve dialog may offer; `available` false until coupons are set up. */
export function getRewardCoupons(signal?: AbortSignal): Promise<TRewardCouponsResponse> {
  return get<TRewardCouponsResponse>('/api/menuImage/rewardCoupons', { silent: true, signal });
}

export function useRewardCoupons(enabled: boolean) {
  return useQuery({ queryKey: menuImageKeys.coupons, queryFn: ({ signal }) => getRewardCoupons(signal), enabled });
}
