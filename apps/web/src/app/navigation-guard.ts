import type { TAccessInput, TRouteRecord } from '../lib/route-types.ts';
import { accessibleRoutes, canonicalPath, findRoute, flattenRoutes, normalizePath } from '../lib/access.ts';

/**
 * The navigation guard of SPEC 2 as a pure decision: given where the user is going and what the
 * session holds, proceed, redirect, or first load something and ask again. `guard-loader.ts` does
 * the loading and the side effects (reset token, message) and calls this again.
 */

/** Reachable without a session token (SPEC 2), and the password-reset pages a signed-out person needs. */
export const NO_TOKEN_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/forgotPassword',
  '/resetPassword',
  // issue 13: the public application form behind an agent's referral link
  '/apply',
];

/**
 * Public routes a signed-in user opens before the restaurant info exists (an agent that has not
 * picked a restaurant yet gets 409 from getrest, so these must not wait for it).
 */
export const SIGNED_IN_PUBLIC_PATHS: readonly string[] = [
  '/auth-redirect',
  '/forgotPassword',
  '/resetPassword',
  '/apply',
  '/selectNodeAndRest',
  '/selectTimeZone',
  '/404',
  '/401',
];

/** Every public route of SPEC 2, spelled as the SPEC spells it. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/ChangePassword',
  '/selectTimeZone',
  '/selectNodeAndRest',
  '/AgentApp',
  '/AdminPanel',
  '/compareLocations',
  '/auth-redirect',
  '/forgotPassword',
  '/resetPassword',
  '/apply',
  '/404',
  '/401',
];

export const HOME_PATH = '/dashboard';

export interface TNavigationContext {
  /** The pathname being opened. */
  path: string;
  /** Its query string, '' or starting with '?'. */
  search: string;
  /** The session store holds a token. */
  hasToken: boolean;
  /** Roles (from the restaurant info) are in the session store. */
  rolesLoaded: boolean;
  /** The isLeaf cookie as stored ('true' / 'false' / undefined). */
  isLeafCookie: string | undefined;
  /** /AgentApp fetches user info before deciding (SPEC 2). */
  userInfoLoaded: boolean;
  /** Set when fetching the restaurant info failed on this navigation. */
  restInfoFailure?: { message?: string; noRestaurantSelected: boolean };
  routes: TRouteRecord[];
  access: TAccessInput;
}

export type TRedirectReason =
  | 'canonicalPath'
  | 'noToken'
  | 'signedIn'
  | 'leafLogin'
  | 'passwordChangeNeedsToken'
  | 'noRestaurantSelected'
  | 'routeLoadFailed'
  | 'home'
  | 'groupDefault'
  | 'forbidden'
  | 'unknownPath';

export type TNavigationDecision =
  | { action: 'proceed' }
  | {
      action: 'redirect';
      to: string;
      reason: TRedirectReason;
      /** SPEC 2/4: a failed route load forgets the token. */
      resetToken?: boolean;
      /** Error text to show (the server's message or 'Has Error'). */
      message?: string;
    }
  | { action: 'load'; load: 'userInfo' | 'restInfo' };

export const HAS_ERROR = 'Has Error';

export function loginRedirect(path: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(`${path}${search}`)}`;
}

export function decideNavigation(ctx: TNavigationContext): TNavigationDecision {
  const path = normalizePath(ctx.path);

  // /changePassword opens /ChangePassword: a path typed in another letter case goes to the one page
  // of that name (but /Coupon/index and /coupon/index stay two pages, SPEC 2)
  if (path !== '/' && !path.startsWith('/redirect/')) {
    const known = [...PUBLIC_PATHS, ...flattenRoutes(ctx.routes).map((r) => r.path)];
    const canonical = canonicalPath(path, known);
    if (canonical !== undefined && canonical !== path) {
      return { action: 'redirect', to: `${canonical}${ctx.search}`, reason: 'canonicalPath' };
    }
  }

  if (!ctx.hasToken) {
    if (NO_TOKEN_PATHS.includes(path)) return { action: 'proceed' };
    return { action: 'redirect', to: loginRedirect(path, ctx.search), reason: 'noToken' };
  }
  if (path === '/login') return { action: 'redirect', to: '/', reason: 'signedIn' };

  if (path === '/AgentApp') {
    if (!ctx.userInfoLoaded) return { action: 'load', load: 'userInfo' };
    // a leaf login manages exactly one restaurant: there is no agent area for it (SPEC 6)
    return ctx.isLeafCookie === 'true' ? { action: 'redirect', to: '/', reason: 'leafLogin' } : { action: 'proceed' };
  }
  // the comparison across locations: the server decides who sees which restaurants (issue 24)
  if (path === '/AdminPanel' || path === '/compareLocations') return { action: 'proceed' };
  if (path === '/ChangePassword') {
    return ctx.hasToken ? { action: 'proceed' } : { action: 'redirect', to: '/', reason: 'passwordChangeNeedsToken' };
  }
  if (SIGNED_IN_PUBLIC_PATHS.includes(path)) return { action: 'proceed' };

  if (!ctx.rolesLoaded) {
    const failure = ctx.restInfoFailure;
    if (!failure) return { action: 'load', load: 'restInfo' };
    if (failure.noRestaurantSelected)
      return { action: 'redirect', to: '/selectNodeAndRest', reason: 'noRestaurantSelected' };
    return {
      action: 'redirect',
      to: loginRedirect(path, ctx.search),
      reason: 'routeLoadFailed',
      resetToken: true,
      message: failure.message || HAS_ERROR,
    };
  }

  if (path === '/') return { action: 'redirect', to: HOME_PATH, reason: 'home' };
  // tags view "refresh": the redirect page re-opens the rest of the path, which is guarded in turn
  if (path.startsWith('/redirect/')) return { action: 'proceed' };

  const record = findRoute(ctx.routes, path);
  if (!record) return { action: 'redirect', to: '/404', reason: 'unknownPath' };
  const permitted = findRoute(accessibleRoutes(ctx.routes, ctx.access), path);
  if (!permitted) return { action: 'redirect', to: '/401', reason: 'forbidden' };
  if (!permitted.lazy && permitted.redirect && permitted.redirect !== path) {
    return { action: 'redirect', to: `${permitted.redirect}${ctx.search}`, reason: 'groupDefault' };
  }
  return { action: 'proceed' };
}
