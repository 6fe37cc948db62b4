import Cookies from 'js-cookie';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { showErrorMessage } from '../lib/feedback.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { get, isApiError, type TRequestOptions } from '../lib/request.ts';
import { translateServerMessage } from '../lib/server-message.ts';
import { COOKIE_LEAF, restInfoState, useSession } from '../stores/session.ts';
import {
  decideNavigation,
  NO_TOKEN_PATHS,
  type TNavigationContext,
  type TNavigationDecision,
} from './navigation-guard.ts';
import { normalizePath } from '../lib/access.ts';
import type { TRouteRecord } from '../lib/route-types.ts';
import { accessInputOf } from './access-input.ts';

/** The server's (or the network's) own words when there are any; else the guard says 'Has Error'. */
function failureText(e: unknown): string | undefined {
  if (isApiError(e)) return e.message && e.message !== MESSAGES.error.en ? e.displayMessage : undefined;
  return e instanceof Error && e.message ? e.message : undefined;
}

/**
 * The route table, which the guard needs for every path but the sign-in pages opened without a session:
 * there its decision does not depend on it (the path is one of NO_TOKEN_PATHS, spelled as it is), so
 * the sign-in page does not load it (issue 21: it is its own chunk, with its pages' list of scripts).
 */
async function routesFor(url: URL): Promise<TRouteRecord[]> {
  if (useSession.getState().token === '' && NO_TOKEN_PATHS.includes(normalizePath(url.pathname))) return [];
  return (await import('./route-table.tsx')).routeTable;
}

function contextFor(url: URL, routes: TRouteRecord[]): TNavigationContext {
  const s = useSession.getState();
  return {
    path: url.pathname,
    search: url.search,
    hasToken: s.token !== '',
    // roles restored from the saved session count as not loaded until fetched on this page load
    rolesLoaded: restInfoState.fresh && s.roles.length > 0,
    isLeafCookie: Cookies.get(COOKIE_LEAF),
    userInfoLoaded: false,
    routes,
    access: accessInputOf(s, url.host),
  };
}

/**
 * A failure that says nothing about the session: the network dropped, the server was busy or restarting
 * (5xx, 429), or the call timed out. One such failure should not sign the user out.
 */
export function isTransientFailure(e: unknown): boolean {
  if (isApiError(e)) return e.status === 0 || e.status === 429 || e.status >= 500;
  return true;
}

/** How long the guard waits before asking again after a transient failure. */
export const TRANSIENT_RETRY_MS = 600;

/**
 * SPEC 7 getrest, as features/auth/api/get-rest.ts makes it, called here with the entry's own HTTP client
 * (issue 21): the API module carries TanStack Query, a chunk that downloads beside the signed-in chunk
 * on a page load, and the call waited for it before it could leave.
 */
const getRest = (opts: TRequestOptions) => get<TRestInfoResponse>('/api/getrest', opts);

/**
 * getrest, started before the route table has arrived when the guard will ask for it whatever the
 * table says (issue 21): the table rides in the route-data chunk, which waits for TanStack Query's
 * chunk; a page load's restaurant info need not wait for either.
 */
function earlyRestInfo(url: URL): Promise<TRestInfoResponse> | undefined {
  const first = decideNavigation(contextFor(url, []));
  if (first.action !== 'load' || first.load !== 'restInfo') return undefined;
  const token = useSession.getState().token;
  const call = getRest({ silent: true, noRelogin: useSession.getState().roles.length === 0 });
  // Its answer is the session's as soon as it comes (for the token it was asked with): the first page's
  // data loaders wait for the permissions and time zone in it (whenRestInfoLoaded), and the guard's
  // turn comes only after the route table and the first page's code have run, a long task or two
  // later on a phone (issue 21). A failure is the guard's to handle, as before.
  call.then(
    (info) => {
      if (useSession.getState().token !== token) return;
      appliedEarly = info;
      useSession.getState().applyRestInfo(info);
    },
    () => {},
  );
  return call;
}

/** The early answer already applied to the session, which the guard need not apply again. */
let appliedEarly: TRestInfoResponse | undefined;

/** The call startRestInfo began, for the guard's first navigation only. */
let started: Promise<TRestInfoResponse> | undefined;

/**
 * Starts the page load's getrest as the app starts (main.tsx), before the router has even fetched the
 * route table it matches the page with: the guard's first navigation then finds it on its way.
 */
export function startRestInfo(url: URL): Promise<TRestInfoResponse> | undefined {
  started ??= earlyRestInfo(url);
  return started;
}

/** Runs the guard to a final decision, performing the loads it asks for (at most one of each). */
export async function resolveNavigation(url: URL): Promise<Exclude<TNavigationDecision, { action: 'load' }>> {
  let early = started ?? earlyRestInfo(url);
  started = undefined;
  const routes = await routesFor(url);
  let ctx = contextFor(url, routes);
  let retried = false;
  for (let step = 0; step < 4; step++) {
    const decision = decideNavigation(ctx);
    if (decision.action !== 'load') return decision;

    if (decision.load === 'userInfo') {
      try {
        const { getUserInfo } = await import('../features/auth/api/get-user-info.ts');
        useSession.getState().setUserInfo(await getUserInfo({ silent: true }));
      } catch {
        // decide on the cookie as it stands; a 401 has opened the re-login dialog already
      }
      ctx = { ...ctx, userInfoLoaded: true, isLeafCookie: Cookies.get(COOKIE_LEAF) };
    } else {
      // A session restored on reload is re-checked here; if its token has expired meanwhile, that is
      // the SPEC 8 case (the re-login dialog over the page), not a failed first load of the routes.
      const restored = useSession.getState().roles.length > 0;
      try {
        // "Other paths: if roles are not yet loaded, restaurant info is fetched, routes are generated
        // from permissions and navigation is retried" (SPEC 2)
        const call = early ?? getRest({ silent: true, noRelogin: !restored });
        early = undefined;
        const info = await call;
        if (info !== appliedEarly) useSession.getState().applyRestInfo(info);
        ctx = { ...contextFor(url, routes), userInfoLoaded: ctx.userInfoLoaded };
      } catch (e) {
        if (restored && isApiError(e) && e.status === 401) {
          ctx = { ...contextFor(url, routes), rolesLoaded: true, userInfoLoaded: ctx.userInfoLoaded };
          continue;
        }
        // ask once more before forgetting the token over a dropped connection or a busy server
        if (!retried && isTransientFailure(e)) {
          retried = true;
          await new Promise((r) => setTimeout(r, TRANSIENT_RETRY_MS));
          continue;
        }
        const noRestaurantSelected =
          isApiError(e) && (e.code === ERROR_CODES.restaurantNotSelected || e.status === 409);
        ctx = { ...ctx, restInfoFailure: { noRestaurantSelected, message: failureText(e) } };
      }
    }
  }
  // unreachable with the rules above; never leave a navigation hanging
  return { action: 'proceed' };
}

/** The root route's loader: every navigation passes here (the root route always revalidates). */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const decision = await resolveNavigation(new URL(request.url));
  if (decision.action === 'redirect') {
    if (decision.resetToken) useSession.getState().resetToken();
    if (decision.message) showErrorMessage(translateServerMessage(decision.message, currentLanguage()));
    throw redirect(decision.to);
  }
  return null;
}

/** The guard must see every navigation, including ones between pages below the same layout. */
export const guardShouldRevalidate = () => true;
