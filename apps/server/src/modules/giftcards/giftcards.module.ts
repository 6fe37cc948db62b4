import type { TModule, TModuleDeps } from '../module-deps.ts';
import { giftcardSalesReader, type TGiftcardSalesReader } from './giftcard-sales.ts';
import { GiftcardsRepository } from './giftcards.repository.ts';
import { giftcardsRoutes } from './giftcards.routes.ts';
import { GiftcardsService } from './giftcards.service.ts';

export type { TGiftcardSales, TGiftcardSalesReader } from './giftcard-sales.ts';

/** What other modules may read of gift cards. */
export interface TGiftcardsApi {
  /**
   * Gift card sales (activations and reloads) from `start` (inclusive) to `end` (exclusive) at one
   * restaurant: the sales report's "Gift card sales" line.
   */
  sales: TGiftcardSalesReader;
}

/** Gift cards (issue 10); registered in app.ts. */
export function giftcardsModule(deps: Pick<TModuleDeps, 'db' | 'clock' | 'email'>): TModule<TGiftcardsApi> {
  return {
    routes: async (app) => {
      const service = new GiftcardsService(new GiftcardsRepository(deps.db), deps.clock, deps.email);
      await app.register(giftcardsRoutes(service));
    },
    api: { sales: giftcardSalesReader(deps.db) },
  };
}
