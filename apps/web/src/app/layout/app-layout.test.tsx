import { act, useLayoutEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRouteRecord } from '../../lib/route-types.ts';
import { useApp } from '../../stores/app.ts';
import { NARROW_QUERY } from '../../lib/media-query.ts';
import { useTags } from '../../stores/tags.ts';
import layoutEn from '../../locales/en/layout.json';
import { useLockScreen } from './lock-state.ts';
import { closeStaticMessages } from '../../test-support/browser-stubs.ts';

// Collaborators owned by other modules: the route table (its pages are not needed here) and the
// session calls that would hit the server.
const page = () => Promise.resolve({ default: () => null });
const routes: TRouteRecord[] = [
  { path: '/dashboard', titleKey: 'dashboard', icon: 'DashboardOutlined', affix: true, lazy: page },
  {
    path: '/salesReport',
    titleKey: 'salesReport',
    icon: 'BarChartOutlined',
    redirect: '/salesReport/salesSummary',
    children: [
      { path: '/salesReport/salesSummary', titleKey: 'salesSummary', lazy: page },
      { path: '/salesReport/payout', titleKey: 'payout', lazy: page },
    ],
  },
];
vi.mock('../use-permitted-routes.ts', async () => {
  const { findRoute } = await import('../../lib/access.ts');
  return { usePermittedRoutes: () => routes, findRouteByPath: (p: string) => findRoute(routes, p) };
});
const unlock = vi.fn<(password: string) => Promise<{ ok: boolean }>>();
vi.mock('../../features/auth/api/unlock.ts', () => ({ unlock: (p: string) => unlock(p) }));
const logout = vi.fn(async () => {});
vi.mock('../../features/auth/session-actions.ts', () => ({ logout: () => logout(), switchRestaurant: vi.fn() }));

vi.mock('../../features/auth/hooks/use-root-xid.ts', () => ({ useRootXid: () => ({ rootXid: '', error: null }) }));

const { default: AppLayout } = await import('./app-layout.tsx');

const mounts: string[] = [];
function Page({ name }: { name: string }) {
  mounts.push(name);
  return <p data-testid="page">{name}</p>;
}

/** What the frame had drawn in the commit that drew this page (read in that commit's layout effects). */
let atPageCommit: { topBarButton: boolean; placeholders: string[] } | null = null;
function PageThatLooks() {
  useLayoutEffect(() => {
    atPageCommit = {
      topBarButton: document.querySelector('[aria-label="Collapse menu"]') !== null,
      placeholders: [...document.querySelectorAll('.ra-header > [aria-hidden="true"]')].map((el) => el.className),
    };
  }, []);
  return <p data-testid="page">looks</p>;
}

let root: Root;
let container: HTMLDivElement;
let router: ReturnType<typeof createMemoryRouter>;
let queryClient: QueryClient;

async function renderAt(path: string) {
  router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { path: 'dashboard', element: <Page name="dashboard" /> },
          { path: 'salesReport/salesSummary', element: <Page name="summary" /> },
          { path: 'looks', element: <PageThatLooks /> },
          {
            path: 'salesReport/payout',
            element: (
              <>
                <h1>Payout</h1>
                <Page name="payout" />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
}

const q = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T & HTMLElement>(selector);
const byLabel = (label: string) => q<HTMLButtonElement>(`[aria-label="${label}"]`);
/** Waits (up to 3 s) for lazily loaded parts of the shell to show up. */
async function until<T>(find: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = find();
    if (found) return found;
    await act(async () => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error('not found in time');
}
const click = async (el: Element | null) => {
  expect(el).not.toBeNull();
  await act(async () => (el as HTMLElement).click());
};

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        layout: layoutEn,
        route: { dashboard: 'Dashboard', salesReport: 'Sales Report', salesSummary: 'Summary', payout: 'Payout' },
      },
    },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  Object.assign(window, {
    // the narrow-screen query follows the window's width, as in a browser; no other query matches
    matchMedia: (query: string) => ({
      matches: query === NARROW_QUERY && window.innerWidth < 992,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }),
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
});

beforeEach(() => {
  mounts.length = 0;
  localStorage.clear();
  sessionStorage.clear();
  useTags.setState({ visited: [], refreshKey: {} });
  useApp.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } });
  useLockScreen.setState({ locked: false });
  window.innerWidth = 1280;
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

// antd's toasts close on timers: close them while the page is still here (browser-stubs.ts)
afterAll(() => closeStaticMessages(act));

afterEach(async () => {
  // Unmount first: the shell's own popups, drawers and the lock screen are portals of this root and
  // leave the page with it.
  await act(async () => root.unmount());
  // let late timers and animation frames of the unmount (motion ends, popup cleanup) run
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
  // Then remove only what this file put on the page. Never wipe document.body: the toasts of
  // lib/feedback.ts (a failed request's "network" message) come from antd's static message, a
  // React root of its own that outlives each test and removes its `.ant-message` list from
  // <body> seconds later; had the page been wiped, that removal threw "NotFoundError: The node to
  // be removed is not a child of this node" in whichever test was running then.
  container.remove();
});

describe('AppLayout', () => {
  it('renders the page inside the shell with the menu entry of the current page selected', async () => {
    await renderAt('/salesReport/payout');
    expect(q('[data-testid="page"]')?.textContent).toBe('payout');
    const selected = q('.ant-menu-item-selected');
    expect(selected?.textContent).toContain('Payout');
    expect(q('.ant-breadcrumb')?.textContent).toBe('Dashboard/Sales Report/Payout');
  });

  it('adds the pinned dashboard and each visited page as tags; the dashboard cannot be closed', async () => {
    await renderAt('/salesReport/payout');
    expect(useTags.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/salesReport/payout']);
    expect(byLabel('Close Dashboard')).toBeNull();
    expect(byLabel('Close Payout')).not.toBeNull();
  });

  it('closing the tag on screen shows the last remaining tag', async () => {
    await renderAt('/salesReport/payout');
    await act(async () => router.navigate('/salesReport/salesSummary'));
    await act(async () => router.navigate('/salesReport/payout'));
    await click(byLabel('Close Payout'));
    expect(router.state.location.pathname).toBe('/salesReport/salesSummary');
    expect(q('[data-testid="page"]')?.textContent).toBe('summary');
  });

  it('refresh re-mounts the page on screen', async () => {
    await renderAt('/dashboard');
    expect(mounts).toEqual(['dashboard']);
    await click(byLabel('Actions for Dashboard'));
    const refresh = [...document.querySelectorAll('.ant-dropdown-menu-item')].find(
      (el) => el.textContent === 'Refresh',
    );
    await click(refresh ?? null);
    expect(mounts).toEqual(['dashboard', 'dashboard']);
  });

  it('draws the page first, with the top bar and tags in a commit after it, their places held', async () => {
    atPageCommit = null;
    await renderAt('/looks');
    // issue 21: the bars' tooltips and menus no longer make the page's own commit render again
    expect(atPageCommit).toEqual({ topBarButton: false, placeholders: ['ra-navbar', 'ra-tags'] });
    expect(byLabel('Collapse menu')).not.toBeNull();
    expect(q('nav[aria-label="Open pages"]')).not.toBeNull();
    expect(q('.ra-header > [aria-hidden="true"]')).toBeNull();
  });

  it('draws the top bar in steps after the page: its left side, then its tools and the tags', async () => {
    // what the header holds after each insertion into the page (a commit inserts each new subtree in
    // one call): act runs the commits one after another without handing over to an observer
    const steps: string[] = [];
    const record = () => {
      const parts = [
        q('[aria-label="Collapse menu"]') && 'menu button',
        q('[aria-label="Search pages"]') && 'tools',
        q('nav[aria-label="Open pages"]') ? 'tags' : q('.ra-header > .ra-tags[aria-hidden="true"]') && 'tags held',
      ].filter(Boolean);
      const step = parts.join(', ');
      if (step && steps.at(-1) !== step) steps.push(step);
    };
    const { appendChild, insertBefore } = Node.prototype;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      const added = appendChild.call(this, node) as T;
      if (this.isConnected) record();
      return added;
    };
    Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
      const added = insertBefore.call(this, node, child) as T;
      if (this.isConnected) record();
      return added;
    };
    try {
      await renderAt('/looks');
    } finally {
      Object.assign(Node.prototype, { appendChild, insertBefore });
    }
    // issue 21: shorter tasks after the first paint instead of one long one. The page's commit holds
    // the bars' places; the bar's left side is drawn with the tags' place still held and none of its
    // tools; the tools and the tags come in a later commit.
    expect(steps[0]).toBe('tags held');
    expect(steps).toContain('menu button, tags held');
    expect(steps.at(-1)).toBe('menu button, tools, tags');
  });

  it('the menu button collapses the sidebar and remembers it', async () => {
    await renderAt('/dashboard');
    await click(byLabel('Collapse menu'));
    expect(useApp.getState().sidebar.opened).toBe(false);
    expect(localStorage.getItem('sidebarStatus')).toBe('0');
    expect(byLabel('Expand menu')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('a narrow window closes the menu without remembering it; widening brings it back', async () => {
    await renderAt('/dashboard');
    window.innerWidth = 800;
    await act(async () => window.dispatchEvent(new Event('resize')));
    expect(useApp.getState().sidebar.opened).toBe(false);
    window.innerWidth = 1280;
    await act(async () => window.dispatchEvent(new Event('resize')));
    expect(useApp.getState().sidebar.opened).toBe(true);
    expect(localStorage.getItem('sidebarStatus')).toBeNull();
    expect(byLabel('Collapse menu')?.getAttribute('aria-expanded')).toBe('true');
  });

  it('a page change moves focus to the new page and announces its title', async () => {
    await renderAt('/dashboard');
    const announcer = q('[role="status"][aria-live="polite"]');
    // the first page of a load is left to the browser
    expect(announcer?.textContent).toBe('');
    await act(async () => router.navigate('/salesReport/salesSummary'));
    expect(announcer?.textContent).toBe('Summary');
    expect(document.activeElement).toBe(q('#ra-main'));
    await act(async () => router.navigate('/salesReport/payout'));
    expect(announcer?.textContent).toBe('Payout');
    expect(document.activeElement).toBe(q('#ra-main h1'));
  });

  it('on a narrow screen starts with the menu closed, in a drawer', async () => {
    window.innerWidth = 600;
    await renderAt('/dashboard');
    expect(useApp.getState().device).toBe('mobile');
    expect(useApp.getState().sidebar.opened).toBe(false);
    expect(q('.ant-layout-sider')).toBeNull();
  });

  it('hides the tags when the setting is off', async () => {
    const { useSettings } = await import('../../stores/settings.ts');
    useSettings.setState({ tagsView: false });
    await renderAt('/dashboard');
    expect(q('nav[aria-label="Open pages"]')).toBeNull();
    act(() => useSettings.setState({ tagsView: true }));
    expect(q('nav[aria-label="Open pages"]')).not.toBeNull();
  });

  const menuItem = (text: string) =>
    [...document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')].find(
      (el) => el.textContent === text,
    ) ?? null;

  it('the size menu in the top bar sets the interface size', async () => {
    await renderAt('/dashboard');
    await click(byLabel('Interface size'));
    await click(menuItem('Large'));
    expect(useApp.getState().size).toBe('large');
    expect(localStorage.getItem('size')).toBe('large');
  });

  it('log out asks first, then ends the session', async () => {
    logout.mockClear();
    await renderAt('/dashboard');
    await click(q('button[aria-label^="Account menu"]'));
    await click(menuItem('Log out'));
    expect(logout).not.toHaveBeenCalled();
    // the dialog code is loaded on first use: its first import is transformed then, which takes seconds
    // on a busy machine
    await vi.waitFor(
      () => {
        const found = [...document.querySelectorAll('.ant-modal-confirm button')].some(
          (b) => b.textContent === 'Log out',
        );
        if (!found) throw new Error('no confirm dialog yet');
      },
      { timeout: 20_000 },
    );
    const ok = [...document.querySelectorAll('.ant-modal-confirm button')].find((b) => b.textContent === 'Log out');
    await click(ok ?? null);
    expect(logout).toHaveBeenCalledTimes(1);
  }, 40_000);

  it('a leaf login has no way back to the management page', async () => {
    const { useSession } = await import('../../stores/session.ts');
    useSession.setState({ loginAsLeaf: true });
    await renderAt('/dashboard');
    await click(q('button[aria-label^="Account menu"]'));
    expect(menuItem('Change password')).not.toBeNull();
    expect(menuItem('Back to management page')).toBeNull();
    await act(async () => useSession.setState({ loginAsLeaf: false }));
  });

  it('the settings drawer switches to the midnight theme and its colour', async () => {
    const { useSettings } = await import('../../stores/settings.ts');
    const { THEME_PRESETS } = await import('../../components/layout/theme.ts');
    await renderAt('/dashboard');
    await click(byLabel('Page settings'));
    const midnight = await until(() =>
      [...document.querySelectorAll('.ant-drawer label')].find((l) => l.textContent === 'Midnight'),
    );
    await click(midnight.querySelector('input'));
    expect(useSettings.getState().themeName).toBe('midnight');
    expect(useSettings.getState().theme).toBe(THEME_PRESETS.midnight.primary);
    expect(JSON.parse(localStorage.getItem('settings') ?? '{}')).toMatchObject({ themeName: 'midnight' });
    await act(async () => useSettings.setState({ themeName: 'original', theme: '#18acaf', showSettings: false }));
  });

  describe('lock screen', () => {
    const passwordInput = () => document.querySelector<HTMLInputElement>('.ra-lock input[type="password"]');
    const submit = async (password: string) => {
      const input = passwordInput()!;
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, password);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(async () => document.querySelector<HTMLFormElement>('.ra-lock form')!.requestSubmit());
      await act(async () => new Promise((r) => setTimeout(r, 20)));
    };

    it('covers the page, which becomes inert, and Escape does not close it', async () => {
      useLockScreen.setState({ locked: true });
      await renderAt('/dashboard');
      await until(() => document.querySelector('.ra-lock[role="dialog"]'));
      expect(q('.ra-layout')?.hasAttribute('inert')).toBe(true);
      await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
      expect(document.querySelector('.ra-lock')).not.toBeNull();
    });

    it('asks for the password of the signed-in person, not of the restaurant', async () => {
      const { useSession } = await import('../../stores/session.ts');
      useSession.setState({ name: 'Harbor Bistro', loginAccount: 'agent@demo.test' });
      useLockScreen.setState({ locked: true });
      queryClient.setQueryData(['auth', 'userInfo'], {
        xid: 'u1',
        name: 'Linda Chen',
        email: 'agent@demo.test',
        avatar: '',
        introduction: '',
        isLeaf: false,
        rootXid: 'a1',
      });
      await renderAt('/dashboard');
      const lock = await until(() => document.querySelector('.ra-lock[role="dialog"]'));
      expect(lock.textContent).toContain('Enter the password of Linda Chen to continue.');
      expect(lock.textContent).not.toContain('Harbor Bistro');
    });

    it('a wrong password keeps it locked and says why; the right one unlocks', async () => {
      useLockScreen.setState({ locked: true });
      await renderAt('/dashboard');
      await until(passwordInput);
      unlock.mockRejectedValueOnce(new Error('Wrong password'));
      await submit('nope');
      expect(unlock).toHaveBeenLastCalledWith('nope');
      expect(document.querySelector('.ra-lock')?.textContent).toContain('Wrong password');
      expect(useLockScreen.getState().locked).toBe(true);

      unlock.mockResolvedValueOnce({ ok: true });
      await submit('secret');
      expect(useLockScreen.getState().locked).toBe(false);
      expect(document.querySelector('.ra-lock')).toBeNull();
      expect(q('.ra-layout')?.hasAttribute('inert')).toBe(false);
    });
  });
});
