import type { TDashboardApi } from '../dashboard/dashboard.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { AnalyticsService } from './analytics.service.ts';

/**
 * The analytic center (SPEC 2 "/analyticCenter/index"), read from the sales rollups (reports) and,
 * for a day in progress, the dashboard's "so far" figures.
 */
export function analyticsModule(
  deps: Pick<TModuleDeps, 'clock'> & { reports: TReportsApi; dashboard: TDashboardApi },
): TModule {
  return { routes: analyticsRoutes(new AnalyticsService(deps.reports, deps.dashboard, deps.clock)), api: undefined };
}
