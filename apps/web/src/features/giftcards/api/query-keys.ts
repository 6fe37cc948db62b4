import type { TGiftcardListQuery } from '@ra/shared/giftcards/giftcards.schemas';

/** One place for the gift card cache keys; every movement invalidates them all (balances, reports). */
export const giftcardKeys = {
  all: ['giftcards'] as const,
  list: (query: TGiftcardListQuery) => ['giftcards', 'list', query] as const,
  detail: (id: number) => ['giftcards', 'detail', id] as const,
  liability: (at: string) => ['giftcards', 'liability', at] as const,
  breakage: (months: number) => ['giftcards', 'breakage', months] as const,
};
