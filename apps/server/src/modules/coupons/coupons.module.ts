import type { TMediaApi } from '../media/media.module.ts';
import type { TMenuApi } from '../menu/menu.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { CouponsRepository } from './coupons.repository.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { CouponsService } from './coupons.service.ts';
import { PremiumCodesService } from './premium-codes.service.ts';

/**
 * Coupons, redemption and premium codes (issue 10); registered in app.ts. Rules name menu ids, checked
 * through the menu's api; the customer photo approval offers the restaurant's active coupons as a
 * reward (issue 8), told to the media module through its api.
 */
export function couponsModule(deps: TModuleDeps & { menu: TMenuApi; media: TMediaApi }): TModule {
  const repo = new CouponsRepository(deps.db);
  const coupons = new CouponsService(repo, deps.clock, deps.menu, deps.jobs);
  const premium = new PremiumCodesService(repo, deps.clock, deps.jobs, deps.config.holdPoints);
  deps.media.offerRewardCoupons({
    list: async (restaurantId) =>
      (await repo.activeCoupons(restaurantId, 200)).map((c) => ({ id: c.id, name: c.name })),
  });
  return {
    routes: async (app) => {
      await coupons.register();
      await premium.register();
      await app.register(couponsRoutes(coupons, premium, (restaurantId) => deps.menu.couponMenu(restaurantId)));
    },
    api: undefined,
  };
}
