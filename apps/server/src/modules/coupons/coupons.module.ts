import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaHooks } from '../media/media.hooks.ts';
import type { TModuleDeps } from '../module-deps.ts';
import { CouponsRepository } from './coupons.repository.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { CouponsService } from './coupons.service.ts';
import { couponMenu, menuIdCheck } from './menu-ids.ts';
import { PremiumCodesService } from './premium-codes.service.ts';

/** Coupons, redemption and premium codes (issue 10); registered in app.ts. */
export function couponsModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = new CouponsRepository(deps.db);
    const coupons = new CouponsService(repo, deps.clock, menuIdCheck(deps.db), deps.jobs);
    await coupons.register();
    const premium = new PremiumCodesService(repo, deps.clock, deps.jobs, deps.config.holdPoints);
    await premium.register();
    // the customer photo approval offers the restaurant's active coupons as a reward (issue 8)
    mediaHooks(deps.db).setRewardCoupons({
      list: async (restaurantId) =>
        (await repo.activeCoupons(restaurantId, 200)).map((c) => ({ id: c.id, name: c.name })),
    });
    await app.register(couponsRoutes(coupons, premium, (restaurantId) => couponMenu(deps.db, restaurantId)));
  };
}
