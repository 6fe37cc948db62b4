import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import SelectNodeAndRestPage from './select-node-and-rest-page.tsx';
import SelectTimeZonePage from './select-time-zone-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * An owner (leaf login, SPEC 6) who opens /selectTimeZone or /selectNodeAndRest by address is told
 * what is true: the restaurant's time zone, and that theirs is the only restaurant.
 */
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(timeZone: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      if (path === '/api/restaurant/profile') return json({ city: 'Boston', state: 'MA', timeZone });
      if (path === '/api/getUserInfo') return json({ xid: 'R1', rootXid: 'R1' });
      if (path === '/api/getChildrenNodeByXid') return json({ nodes: [] });
      return json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
}

const settle = (ms = 50) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
async function waitFor(check: () => boolean, timeout = 5000) {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle();
  expect(check()).toBe(true);
}

let cleanup: (() => Promise<void>) | null = null;
async function open(path: string, Page: () => React.ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      { path: '/dashboard', element: <p>dashboard page</p> },
    ],
    { initialEntries: [path] },
  );
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  cleanup = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return { container, router };
}

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
beforeEach(() => {
  useSession.setState({ token: 'tok', loginAsLeaf: true, restname: 'Golden Wok', rootXid: 'R1' });
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  await i18n.changeLanguage('en');
});

const button = (root: ParentNode, text: string) =>
  [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.replace(/\s/g, '') === text);

describe('/selectTimeZone opened directly', { timeout: 30_000 }, () => {
  it("shows the restaurant's time zone and leads to the dashboard when it has one", async () => {
    serve('America/New_York');
    const { container, router } = await open('/selectTimeZone', SelectTimeZonePage);
    await waitFor(() => container.textContent!.includes('America/New_York'));
    expect(container.textContent).toContain(
      'Golden Wok already keeps its reports and business days in the time zone America/New_York.',
    );
    expect(container.textContent).not.toContain('has no time zone yet');
    await act(async () => button(container, 'Gotothedashboard')!.click());
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('still asks for a zone when the restaurant has none', async () => {
    serve('Unknown');
    const { container } = await open('/selectTimeZone', SelectTimeZonePage);
    await waitFor(() => container.querySelector('[data-testid="time-zone-select"]') !== null);
    expect(container.textContent).toContain('Golden Wok has no time zone yet.');
  });

  it('says it in Chinese too', async () => {
    for (const [ns, res] of Object.entries(await loadLanguageResources('zh')))
      i18n.addResourceBundle('zh', ns, res, true, true);
    await i18n.changeLanguage('zh');
    serve('America/New_York');
    const { container } = await open('/selectTimeZone', SelectTimeZonePage);
    await waitFor(() => container.textContent!.includes('America/New_York'));
    expect(container.textContent).toContain('「Golden Wok」已设置时区 America/New_York');
  });
});

describe('/selectNodeAndRest opened directly by an owner', { timeout: 30_000 }, () => {
  it('names their restaurant as the only one instead of "no restaurants are linked"', async () => {
    serve('America/New_York');
    const { container, router } = await open('/selectNodeAndRest', SelectNodeAndRestPage);
    await settle(200);
    expect(container.textContent).toContain('You signed in at Golden Wok, so there is no other restaurant to choose.');
    expect(container.textContent).not.toContain('No restaurants are linked');
    await act(async () => button(container, 'Gotothedashboard')!.click());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
