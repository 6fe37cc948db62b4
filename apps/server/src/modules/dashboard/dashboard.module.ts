import type { TModule, TModuleDeps } from '../module-deps.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** What other modules read of the dashboard: a business day's figures up to an instant. */
export interface TDashboardApi {
  /** Net sales, orders and guests of the closed orders of business day `day` opened before `until`. */
  daySoFar(
    restaurantId: number,
    day: string,
    until: Date,
  ): Promise<{ netSalesCents: number; orders: number; guests: number }>;
}

/** The dashboard home and the order calendar (SPEC 2 "/dashboard", "/orderCalendar"). */
export function dashboardModule(deps: Pick<TModuleDeps, 'db' | 'clock'>): TModule<TDashboardApi> {
  const repo = new DashboardRepository(deps.db);
  return {
    routes: dashboardRoutes(new DashboardService(repo, deps.clock)),
    api: { daySoFar: (restaurantId, day, until) => repo.daySoFar(restaurantId, day, until) },
  };
}
