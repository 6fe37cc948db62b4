import { queryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../stores/session.ts';
import { dashboardTodayQueryOptions } from './get-dashboard-today.ts';

/**
 * The dashboard route's loader (issue 21): starts today's sales as the route loads, in parallel with
 * the guard's own call and the page's chunks, instead of after the page and its lazy sales panel have
 * rendered. It fills the very cache entry the panel reads (`dashboardTodayQueryOptions`), so the panel
 * joins the request in flight or finds its answer: one request either way. Only for a signed-in user
 * who may see sales (SPEC 6 viewSalesReport), as the panel itself; the guard still decides the page.
 */
export function prefetchDashboard(): Promise<void> {
  const s = useSession.getState();
  if (s.token === '' || s.PagePermissions.viewSalesReport !== true) return Promise.resolve();
  return queryClient.prefetchQuery(dashboardTodayQueryOptions());
}
