import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { emptyOperationAuthorities, emptyPagePermissions } from '@ra/shared/permissions';
import { initI18n } from '../../lib/i18n.ts';
import { registerNavigator } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useApp } from '../../stores/app.ts';
import { COOKIE_ACCOUNT, COOKIE_LEAF, COOKIE_TOKEN, CURRENT_NAME_KEY, useSession } from '../../stores/session.ts';
import { STORE_KEY } from '../../stores/persist.ts';
import { resetRestartForTests, useTags } from '../../stores/tags.ts';
import { useWorkHours } from '../../stores/work-hours.ts';
import { clearLocalSession, logout, switchRestaurant } from './session-actions.ts';

const restInfo: TRestInfoResponse = {
  id: 7,
  xid: 'rest-7',
  name: 'Golden Wok',
  fullname: 'Golden Wok Downtown',
  restname: 'goldenwok',
  locales: { GMT: 'GMT-05:00', locales: ['en', 'zh'], timeZone: 'America/New_York', timestamp: 1_773_000_000 },
  timestamp: 1_773_000_000,
  config: {
    hourOffsetEndOfDay: 3,
    version: '1',
    enableOrderToGoWithDateSelect: false,
    configAdmin: false,
    workHoursSteps: 15,
    tipWord: null,
    tipWordZh: null,
    tipsWord: null,
    enablePremiumCoupon: false,
  },
  roles: ['owner'],
  PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true },
  operationAuthority: emptyOperationAuthorities(),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fake server: answers by path, records the calls in order. */
function serve(routes: Record<string, () => Response>) {
  const calls: Array<{ path: string; query: string; body: unknown; auth: string | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0]!;
      calls.push({
        path,
        query: url.split('?')[1] ?? '',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: (init.headers as Record<string, string>).Authorization,
      });
      const route = routes[path];
      return route ? route() : json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function signedInState() {
  Cookies.set(COOKIE_TOKEN, 'tok');
  Cookies.set(COOKIE_ACCOUNT, 'owner@demo.test');
  Cookies.set(COOKIE_LEAF, 'true');
  localStorage.setItem(CURRENT_NAME_KEY, 'Golden Wok');
  useSession.setState({
    token: 'tok',
    loginAccount: 'owner@demo.test',
    currentAccount: 'owner@demo.test',
    loginAsLeaf: true,
  });
  useSession.getState().applyRestInfo(restInfo);
  useWorkHours.getState().setEditPermission(true);
  useApp.getState().closeSidebar(true);
  useTags.setState({
    visited: [
      { path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard', affix: true },
      {
        path: '/salesReport/salesSummary',
        fullPath: '/salesReport/salesSummary',
        titleKey: 'salesReport.salesSummary',
        affix: false,
      },
    ],
  });
  queryClient.setQueryData(['auth', 'userInfo'], { name: 'Olivia' });
}

const navigate = vi.fn();

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(() => {
  navigate.mockReset();
  registerNavigator(navigate);
});

afterEach(() => {
  registerNavigator(null);
  resetRestartForTests();
});

describe('clearLocalSession (SPEC 4 logout)', () => {
  it('clears token, roles, work-hours state, sidebar, cookies, open tabs and the stored current name', () => {
    signedInState();
    clearLocalSession();

    const session = useSession.getState();
    expect(session.token).toBe('');
    expect(session.roles).toEqual([]);
    expect(session.PagePermissions.viewSalesReport).toBe(false);
    expect(session.restId).toBeNull();
    expect(session.currentAccount).toBe('');
    expect(useWorkHours.getState().editPermission).toBeNull();
    expect(useApp.getState().sidebar.opened).toBe(true);
    expect(Cookies.get(COOKIE_TOKEN)).toBeUndefined();
    expect(Cookies.get(COOKIE_ACCOUNT)).toBeUndefined();
    expect(Cookies.get(COOKIE_LEAF)).toBeUndefined();
    expect(useTags.getState().visited).toEqual([]);
    expect(localStorage.getItem(CURRENT_NAME_KEY)).toBeNull();
    expect(queryClient.getQueryData(['auth', 'userInfo'])).toBeUndefined();
  });
});

describe('logout', () => {
  it('tells the server, clears the session and shows the login page', async () => {
    signedInState();
    const calls = serve({ '/account/logout': () => json({ ok: true }) });
    await logout();
    expect(calls.map((c) => c.path)).toEqual(['/account/logout']);
    expect(calls[0]!.auth).toBe('tok');
    expect(useSession.getState().token).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('still ends the local session when the server is unreachable', async () => {
    signedInState();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout();
    expect(useSession.getState().token).toBe('');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('switchRestaurant', () => {
  beforeEach(() => {
    signedInState();
    useSession.setState({ rootXid: 'agent-1' });
  });

  it('selects the node, exchanges the token, reloads restaurant info, clears tabs and restarts the app', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
    const calls = serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/swtichRestByXid': () => json({ ok: true, restId: 9 }),
      '/account/acquireToken': () => json({ token: 'tok-9' }),
      '/api/getrest': () => json({ ...restInfo, id: 9, xid: 'rest-9', name: 'Noodle Bar', roles: ['Manager'] }),
      '/api/getRestConfig': () => json({ name: 'timezone', value: 'America/Chicago' }),
    });

    await expect(switchRestaurant('rest-9')).resolves.toBe('reload');

    // SPEC 7 "Restaurant selection: prelogin, set the selected node, acquire token, fetch the timezone"
    expect(calls.map((c) => c.path)).toEqual([
      '/account/prelogin',
      '/account/swtichRestByXid',
      '/account/acquireToken',
      '/api/getrest',
      '/api/getRestConfig',
    ]);
    expect(calls[0]!.query).toBe('data=owner%40demo.test');
    expect(calls[1]!.body).toEqual({ xid: 'rest-9', root_xid: 'agent-1' });
    expect(calls[2]!.body).toEqual({ oldjwtToken: 'tok' });
    expect(calls[3]!.auth).toBe('tok-9');
    expect(calls[4]!.body).toEqual({ name: 'timezone' });
    const session = useSession.getState();
    expect([session.token, session.restId, session.name, session.roles, session.currentAccount]).toEqual([
      'tok-9',
      9,
      'Noodle Bar',
      ['Manager'],
      'rest-9',
    ]);
    expect(Cookies.get(COOKIE_TOKEN)).toBe('tok-9');
    expect(useTags.getState().visited).toEqual([]);
    expect(reload).toHaveBeenCalled();
  });

  it('leaves no tab of the old restaurant to the restarted app, whatever the page on screen does meanwhile', async () => {
    vi.stubGlobal('location', { ...window.location, reload: vi.fn(), assign: vi.fn() });
    sessionStorage.clear();
    const orderCalendar = {
      path: '/orderCalendar/index',
      fullPath: '/orderCalendar/index',
      titleKey: 'orderCalendar',
      affix: false,
    };
    const dashboard = { path: '/dashboard', fullPath: '/dashboard', titleKey: 'dashboard', affix: true };
    useTags.setState({ visited: [dashboard, orderCalendar] });
    serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/swtichRestByXid': () => json({ ok: true, restId: 9 }),
      '/account/acquireToken': () => json({ token: 'tok-9' }),
      '/api/getrest': () => json({ ...restInfo, id: 9, xid: 'rest-9' }),
      '/api/getRestConfig': () => json({ name: 'timezone', value: 'America/Chicago' }),
    });

    await expect(switchRestaurant('rest-9', { reloadTo: '/dashboard' })).resolves.toBe('reload');
    // saved before the browser leaves: the restarted app restores no tab
    expect((JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as { tags?: unknown }).tags).toEqual([]);
    // the page still on screen until then draws again (its layout's effects run once more): no tab comes back
    useTags.getState().addVisited(dashboard);
    useTags.getState().addVisited(orderCalendar);
    expect(useTags.getState().visited).toEqual([]);
  });

  it('asks for the time zone when the restaurant has none or it is Unknown', async () => {
    for (const value of [null, 'Unknown', '']) {
      navigate.mockReset();
      serve({
        '/account/prelogin': () => json({ email: 'owner@demo.test' }),
        '/account/swtichRestByXid': () => json({ ok: true, restId: 9 }),
        '/account/acquireToken': () => json({ token: 'tok-9' }),
        '/api/getrest': () => json(restInfo),
        '/api/getRestConfig': () => json({ name: 'timezone', value }),
      });
      await expect(switchRestaurant('rest-9')).resolves.toBe('selectTimeZone');
      expect(navigate).toHaveBeenCalledWith('/selectTimeZone', { replace: true });
    }
  });

  it('restarts the app when a call fails after the token was exchanged, so no page stays under the new token', async () => {
    for (const failing of ['/api/getrest', '/api/getRestConfig']) {
      resetRestartForTests();
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload: vi.fn(), assign });
      const orderCalendar = {
        path: '/orderCalendar/index',
        fullPath: '/orderCalendar/index',
        titleKey: 'x',
        affix: false,
      };
      useTags.setState({ visited: [orderCalendar] });
      const answers: Record<string, () => Response> = {
        '/account/prelogin': () => json({ email: 'owner@demo.test' }),
        '/account/swtichRestByXid': () => json({ ok: true, restId: 9 }),
        '/account/acquireToken': () => json({ token: 'tok-9' }),
        '/api/getrest': () => json({ ...restInfo, id: 9, xid: 'rest-9' }),
        '/api/getRestConfig': () => json({ name: 'timezone', value: 'America/Chicago' }),
      };
      answers[failing] = () => json({ code: 50000, message: 'Server error' }, 500);
      serve(answers);

      await expect(switchRestaurant('rest-9', { reloadTo: '/dashboard' })).resolves.toBe('reload');
      expect(useSession.getState().token).toBe('tok-9');
      expect(assign).toHaveBeenCalledWith('/dashboard');
      expect(useTags.getState().visited).toEqual([]);
    }
  });

  it('fails without touching the session when the node cannot be selected', async () => {
    serve({
      '/account/prelogin': () => json({ email: 'owner@demo.test' }),
      '/account/swtichRestByXid': () => json({ code: 40300, message: 'No permission' }, 403),
    });
    await expect(switchRestaurant('rest-x')).rejects.toThrow('No permission');
    expect(useSession.getState().token).toBe('tok');
    expect(useSession.getState().restId).toBe(7);
  });
});
