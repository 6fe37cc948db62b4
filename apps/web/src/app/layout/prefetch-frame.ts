import { inboxQueryOptions } from '../../features/agent/api/get-inbox.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession, whenRestInfoLoaded } from '../../stores/session.ts';

/**
 * The signed-in frame's route loader (issue 21): starts what the frame itself shows, the bell's
 * notifications, once the session is known, while the frame's code still downloads. Asked by the
 * bell only once it was on screen, the request began in the middle of the frame's first commit,
 * and its "now fetching" re-rendered the frame synchronously before the first paint; started here,
 * the bell joins the request in flight (the same cache entry): one request either way. Only when a
 * restaurant is chosen, as the bell.
 */
export async function prefetchFrame(): Promise<void> {
  if (!(await whenRestInfoLoaded())) return;
  if (!useSession.getState().restId) return;
  await queryClient.prefetchQuery(inboxQueryOptions());
}
