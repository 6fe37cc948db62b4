import type { Database } from '../../db/client.ts';
import { GiftcardsRepository } from './giftcards.repository.ts';

/** Money loaded onto gift cards (activations and reloads) and how many loads, in an interval. */
export interface TGiftcardSales {
  amountCents: number;
  count: number;
}

/** Gift card sales from `start` (inclusive) to `end` (exclusive) at one restaurant. */
export type TGiftcardSalesReader = (restaurantId: number, start: Date, end: Date) => Promise<TGiftcardSales>;

/**
 * The one read of the gift card ledger other modules get (the sales report's "Gift card sales" line):
 * a sale of a gift card is not revenue but a liability until the card is spent, and spending it is a
 * payment method, so only the loads are read here.
 */
export function giftcardSalesReader(db: Database): TGiftcardSalesReader {
  const repo = new GiftcardsRepository(db);
  return (restaurantId, start, end) => repo.soldBetween(restaurantId, start, end);
}
