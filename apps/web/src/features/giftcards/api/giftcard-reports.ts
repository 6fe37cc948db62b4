import { useQuery } from '@tanstack/react-query';
import type { TBreakage, TLiability } from '@ra/shared/giftcards/giftcards.schemas';
import { get } from '../../../lib/request.ts';
import { giftcardKeys } from './query-keys.ts';

/** GET /api/api/giftcard/liability?at=: the outstanding balance at the end of that business day. */
export function getLiability(at: string, signal?: AbortSignal): Promise<TLiability> {
  return get<TLiability>('/api/giftcard/liability', { silent: true, signal, query: { at } });
}

export function useLiability(at: string) {
  return useQuery({ queryKey: giftcardKeys.liability(at), queryFn: ({ signal }) => getLiability(at, signal) });
}

/** GET /api/api/giftcard/breakage?months=: balances untouched for that many months. */
export function getBreakage(months: number, signal?: AbortSignal): Promise<TBreakage> {
  return get<TBreakage>('/api/giftcard/breakage', { silent: true, signal, query: { months } });
}

export function useBreakage(months: number) {
  return useQuery({ queryKey: giftcardKeys.breakage(months), queryFn: ({ signal }) => getBreakage(months, signal) });
}
