import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPagePermissions } from '@ra/shared/permissions';
import { initI18n } from '../../../lib/i18n.ts';
import { useSession } from '../../../stores/session.ts';
import { harborToday } from '../../../test-support/dashboard-today.ts';
import { DashboardHome } from './dashboard-home.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const panels = () =>
  [...container.querySelectorAll('section.ra-dash__panel')].map((s) => s.getAttribute('aria-label') ?? '');

describe('the home page (issue 21)', () => {
  it('draws the sales panel in its first render, so the panels below it never move down when it comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(harborToday), { headers: { 'Content-Type': 'application/json' } })),
    );
    useSession.setState({
      token: 'tok',
      roles: ['Owner'],
      PagePermissions: { ...emptyPagePermissions(), viewSalesReport: true },
      locales: { GMT: 'GMT-05:00', locales: ['en'], timeZone: 'America/New_York', timestamp: 0 },
    });
    // every state of the page that was on screen, in the order drawn
    const drawn: string[][] = [];
    const observer = new MutationObserver(() => drawn.push(panels()));
    observer.observe(container, { childList: true, subtree: true });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <DashboardHome
              user={{ name: 'Olivia Owner', email: 'owner@demo.test' }}
              userLoading={false}
              quickLinks={[{ path: '/businessInfo/index', title: 'Business Info' }]}
            />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.textContent).toContain('$1,234.56'));
    observer.disconnect();
    // from the first state drawn on, today's sales lead and "Your pages" follows them
    expect(drawn.length).toBeGreaterThan(0);
    for (const state of drawn.filter((s) => s.includes('Your pages'))) expect(state[0]).toBe('Today so far');
  });
});
