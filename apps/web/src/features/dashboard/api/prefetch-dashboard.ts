import { isValidTimeZone } from '@ra/shared/business-day/business-day';
import { queryClient } from '../../../lib/query-client.ts';
import { useSession, whenRestInfoLoaded } from '../../../stores/session.ts';
import { dashboardTodayQueryOptions } from './get-dashboard-today.ts';

/**
 * The dashboard route's loader (issue 21): starts today's sales as soon as the session's permissions
 * are known (at once after sign-in; after the guard's call on a page load), while the frame, the page
 * and its lazy sales panel are still downloading and rendering, instead of after them. It fills the
 * very cache entry the panel reads (`dashboardTodayQueryOptions`), so the panel joins the request in
 * flight or finds its answer: one request either way. Only for a user who may see sales (SPEC 6
 * viewSalesReport), as the panel itself; the guard still decides the page.
 */
export async function prefetchDashboard(): Promise<void> {
  if (!(await whenRestInfoLoaded())) return;
  warmTimeZone(useSession.getState().locales?.timeZone);
  if (useSession.getState().PagePermissions.viewSalesReport !== true) return;
  await queryClient.prefetchQuery(dashboardTodayQueryOptions());
}

/**
 * The page's first render works out the restaurant's business day, and the first date formatter of a
 * time zone loads the runtime's zone data: about 60 ms on a 4x slower phone, most of the page's
 * render (issue 21). Built here, in a task of its own while the data is on its way, the render finds
 * it made (business-day.ts keeps one per zone).
 */
function warmTimeZone(timeZone: string | undefined): void {
  if (timeZone) setTimeout(() => isValidTimeZone(timeZone), 0);
}
