import { navigateTo, reloadAt } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useApp } from '../../stores/app.ts';
import { saveAll } from '../../stores/persist.ts';
import { CURRENT_NAME_KEY, useSession } from '../../stores/session.ts';
import { useTags } from '../../stores/tags.ts';
import { useWorkHours } from '../../stores/work-hours.ts';
import { getRest } from './api/get-rest.ts';
import { getRestConfig, isTimeZoneUnset } from './api/get-rest-config.ts';
import { logoutRequest } from './api/logout.ts';
import { switchRestByXid } from './api/switch-rest-by-xid.ts';

/**
 * SPEC 4 logout, local part: token, roles, work-hours state, sidebar, cookies, open tabs and the
 * stored current name. Cached server data goes too, so the next account sees none of it.
 */
export function clearLocalSession(): void {
  useSession.getState().logout();
  useWorkHours.getState().reset();
  useApp.getState().resetSidebar();
  useTags.getState().reset();
  queryClient.clear();
}

/** Ends the session on the server (best effort) and here, then shows the login page. */
export async function logout(): Promise<void> {
  // nothing may refetch with the token being revoked
  await queryClient.cancelQueries();
  try {
    await logoutRequest();
  } catch {
    // an expired or unreachable session still ends locally
  }
  clearLocalSession();
  navigateTo('/login', { replace: true });
}

/** Reads the restaurant info again (after a setting it carries changed, e.g. the time zone). */
export async function refreshRestaurantInfo(): Promise<void> {
  useSession.getState().applyRestInfo(await getRest({ silent: true }));
}

export type TSwitchOutcome = 'selectTimeZone' | 'reload';

/**
 * SPEC 4 "Changing role or account" and "After a restaurant is chosen at login", in SPEC 7's order
 * "Restaurant selection: prelogin, set the selected node (xid, root_xid), acquire token, fetch the
 * timezone setting": prelogin with the signed-in email, select the node on the server, exchange the token for one scoped to it, reload the restaurant info (roles, locales,
 * permissions, name, id, day offset: the menu follows from them), clear open tabs, then either ask
 * for the restaurant's time zone (unset or 'Unknown') or restart the app at `reloadTo` (default: the
 * current page). Rejects with the failing call's ApiError, which the caller shows, when the switch
 * fails before the token is exchanged; after that, the app restarts whatever fails (see below).
 */
export async function switchRestaurant(xid: string, opts: { reloadTo?: string } = {}): Promise<TSwitchOutcome> {
  const before = useSession.getState();
  // loaded now, not with the page: see switch-calls.ts
  const { prelogin, acquireToken } = await import('./switch-calls.ts');
  // the signed-in email; a session restored without it (none today) still switches
  if (before.loginAccount) await prelogin(before.loginAccount);
  await switchRestByXid({ xid, root_xid: before.rootXid || undefined }, { silent: true });
  const { token } = await acquireToken(before.token || undefined);
  useSession.getState().setToken(token);

  // From here the session is the chosen restaurant's. Should a call below fail, the page on screen (the
  // previous restaurant's, its forms included) must not stay under the new token, where a save would
  // write to the chosen restaurant: the app restarts, and its guard loads the restaurant afresh and
  // shows what still fails.
  let timeZoneUnset = false;
  try {
    const info = await getRest({ silent: true });
    const session = useSession.getState();
    session.applyRestInfo(info);
    session.setCurrentAccount(info.xid || xid);
    try {
      localStorage.setItem(CURRENT_NAME_KEY, info.fullname || info.restname || info.name);
    } catch {
      // storage disabled: the name is shown from the session store anyway
    }
    queryClient.clear();
    timeZoneUnset = isTimeZoneUnset((await getRestConfig('timezone', { silent: true })).value);
  } catch {
    // restarted below
  }
  // the open tabs are cleared last, as the app leaves the page: while the time-zone call was out, the
  // page still on screen could put its own tab back (a list writing its filters to the URL)
  if (timeZoneUnset) {
    useTags.getState().reset();
    navigateTo('/selectTimeZone', { replace: true });
    return 'selectTimeZone';
  }
  // The app restarts: the page on screen adds no tab from here on, and the store is saved now rather
  // than only as the browser leaves, so the restarted app opens with the new restaurant's tabs only.
  useTags.getState().resetForRestart();
  saveAll();
  reloadAt(opts.reloadTo);
  return 'reload';
}
