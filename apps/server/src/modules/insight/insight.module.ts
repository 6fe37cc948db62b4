import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TWorkHoursApi } from '../work-hours/work-hours.module.ts';
import { ComparisonRepository } from './comparison.repository.ts';
import { comparisonRoutes } from './comparison.routes.ts';
import { ComparisonService } from './comparison.service.ts';

/** Nothing outside the insight module calls into it. */
export type TInsightApi = undefined;

/**
 * Insight across restaurants (issue 24): the comparison across locations, read from the daily rollups,
 * with labour cost from the work-hours module.
 */
export function insightModule(deps: Pick<TModuleDeps, 'db'> & { workHours: TWorkHoursApi }): TModule<TInsightApi> {
  const comparison = new ComparisonService(new ComparisonRepository(deps.db), (restaurantId, periods) =>
    deps.workHours.laborCents(restaurantId, periods),
  );
  return {
    routes: async (app) => {
      await app.register(comparisonRoutes(comparison));
    },
    api: undefined,
  };
}
