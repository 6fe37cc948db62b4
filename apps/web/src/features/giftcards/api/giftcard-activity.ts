import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGiftcardActivityRequest, TGiftcardDetail } from '@ra/shared/giftcards/giftcards.schemas';
import { post } from '../../../lib/request.ts';
import { giftcardKeys } from './query-keys.ts';

/** POST /api/api/giftcard/:id/activity: load, redeem, refund, clear, adjust, block, unblock, deactivate. */
export function giftcardActivity({
  id,
  activity,
}: {
  id: number;
  activity: TGiftcardActivityRequest;
}): Promise<TGiftcardDetail> {
  return post<TGiftcardDetail>(`/api/giftcard/${id}/activity`, activity, { silent: true });
}

export function useGiftcardActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: giftcardActivity,
    onSuccess: () => client.invalidateQueries({ queryKey: giftcardKeys.all }),
  });
}
