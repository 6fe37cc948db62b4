import { useQuery } from '@tanstack/react-query';
import type { TGiftcardDetail } from '@ra/shared/giftcards/giftcards.schemas';
import { get } from '../../../lib/request.ts';
import { giftcardKeys } from './query-keys.ts';

/** GET /api/api/giftcard/:id: the card with its history, newest first. */
export function getGiftcard(id: number, signal?: AbortSignal): Promise<TGiftcardDetail> {
  return get<TGiftcardDetail>(`/api/giftcard/${id}`, { silent: true, signal });
}

export function useGiftcard(id: number | null) {
  return useQuery({
    queryKey: giftcardKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getGiftcard(id ?? 0, signal),
    enabled: id !== null,
  });
}
