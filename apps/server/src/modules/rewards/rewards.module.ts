import type { TModule, TModuleDeps } from '../module-deps.ts';
import { RewardsRepository } from './rewards.repository.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { RewardsService } from './rewards.service.ts';

/**
 * Loyalty rewards (issue 24): the catalogue, the points ledger, POS redemption and the report;
 * registered in app.ts. Nothing is offered to other modules.
 */
export function rewardsModule(deps: Pick<TModuleDeps, 'db' | 'clock'>): TModule {
  return {
    routes: async (app) => {
      await app.register(rewardsRoutes(new RewardsService(new RewardsRepository(deps.db), deps.clock)));
    },
    api: undefined,
  };
}
