import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TGiftcardListQuery, TGiftcardListResponse } from '@ra/shared/giftcards/giftcards.schemas';
import { get } from '../../../lib/request.ts';
import { giftcardKeys } from './query-keys.ts';

/** GET /api/api/giftcard: search by number, holder and state, paged on the server (viewGiftcard). */
export function getGiftcards(query: TGiftcardListQuery, signal?: AbortSignal): Promise<TGiftcardListResponse> {
  return get<TGiftcardListResponse>('/api/giftcard', { silent: true, signal, query: { ...query } });
}

export function useGiftcards(query: TGiftcardListQuery) {
  return useQuery({
    queryKey: giftcardKeys.list(query),
    queryFn: ({ signal }) => getGiftcards(query, signal),
    placeholderData: keepPreviousData,
  });
}
