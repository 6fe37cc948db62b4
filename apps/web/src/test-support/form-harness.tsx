import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n.ts';
import { stubAntdBrowserApis } from './browser-stubs.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** antd reads these; jsdom has neither (one helper: browser-stubs.ts). */
export const stubBrowser = stubAntdBrowserApis;

/**
 * The hooks every form test file needs: the browser stubs and English before the file, and after each
 * test the form unmounted (`current` names it) and the language back to English.
 */
export function setUpFormTests(current: () => TMounted | undefined): void {
  beforeAll(async () => {
    stubBrowser();
    await initI18n('en');
  });
  afterEach(async () => {
    await current()?.unmount();
    await i18n.changeLanguage('en');
  });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers fetches by "METHOD /path" (without the /api base); records the bodies sent. */
export function serve(routes: Record<string, (body: unknown) => Response>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '').split('?')[0]}`;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    return routes[key]?.(body) ?? json({ code: 40400, message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export interface TMounted {
  container: HTMLDivElement;
  unmount: () => Promise<void>;
}

/** Renders `node` in a data router with a query client (pass one to refetch or read its cache). */
export async function mount(
  node: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
): Promise<TMounted> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  // a data router, as the app has: forms guard unsaved changes with its blocker
  const router = createMemoryRouter([{ path: '*', element: node }]);
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Types into an input the way a user does (React listens to the native input event). */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Lets promises, timers and antd's async validation settle. */
export async function settle(ms = 50): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

/** initI18n loads only the first language; the Chinese texts are added before switching. */
export async function switchToChinese(): Promise<void> {
  const { i18n, loadLanguageResources } = await import('../lib/i18n.ts');
  const namespaces = await loadLanguageResources('zh');
  for (const [ns, resources] of Object.entries(namespaces)) i18n.addResourceBundle('zh', ns, resources, true, true);
  await i18n.changeLanguage('zh');
}

/** Waits (up to `timeout` ms) until `check` passes; antd validates asynchronously. */
export async function waitFor(check: () => boolean, timeout = 5000): Promise<void> {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle(50);
}
