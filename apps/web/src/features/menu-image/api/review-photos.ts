import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPhotoApproveRequest, TPhotoRefuseRequest, TPhotoReviewResponse } from '@ra/shared/media/media.schemas';
import { post } from '../../../lib/request.ts';
import { menuImageKeys } from './query-keys.ts';

/** POST approve (SPEC 4 "passed/approved, optionally sending a reward coupon"): all or none. */
export function approvePhotos(input: TPhotoApproveRequest): Promise<TPhotoReviewResponse> {
  return post<TPhotoReviewResponse>('/api/menuImage/approve', input, { silent: true });
}

/** POST refuse with a reason: all or none. */
export function refusePhotos(input: TPhotoRefuseRequest): Promise<TPhotoReviewResponse> {
  return post<TPhotoReviewResponse>('/api/menuImage/refuse', input, { silent: true });
}

export function useApprovePhotos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approvePhotos,
    onSuccess: () => client.invalidateQueries({ queryKey: menuImageKeys.all }),
  });
}

export function useRefusePhotos() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refusePhotos,
    onSuccess: () => client.invalidateQueries({ queryKey: menuImageKeys.all }),
  });
}
