import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { emptyOperationAuthorities, emptyPagePermissions } from '@ra/shared/permissions';
import { initI18n } from '../lib/i18n.ts';
import { COOKIE_LEAF, COOKIE_TOKEN, restInfoState, useSession } from '../stores/session.ts';
import { setReloginHandler } from '../lib/request.ts';
import { resolveNavigation, startRestInfo } from './guard-loader.ts';

const staffInfo: TRestInfoResponse = {
  id: 7,
  xid: 'rest-7',
  name: 'Golden Wok',
  fullname: 'Golden Wok',
  restname: 'goldenwok',
  locales: { GMT: 'GMT-05:00', locales: ['en'], timeZone: 'America/New_York', timestamp: 0 },
  timestamp: 0,
  config: {
    hourOffsetEndOfDay: 0,
    version: '1',
    enableOrderToGoWithDateSelect: false,
    configAdmin: false,
    workHoursSteps: 15,
    tipWord: null,
    tipWordZh: null,
    tipsWord: null,
    enablePremiumCoupon: false,
  },
  roles: ['Staff'],
  PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true },
  operationAuthority: emptyOperationAuthorities(),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function serve(routes: Record<string, () => Response>) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/api/, '').split('?')[0]!;
      paths.push(path);
      return routes[path]?.() ?? json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return paths;
}

const at = (path: string) => new URL(`http://admin.example.com${path}`);

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  Cookies.set(COOKIE_TOKEN, 'tok');
  Cookies.remove(COOKIE_LEAF);
  useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
});

describe('resolveNavigation (the guard with its loads)', () => {
  it('loads the restaurant info once, then lets a permitted page through', async () => {
    const paths = serve({ '/api/getrest': () => json(staffInfo) });
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual(['/api/getrest']);
    expect(useSession.getState().roles).toEqual(['Staff']);
  });

  it('sends staff to /401 for the sales report after loading their permissions', async () => {
    serve({ '/api/getrest': () => json(staffInfo) });
    await expect(resolveNavigation(at('/salesReport/salesSummary'))).resolves.toMatchObject({
      action: 'redirect',
      to: '/401',
    });
  });

  it('does not ask again once roles are loaded', async () => {
    useSession.getState().applyRestInfo(staffInfo);
    const paths = serve({});
    await expect(resolveNavigation(at('/dashboard'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual([]);
  });

  it('fetches the restaurant info again after a reload, so a changed role reaches the menu', async () => {
    // the saved session restored on load still holds the old roles; nothing was fetched yet
    useSession.setState({ roles: ['Staff'], PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true } });
    restInfoState.fresh = false;
    const promoted = { ...staffInfo, PagePermissions: { ...staffInfo.PagePermissions, viewSalesReport: true } };
    const paths = serve({ '/api/getrest': () => json(promoted) });
    await expect(resolveNavigation(at('/salesReport/salesSummary'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual(['/api/getrest']);
  });

  it('opens the re-login dialog over the page when a restored session has expired (SPEC 8)', async () => {
    useSession.setState({ roles: ['Staff'], PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true } });
    restInfoState.fresh = false;
    let dialogs = 0;
    setReloginHandler(() => (dialogs += 1));
    serve({
      '/api/getrest': () => json({ code: 50014, message: 'You have been logged out, please log in again' }, 401),
    });
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
    expect(dialogs).toBe(1);
    expect(useSession.getState().token).toBe('tok');
    setReloginHandler(null);
  });

  it('sends an agent without a restaurant (409) to the restaurant choice', async () => {
    serve({ '/api/getrest': () => json({ code: 40901, message: 'Select a restaurant first' }, 409) });
    await expect(resolveNavigation(at('/dashboard'))).resolves.toEqual({
      action: 'redirect',
      to: '/selectNodeAndRest',
      reason: 'noRestaurantSelected',
    });
  });

  it('on failure asks to reset the token and shows the server text', async () => {
    serve({ '/api/getrest': () => json({ code: 50014, message: 'Token expired' }, 401) });
    await expect(resolveNavigation(at('/dashboard?x=1'))).resolves.toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/dashboard?x=1')}`,
      reason: 'routeLoadFailed',
      resetToken: true,
      message: 'Token expired',
    });
  });

  it("says 'Has Error' when the failure has no text, after asking twice", async () => {
    const paths = serve({ '/api/getrest': () => new Response('', { status: 500 }) });
    await expect(resolveNavigation(at('/dashboard'))).resolves.toMatchObject({
      reason: 'routeLoadFailed',
      message: 'Has Error',
    });
    expect(paths).toEqual(['/api/getrest', '/api/getrest']);
  });

  it('keeps the session through one busy answer (503) and lets the page through on the second ask', async () => {
    let calls = 0;
    const paths = serve({
      '/api/getrest': () =>
        ++calls === 1 ? json({ code: 50300, message: 'Service unavailable' }, 503) : json(staffInfo),
    });
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual(['/api/getrest', '/api/getrest']);
    expect(useSession.getState().token).toBe('tok');
  });

  it('does not ask again after a refusal that is about the session (401)', async () => {
    const paths = serve({ '/api/getrest': () => json({ code: 50014, message: 'Token expired' }, 401) });
    await resolveNavigation(at('/dashboard'));
    expect(paths).toEqual(['/api/getrest']);
  });

  it('fetches user info for /AgentApp and sends a leaf login home', async () => {
    const paths = serve({
      '/api/getUserInfo': () =>
        json({ xid: 'u', name: '', email: '', avatar: '', introduction: '', isLeaf: true, rootXid: 'rest-7' }),
    });
    await expect(resolveNavigation(at('/AgentApp'))).resolves.toMatchObject({
      action: 'redirect',
      to: '/',
      reason: 'leafLogin',
    });
    expect(paths).toEqual(['/api/getUserInfo']);
    expect(Cookies.get(COOKIE_LEAF)).toBe('true');
  });

  it('lets an agent into /AgentApp', async () => {
    serve({
      '/api/getUserInfo': () =>
        json({ xid: 'u', name: '', email: '', avatar: '', introduction: '', isLeaf: false, rootXid: 'agent-1' }),
    });
    await expect(resolveNavigation(at('/AgentApp'))).resolves.toEqual({ action: 'proceed' });
  });
});

describe('startRestInfo (a page load’s getrest as the app starts, issue 21)', () => {
  it('sends getrest at once, and the first navigation uses that answer instead of asking again', async () => {
    const paths = serve({ '/api/getrest': () => json(staffInfo) });
    startRestInfo(at('/workHours/index'));
    // left before the guard ran, and before anything was awaited (the route table, the router)
    expect(paths).toEqual(['/api/getrest']);
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual(['/api/getrest']);
    expect(useSession.getState().roles).toEqual(['Staff']);
  });

  it('makes its answer the session’s as soon as it comes, before the guard has run', async () => {
    serve({ '/api/getrest': () => json(staffInfo) });
    restInfoState.fresh = false;
    const call = startRestInfo(at('/workHours/index'))!;
    await call;
    await Promise.resolve();
    // what a page's data loader waits for (whenRestInfoLoaded), with no navigation resolved yet
    expect(restInfoState.fresh).toBe(true);
    expect(useSession.getState().PagePermissions.viewWorkHours).toBe(true);
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
  });

  it('keeps an early answer out of a session whose token changed while it was asked for', async () => {
    serve({ '/api/getrest': () => json(staffInfo) });
    restInfoState.fresh = false;
    const call = startRestInfo(at('/workHours/index'))!;
    useSession.setState({ token: 'another' });
    await call;
    await Promise.resolve();
    expect(useSession.getState().roles).toEqual([]);
    expect(restInfoState.fresh).toBe(false);
    // the guard still takes the call it began (and decides with it), as before
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
  });

  it('sends nothing for a visitor without a session, or for a session whose roles are loaded', async () => {
    const paths = serve({ '/api/getrest': () => json(staffInfo) });
    useSession.setState({ token: '' });
    startRestInfo(at('/login'));
    useSession.setState({ token: 'tok' });
    useSession.getState().applyRestInfo(staffInfo);
    startRestInfo(at('/dashboard'));
    expect(paths).toEqual([]);
    await expect(resolveNavigation(at('/dashboard'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual([]);
  });

  it('serves the first navigation only: a later one asks afresh', async () => {
    const paths = serve({ '/api/getrest': () => json(staffInfo) });
    startRestInfo(at('/workHours/index'));
    await resolveNavigation(at('/workHours/index'));
    restInfoState.fresh = false;
    await expect(resolveNavigation(at('/workHours/index'))).resolves.toEqual({ action: 'proceed' });
    expect(paths).toEqual(['/api/getrest', '/api/getrest']);
  });
});
