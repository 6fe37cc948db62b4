import { userInfoQueryOptions } from '../../../features/auth/api/get-user-info.ts';
import { prefetchDashboard } from '../../../features/dashboard/api/prefetch-dashboard.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { whenRestInfoLoaded } from '../../../stores/session.ts';

/**
 * The dashboard route's loader (issue 21): today's sales (prefetchDashboard) and the signed-in user's
 * name and e-mail the page's user panel shows. After sign-in the user info is in the cache already and
 * nothing is asked; on a page load the page asked for it only at its first commit, and its "now
 * fetching" re-rendered the page synchronously before the first paint. Started here, the page joins
 * the request in flight (the same cache entry): one request either way.
 */
export async function prefetchDashboardPage(): Promise<void> {
  const userInfo = (async () => {
    if (await whenRestInfoLoaded()) await queryClient.prefetchQuery(userInfoQueryOptions());
  })();
  await Promise.all([prefetchDashboard(), userInfo]);
}
