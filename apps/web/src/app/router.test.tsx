import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { i18n, initI18n } from '../lib/i18n.ts';
import { COOKIE_TOKEN, useSession } from '../stores/session.ts';
import { pageTitle, routerOptions, routes } from './router.tsx';
import { harborRestInfo } from '../test-support/rest-info.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

async function open(path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

beforeAll(async () => {
  await initI18n('en');
  // the signed-in frame's antd layout asks for these; jsdom has neither
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
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
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  Cookies.remove(COOKIE_TOKEN);
  useSession.setState({ token: '', roles: [], PagePermissions: emptyPagePermissions() });
  // No server here: the frame's calls (user info, notifications) stay unanswered rather than fail. A
  // failure answered after the file's last test was shown (a toast, a render) once its jsdom was gone.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('pageTitle', () => {
  it('is the translated route title, a dash, then the app title (SPEC 2)', () => {
    expect(pageTitle(i18n.t, 'salesReport.salesSummary')).toBe('Sales Summary - Restaurant Admin System');
    expect(pageTitle(i18n.t, undefined)).toBe('Restaurant Admin System');
  });
});

// The first test pays for loading the route modules, seconds on a busy machine.
describe('the router with its guard', { timeout: 60_000 }, () => {
  it('sends a signed-out visitor to the login page, remembering where they were going', async () => {
    const router = await open('/salesReport/salesSummary?from=2026-03-01');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 20_000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/salesReport/salesSummary?from=2026-03-01',
    );
    await vi.waitFor(() => expect(container.querySelector('input[name=email]')).not.toBeNull(), { timeout: 20_000 });
    // the title follows the page in an effect, which may run a moment after the form is in place
    await vi.waitFor(() => expect(document.title).toBe('Sign In - Restaurant Admin System'), { timeout: 20_000 });
  });

  it('sends staff who open the sales report to the no-permission page', async () => {
    useSession.setState({ token: 'tok' });
    useSession
      .getState()
      .applyRestInfo(
        harborRestInfo({ roles: ['Staff'], PagePermissions: { ...emptyPagePermissions(), viewWorkHours: true } }),
      );
    const router = await open('/salesReport/salesSummary');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 20_000 });
    await vi.waitFor(() => expect(container.textContent).toContain('You do not have permission to open this page.'), {
      timeout: 20_000,
    });
    expect(container.textContent).toContain('Back to Home');
    await vi.waitFor(() => expect(document.title).toBe('No Permission - Restaurant Admin System'), { timeout: 20_000 });
    // a signed-in user keeps the frame: the menu of what they may open is right there
    const menu = container.querySelector('.ra-sidebar__menu');
    expect(menu?.textContent).toContain('Work Hours');
    expect(container.querySelector('.ra-navbar')).not.toBeNull();
  });

  it('opens /changePassword at the /ChangePassword spelling of the SPEC', async () => {
    useSession.setState({ token: 'tok' });
    const router = await open('/changePassword');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/ChangePassword'), { timeout: 20_000 });
    // the page itself has loaded (a module still loading when the test ends fails the whole run)
    await vi.waitFor(() => expect(container.querySelector('input[type=password]')).not.toBeNull(), {
      timeout: 20_000,
    });
  });
});
