// runs in a fresh worker: a route's code is fetched ahead only if no page has loaded it yet
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { initI18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { restInfoState, useSession } from '../stores/session.ts';
import { stubAntdBrowserApis } from '../test-support/browser-stubs.ts';
import { harborToday as today } from '../test-support/dashboard-today.ts';
import { harborRestInfo } from '../test-support/rest-info.ts';
import { salesFigures, weekSummary } from '../test-support/sales-summary.ts';
import { dashboardRoute } from './route-table.tsx';
import { movePage, prefetchLoader, routerOptions, routes } from './router.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SALES_PERMISSIONS = { ...emptyPagePermissions(), viewSalesReport: true };

const restInfo = harborRestInfo({ roles: ['Owner'], PagePermissions: SALES_PERMISSIONS });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;

/** Opens `url` in the app's router, as a page load does. */
async function mount(url: string, created?: (router: ReturnType<typeof createMemoryRouter>) => void) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [url] });
  created?.(router);
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

/** getUserInfo's answer for the owner. */
const getUserInfo = () =>
  json({
    xid: 'u',
    name: 'Olivia Owner',
    email: 'owner@demo.test',
    avatar: '',
    introduction: '',
    isLeaf: true,
    rootXid: 'r',
  });

/** The guard's getrest, held open until the test releases it (whether the user may see sales is unknown till then). */
function heldGetrest() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  return {
    release: () => release(),
    answer: async () => {
      await held;
      return json(restInfo);
    },
  };
}

beforeAll(async () => {
  await initI18n('en');
  stubAntdBrowserApis();
});

beforeEach(() => {
  // a page load: the session's restaurant info is not known until the guard fetches it
  restInfoState.fresh = false;
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  queryClient.clear();
});

describe("the dashboard's data starts in its route loader (issue 21)", { timeout: 60_000 }, () => {
  it('asks for today’s sales once the guard knows the permissions, before the page renders, and only once', async () => {
    // a page load with a saved token: the guard fetches the restaurant's info before deciding
    useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
    let pageShownAtRequest: boolean | undefined;
    const rest = heldGetrest();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/getrest')) return rest.answer();
      if (url.endsWith('/api/dashboard/today')) {
        pageShownAtRequest ??= container.querySelector('.ra-dash') !== null;
        return json(today);
      }
      if (url.endsWith('/api/getUserInfo')) return getUserInfo();
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const todayCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/api/dashboard/today')).length;

    const router = await mount('/dashboard');

    // while the guard's call is held open, whether this user may see sales is unknown: nothing asked
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/getrest'))).toBe(true), {
      timeout: 20_000,
    });
    expect(todayCalls()).toBe(0);

    await act(async () => rest.release());
    // the page and its lazy sales panel render with the answer the loader fetched
    await vi.waitFor(() => expect(container.textContent).toContain('$1,234.56'), { timeout: 30_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    // the loader asked before the page was drawn (the panel alone would ask only once it is on screen)
    expect(pageShownAtRequest).toBe(false);
    expect(todayCalls()).toBe(1);
  });

  it("the bell's notifications and the user panel's user info start with the route too, once each", async () => {
    useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
    const frameShownAtRequest = new Map<string, boolean>();
    const rest = heldGetrest();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/getrest')) return rest.answer();
      for (const path of ['/api/notifications/inbox', '/api/getUserInfo']) {
        if (url.endsWith(path) && !frameShownAtRequest.has(path))
          frameShownAtRequest.set(path, container.querySelector('.ra-navbar') !== null);
      }
      if (url.endsWith('/api/dashboard/today')) return json(today);
      if (url.endsWith('/api/getUserInfo')) return getUserInfo();
      if (url.endsWith('/api/notifications/inbox')) return json({ unread: 2, items: [] });
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(path)).length;

    await mount('/dashboard');
    await vi.waitFor(() => expect(calls('/api/getrest')).toBe(1), { timeout: 20_000 });
    // nothing before the guard knows the session
    expect(calls('/api/notifications/inbox') + calls('/api/getUserInfo')).toBe(0);

    await act(async () => rest.release());
    await vi.waitFor(() => expect(container.textContent).toContain('Olivia Owner'), { timeout: 30_000 });
    await vi.waitFor(() =>
      expect(container.querySelector('[data-testid="notification-bell"] .ant-badge')?.textContent).toBe('2'),
    );
    // both asked before the frame was drawn (the bell and the page alone ask at their first commit), once
    expect(Object.fromEntries(frameShownAtRequest)).toEqual({
      '/api/notifications/inbox': false,
      '/api/getUserInfo': false,
    });
    expect(calls('/api/notifications/inbox')).toBe(1);
    expect(calls('/api/getUserInfo')).toBe(1);
  });

  it('does not ask for sales a user may not see', async () => {
    useSession.setState({ token: 'tok', roles: ['Staff'], PagePermissions: emptyPagePermissions() });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/getrest')
        ? json({ ...restInfo, roles: ['Staff'], PagePermissions: emptyPagePermissions() })
        : json({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = await mount('/dashboard');
    await vi.waitFor(() => expect(container.querySelector('.ra-dash')).not.toBeNull(), { timeout: 30_000 });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/dashboard/today'))).toBe(false);
  });
});

const summary = weekSummary();
const SUMMARY_URL = '/salesReport/salesSummary?preset=custom&from=2026-11-01&to=2026-11-07';

describe("the sales summary's data starts in its route loader (issue 21)", { timeout: 60_000 }, () => {
  it('asks for the days the URL names once the guard knows the permissions, before the report renders, once', async () => {
    useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
    let reportShownAtRequest: boolean | undefined;
    const rest = heldGetrest();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/getrest')) return rest.answer();
      if (url.includes('/api/reports/sales-summary')) {
        reportShownAtRequest ??= container.querySelector('.ra-report') !== null;
        return json(summary);
      }
      if (url.endsWith('/api/getUserInfo')) return getUserInfo();
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const summaryCalls = () =>
      fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('/api/reports/sales-summary'));

    // what the report was first drawn in: its tab strip, or the bar standing in while the strip's code loads
    let firstDrawnIn: string | undefined;
    const drawn = new MutationObserver(() => {
      if (firstDrawnIn !== undefined || !container.querySelector('.ra-report')) return;
      firstDrawnIn = container.querySelector('.ra-report__tabs-loading') ? 'bare' : 'tabs';
    });
    drawn.observe(document.body, { childList: true, subtree: true });
    const router = await mount(SUMMARY_URL);

    // whether this user may see sales is unknown while the guard's call is held open: nothing asked
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/getrest'))).toBe(true), {
      timeout: 20_000,
    });
    expect(summaryCalls()).toHaveLength(0);

    await act(async () => rest.release());
    await vi.waitFor(
      () => expect(container.querySelector('[data-testid="net-formula"]')?.textContent).toContain('$7,654.32'),
      {
        timeout: 30_000,
      },
    );
    drawn.disconnect();
    expect(router.state.location.pathname).toBe('/salesReport/salesSummary');
    expect(reportShownAtRequest).toBe(false);
    // a wide screen's report is drawn inside its tabs at once, not bare and then again inside them
    expect(firstDrawnIn).toBe('tabs');
    expect(container.querySelector('[role="tabpanel"] [data-testid="net-formula"]')).not.toBeNull();
    expect(summaryCalls()).toHaveLength(1);
    const asked = new URL(summaryCalls()[0]!, 'http://x').searchParams;
    expect([asked.get('from'), asked.get('to'), asked.get('preset')]).toEqual(['2026-11-01', '2026-11-07', 'custom']);
  });

  it('opened before the day’s first sale, asks for the last sales day as soon as today’s answer names it, and is drawn there at once, asking once', async () => {
    // 10:00 in New York on 2026-11-28 (the restaurant's zone): today has no sale, the 27th had
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T15:00:00Z') });
    useSession.setState({ token: 'tok', roles: [], PagePermissions: emptyPagePermissions() });
    const asked: Array<{ from: string | null; pageSearch: string }> = [];
    const opened: { router?: Awaited<ReturnType<typeof mount>> } = {};
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/getrest')) return json(restInfo);
      if (url.includes('/api/reports/sales-summary')) {
        const from = new URL(url, 'http://x').searchParams.get('from');
        asked.push({ from, pageSearch: opened.router?.state.location.search ?? '' });
        return from === '2026-11-28'
          ? json({
              ...summary,
              range: { from, to: from },
              previousRange: { from: '2026-11-21', to: '2026-11-21' },
              current: { ...salesFigures(0), orderCount: 0, guestCount: 0 },
              lastSalesDay: '2026-11-27',
            })
          : json({ ...summary, range: { from, to: from }, lastSalesDay: '2026-11-27' });
      }
      if (url.endsWith('/api/getUserInfo')) return getUserInfo();
      return json({});
    });
    vi.stubGlobal('fetch', fetchMock);

    // the address the report was first drawn on
    let firstDrawnOn: string | undefined;
    const drawn = new MutationObserver(() => {
      if (firstDrawnOn === undefined && container.querySelector('.ra-report'))
        firstDrawnOn = opened.router?.state.location.search;
    });
    drawn.observe(document.body, { childList: true, subtree: true });
    const router = await mount('/salesReport/salesSummary', (created) => (opened.router = created));
    await vi.waitFor(() => expect(container.querySelector('[data-testid="last-sales-notice"]')).not.toBeNull(), {
      timeout: 30_000,
    });
    drawn.disconnect();
    // drawn on the 27th's address at once: not drawn, then moved there by a second navigation that
    // runs every loader again and draws the frame twice more
    expect(new URLSearchParams(firstDrawnOn).get('opened')).toBe('lastSales');
    expect(new URLSearchParams(firstDrawnOn).get('from')).toBe('2026-11-27');
    await vi.waitFor(
      () => expect(container.querySelector('[data-testid="net-formula"]')?.textContent).toContain('$7,654.32'),
      { timeout: 30_000 },
    );
    expect(router.state.location.search).toContain('opened=lastSales');
    // today's summary, then the 27th's, asked by the loader while the page still named no day; nothing twice
    expect(asked).toEqual([
      { from: '2026-11-28', pageSearch: '' },
      { from: '2026-11-27', pageSearch: '' },
    ]);
  });

  it('asks nothing for a signed-out visitor, who is sent to sign in', async () => {
    useSession.setState({ token: '', roles: [], PagePermissions: emptyPagePermissions() });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json({}));
    vi.stubGlobal('fetch', fetchMock);
    const router = await mount(SUMMARY_URL);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
    await vi.waitFor(() => expect(container.querySelector('input[name=email]')).not.toBeNull(), { timeout: 20_000 });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/reports/'))).toBe(false);
  });

  it('does not ask for sales a user may not see', async () => {
    useSession.setState({ token: 'tok', roles: ['Staff'], PagePermissions: emptyPagePermissions() });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/getrest')
        ? json({ ...restInfo, roles: ['Staff'], PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true } })
        : String(input).endsWith('/api/getUserInfo')
          ? getUserInfo()
          : json({}),
    );
    vi.stubGlobal('fetch', fetchMock);
    const router = await mount(SUMMARY_URL);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 30_000 });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/reports/'))).toBe(false);
  });
});

describe('a page that waits for its prefetch (prefetchWaitMs, issue 21)', () => {
  const args = { request: new Request('http://localhost/dashboard'), params: {}, context: {} } as never;
  const settled = async (p: Promise<unknown>) => {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders once the data is there: the loader settles with the prefetch, not before', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const loaded = Promise.resolve(prefetchLoader(() => held, 2000)(args));
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled(loaded)).toBe(false);
    release();
    expect(await settled(loaded)).toBe(true);
  });

  it('a slow answer holds the page no longer than the bound; a failed one not at all', async () => {
    const never = new Promise<void>(() => undefined);
    const slow = Promise.resolve(prefetchLoader(() => never, 2000)(args));
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled(slow)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(slow)).toBe(true);
    const failed = Promise.resolve(prefetchLoader(() => Promise.reject(new Error('offline')), 2000)(args));
    expect(await settled(failed)).toBe(true);
  });

  it('a prefetch that settles with an address sends the page there before it renders', async () => {
    const moved = (await prefetchLoader(
      async () => '/salesReport/salesSummary?from=2026-11-27',
      2000,
    )(args)) as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get('Location')).toBe('/salesReport/salesSummary?from=2026-11-27');
    // from another page, the final address is added (the navigation's own replace option holds); an
    // address the browser shows already (a page load, a reload, Back) is replaced
    expect(moved.headers.has('X-Remix-Replace')).toBe(false);
    expect(movePage(window.location.href, '/x?y=1').headers.get('X-Remix-Replace')).toBe('true');
    expect(movePage('http://localhost/elsewhere', '/x?y=1').headers.has('X-Remix-Replace')).toBe(false);
    // without a bound the page is not held, so it is not moved either: it moves itself
    expect(await prefetchLoader(async () => '/x?y=1')(args)).toBeNull();
  });

  it('without a bound the page never waits; the dashboard waits (its largest paint is its data)', async () => {
    const never = new Promise<void>(() => undefined);
    expect(await settled(Promise.resolve(prefetchLoader(() => never)(args)))).toBe(true);
    expect(dashboardRoute.prefetchWaitMs).toBeGreaterThan(0);
  });
});
