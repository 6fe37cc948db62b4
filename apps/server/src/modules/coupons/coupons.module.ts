import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';
import { CouponsRepository } from './coupons.repository.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { CouponsService } from './coupons.service.ts';
import { menuIdCheck } from './menu-ids.ts';
import { PremiumCodesService } from './premium-codes.service.ts';

/** Coupons, redemption and premium codes (issue 10); registered in app.ts. */
export function couponsModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = new CouponsRepository(deps.db);
    const coupons = new CouponsService(repo, deps.clock, menuIdCheck(deps.db));
    const premium = new PremiumCodesService(repo, deps.clock, deps.jobs);
    await premium.register();
    await app.register(couponsRoutes(coupons, premium));
  };
}
