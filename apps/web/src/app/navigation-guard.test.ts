// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PAGE_PERMISSIONS, type TPagePermission } from '@ra/shared/permissions';
import { decideNavigation, type TNavigationContext } from './navigation-guard.ts';
import { routeTable } from './route-table.tsx';

function ctx(
  overrides: Partial<TNavigationContext> & { grant?: TPagePermission[]; roles?: string[] } = {},
): TNavigationContext {
  const { grant = [], roles = ['User'], ...rest } = overrides;
  return {
    path: '/dashboard',
    search: '',
    hasToken: true,
    rolesLoaded: true,
    isLeafCookie: 'true',
    userInfoLoaded: false,
    routes: routeTable,
    access: {
      PagePermissions: Object.fromEntries(PAGE_PERMISSIONS.map((p) => [p, grant.includes(p)])),
      roles,
      host: 'admin.example.com',
      restrictedHost: 'dashboard.restricted.example',
      enableOrderToGoWithDateSelect: false,
    },
    ...rest,
  };
}

describe('decideNavigation without a session token', () => {
  it('lets the login and auth-redirect pages through', () => {
    expect(decideNavigation(ctx({ hasToken: false, path: '/login' }))).toEqual({ action: 'proceed' });
    expect(decideNavigation(ctx({ hasToken: false, path: '/auth-redirect' }))).toEqual({ action: 'proceed' });
  });

  it('sends every other path to /login with the original path and query as redirect', () => {
    expect(
      decideNavigation(ctx({ hasToken: false, path: '/salesReport/salesSummary', search: '?from=2026-03-01' })),
    ).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/salesReport/salesSummary?from=2026-03-01')}`,
      reason: 'noToken',
    });
  });

  it('spells a public page the SPEC way before anything else', () => {
    expect(decideNavigation(ctx({ hasToken: false, path: '/LOGIN' }))).toEqual({
      action: 'redirect',
      to: '/login',
      reason: 'canonicalPath',
    });
  });

  it('also guards the public pages that need a session', () => {
    for (const path of ['/ChangePassword', '/AgentApp', '/AdminPanel', '/selectNodeAndRest', '/selectTimeZone', '/']) {
      expect(decideNavigation(ctx({ hasToken: false, path }))).toMatchObject({ action: 'redirect', reason: 'noToken' });
    }
  });
});

describe('decideNavigation with a session token', () => {
  it('sends /login to the home page', () => {
    expect(decideNavigation(ctx({ path: '/login' }))).toEqual({ action: 'redirect', to: '/', reason: 'signedIn' });
  });

  it('fetches user info before deciding /AgentApp', () => {
    expect(decideNavigation(ctx({ path: '/AgentApp', userInfoLoaded: false }))).toEqual({
      action: 'load',
      load: 'userInfo',
    });
  });

  it('sends a leaf login from /AgentApp home, and lets an agent in', () => {
    expect(decideNavigation(ctx({ path: '/AgentApp', userInfoLoaded: true, isLeafCookie: 'true' }))).toEqual({
      action: 'redirect',
      to: '/',
      reason: 'leafLogin',
    });
    expect(decideNavigation(ctx({ path: '/AgentApp', userInfoLoaded: true, isLeafCookie: 'false' }))).toEqual({
      action: 'proceed',
    });
    expect(decideNavigation(ctx({ path: '/AgentApp', userInfoLoaded: true, isLeafCookie: undefined }))).toEqual({
      action: 'proceed',
    });
  });

  it('always lets /AdminPanel through, roles or not', () => {
    expect(decideNavigation(ctx({ path: '/AdminPanel', rolesLoaded: false }))).toEqual({ action: 'proceed' });
  });

  it('lets /ChangePassword through while a token is held', () => {
    expect(decideNavigation(ctx({ path: '/ChangePassword', rolesLoaded: false }))).toEqual({ action: 'proceed' });
  });

  it('opens the restaurant and time zone choice without restaurant info (an agent has none yet)', () => {
    for (const path of ['/selectNodeAndRest', '/selectTimeZone', '/404', '/401']) {
      expect(decideNavigation(ctx({ path, rolesLoaded: false }))).toEqual({ action: 'proceed' });
    }
  });

  it('loads the restaurant info first when roles are not loaded', () => {
    expect(decideNavigation(ctx({ path: '/dashboard', rolesLoaded: false }))).toEqual({
      action: 'load',
      load: 'restInfo',
    });
    expect(decideNavigation(ctx({ path: '/', rolesLoaded: false }))).toEqual({ action: 'load', load: 'restInfo' });
  });

  it('resets the token and goes to login with the error text when loading fails', () => {
    const decision = decideNavigation(
      ctx({
        path: '/workHours/index',
        search: '?week=2',
        rolesLoaded: false,
        restInfoFailure: { noRestaurantSelected: false, message: 'Token expired' },
      }),
    );
    expect(decision).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/workHours/index?week=2')}`,
      reason: 'routeLoadFailed',
      resetToken: true,
      message: 'Token expired',
    });
  });

  it("says 'Has Error' when the failure has no text", () => {
    expect(
      decideNavigation(ctx({ rolesLoaded: false, restInfoFailure: { noRestaurantSelected: false } })),
    ).toMatchObject({ message: 'Has Error' });
  });

  it('sends an agent without a chosen restaurant to the restaurant choice, keeping the token', () => {
    expect(decideNavigation(ctx({ rolesLoaded: false, restInfoFailure: { noRestaurantSelected: true } }))).toEqual({
      action: 'redirect',
      to: '/selectNodeAndRest',
      reason: 'noRestaurantSelected',
    });
  });

  it('redirects / to the dashboard', () => {
    expect(decideNavigation(ctx({ path: '/' }))).toEqual({ action: 'redirect', to: '/dashboard', reason: 'home' });
  });

  it('lets a permitted page through', () => {
    expect(decideNavigation(ctx({ path: '/dashboard' }))).toEqual({ action: 'proceed' });
    expect(decideNavigation(ctx({ path: '/workHours/index', grant: ['viewWorkHours'] }))).toEqual({
      action: 'proceed',
    });
  });

  it('sends staff opening the sales report to /401', () => {
    expect(
      decideNavigation(ctx({ path: '/salesReport/salesSummary', roles: ['Staff'], grant: ['viewWorkHours'] })),
    ).toEqual({
      action: 'redirect',
      to: '/401',
      reason: 'forbidden',
    });
  });

  it('sends an unknown path to /404', () => {
    expect(decideNavigation(ctx({ path: '/no/such/page' }))).toEqual({
      action: 'redirect',
      to: '/404',
      reason: 'unknownPath',
    });
  });

  it('treats paths with another letter case as different pages', () => {
    expect(decideNavigation(ctx({ path: '/Coupon/index', grant: ['editCoupon'] }))).toMatchObject({ to: '/401' });
    expect(decideNavigation(ctx({ path: '/coupon/index', grant: ['editCoupon'] }))).toEqual({ action: 'proceed' });
    expect(decideNavigation(ctx({ path: '/COUPON/index', grant: ['editCoupon'] }))).toMatchObject({ to: '/404' });
  });

  it('opens a page typed in another letter case at the spelling of the SPEC, keeping the query', () => {
    expect(decideNavigation(ctx({ path: '/changePassword' }))).toEqual({
      action: 'redirect',
      to: '/ChangePassword',
      reason: 'canonicalPath',
    });
    expect(decideNavigation(ctx({ path: '/changepassword' }))).toMatchObject({ to: '/ChangePassword' });
    expect(decideNavigation(ctx({ path: '/agentapp' }))).toMatchObject({ to: '/AgentApp' });
    expect(decideNavigation(ctx({ path: '/WorkHours/Index', search: '?week=2', grant: ['viewWorkHours'] }))).toEqual({
      action: 'redirect',
      to: '/workHours/index?week=2',
      reason: 'canonicalPath',
    });
    // the spelled-out page is then guarded as usual
    expect(decideNavigation(ctx({ path: '/ChangePassword' }))).toEqual({ action: 'proceed' });
  });

  it('opens a group at its default page', () => {
    expect(decideNavigation(ctx({ path: '/salesReport', grant: ['viewSalesReport'] }))).toEqual({
      action: 'redirect',
      to: '/salesReport/salesSummary',
      reason: 'groupDefault',
    });
  });

  it('lets the tags-view refresh path through (its target is guarded next)', () => {
    expect(decideNavigation(ctx({ path: '/redirect/salesReport/salesSummary' }))).toEqual({ action: 'proceed' });
  });

  it('hides the restricted-host groups from direct URLs too', () => {
    const onRestricted = ctx({ path: '/menu/newItemLibrary', grant: ['editMenu'] });
    onRestricted.access = { ...onRestricted.access, host: 'dashboard.restricted.example' };
    expect(decideNavigation(onRestricted)).toMatchObject({ to: '/401' });
  });
});
