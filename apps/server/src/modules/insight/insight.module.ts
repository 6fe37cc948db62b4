import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TMenuApi } from '../menu/menu.module.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import type { TWorkHoursApi } from '../work-hours/work-hours.module.ts';
import { ComparisonRepository } from './comparison.repository.ts';
import { comparisonRoutes } from './comparison.routes.ts';
import { ComparisonService } from './comparison.service.ts';
import { profitabilityRoutes } from './profitability.routes.ts';
import { ProfitabilityService } from './profitability.service.ts';

/** Nothing outside the insight module calls into it. */
export type TInsightApi = undefined;

/**
 * Insight (issue 24): the comparison across locations, read from the daily rollups with labour cost
 * from the work-hours module, and item profitability from item sales (reports) and item costs (menu).
 */
export function insightModule(
  deps: Pick<TModuleDeps, 'db'> & { workHours: TWorkHoursApi; reports: TReportsApi; menu: TMenuApi },
): TModule<TInsightApi> {
  const comparison = new ComparisonService(new ComparisonRepository(deps.db), (restaurantId, periods) =>
    deps.workHours.laborCents(restaurantId, periods),
  );
  const profitability = new ProfitabilityService({
    itemSales: (restaurantId, range) => deps.reports.itemSales(restaurantId, range),
    menuItems: (restaurantId) => deps.menu.items(restaurantId),
  });
  const restaurantName = async (restaurantId: number) => (await deps.reports.fileContext(restaurantId)).restaurant;
  return {
    routes: async (app) => {
      await app.register(comparisonRoutes(comparison));
      await app.register(profitabilityRoutes(profitability, restaurantName));
    },
    api: undefined,
  };
}
