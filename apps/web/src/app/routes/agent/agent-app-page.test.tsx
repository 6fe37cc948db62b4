import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import AgentAppPage from './agent-app-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const settle = (ms = 50) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });

let cleanup: (() => Promise<void>) | null = null;

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('AgentAppPage', { timeout: 30_000 }, () => {
  it("offers the top bar's language switch (an antd menu of 中文 and English), not unstyled buttons", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = url.replace(/^\/api/, '').split('?')[0];
        if (path === '/api/agent/me')
          return json({
            name: 'Ava',
            nodeXid: 'N1',
            nodeName: 'Golden Spoon Group',
            teamRole: 'member',
            referralCode: 'N1',
          });
        return json({ code: 40400, message: 'Not found' }, 404);
      }),
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/AgentApp', element: <AgentAppPage /> }], {
      initialEntries: ['/AgentApp'],
    });
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
    await settle();

    expect(container.querySelector('.ra-lang')).toBeNull();
    const trigger = container.querySelector<HTMLButtonElement>('button.ant-btn[aria-label="Language"]');
    expect(trigger).not.toBeNull();
    await act(async () => trigger!.click());
    await settle();
    const entries = [...document.querySelectorAll('.ant-dropdown-menu-item')].map((e) => e.textContent);
    expect(entries).toEqual(['中文', 'English']);
  });
});
