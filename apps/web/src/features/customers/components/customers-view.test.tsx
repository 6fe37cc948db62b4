import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { CustomersView } from './customers-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(bankLinked: boolean, bank = { linked: bankLinked }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      if (path === '/api/customers') return json({ rows: [], hasMore: false, page: 1, pageSize: 20 });
      if (path === '/api/customers/count') return json({ total: 42, totalCapped: false });
      if (path === '/api/customers/campaigns') return json({ rows: [], bankLinked: bank.linked });
      if (path === '/api/customers/settings') return json({ pointsPerDollar: 1 });
      if (path === '/api/customers/lookup-names') {
        const { names } = JSON.parse(String(init?.body)) as { names: string[] };
        const errors = Object.fromEntries(
          names.flatMap((n, i) =>
            n === 'Lin Wei' ? [] : [[`names.${i}`, 'Member name does not exist. Please re-enter the following']],
          ),
        );
        if (Object.keys(errors).length > 0)
          return json({ code: 40000, message: 'Some fields are not valid.', errors }, 400);
        return json({ customers: [{ id: 7, name: 'Lin Wei', phone: '+15550102001' }] });
      }
      return json({ code: 40400, message: 'Not found' }, 404);
    }),
  );
}

const settle = (ms = 50) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
async function waitFor(check: () => boolean, timeout = 8000) {
  const until = Date.now() + timeout;
  while (!check() && Date.now() < until) await settle();
  expect(check()).toBe(true);
}
async function typeInto(el: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

let cleanup: (() => Promise<void>) | null = null;
async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <MemoryRouter initialEntries={['/userList/index']}>
        <QueryClientProvider client={client}>
          <CustomersView />
        </QueryClientProvider>
      </MemoryRouter>,
    ),
  );
  cleanup = async () => {
    await act(async () => root.unmount());
    container.remove();
  };
  return container;
}

beforeAll(async () => {
  stubAntdBrowserApis();
  await initI18n('en');
  // lib/feedback.ts loads antd's message and modal on first use; a failed request in this file's last
  // test asked for them, and the import finished after jsdom was gone. Loaded here, it is at hand.
  await Promise.all([
    import('antd/es/message/index.js'),
    import('antd/es/modal/index.js'),
    import('../../../lib/static-feedback-theme.tsx'),
  ]);
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, ' ').trim() === text);

/** Every customer of the filter as the audience, then Write SMS. */
async function openComposer() {
  await waitFor(() => document.querySelector('[data-testid="customer-total"]')?.textContent?.includes('42') === true);
  await act(async () => button('All results (up to 1000)')!.click());
  await waitFor(
    () => document.querySelector('[data-testid="customer-selected"]')?.textContent?.includes('42') === true,
  );
  await act(async () => button('Write SMS')!.click());
  await waitFor(() => document.querySelector('textarea[aria-label="English message"]') !== null);
}

describe('CustomersView: adding members by name', { timeout: 60_000 }, () => {
  it('says which member names do not exist, keeps only them to re-enter, then adds the member', async () => {
    serve(true);
    await mount();
    await waitFor(() => button('Add by name') !== undefined);
    await act(async () => button('Add by name')!.click());
    const box = () => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Member names"]');
    await waitFor(() => box() !== null);
    await typeInto(box()!, 'Lin Wei\nGhost, Nobody');
    await act(async () => button('Add')!.click());
    await waitFor(() => document.querySelector('[data-testid="names-missing"]') !== null);
    const alert = document.querySelector('[data-testid="names-missing"]')!;
    expect(alert.textContent).toContain('Member name does not exist. Please re-enter the following');
    expect([...alert.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['Ghost', 'Nobody']);
    expect(box()!.value).toBe('Ghost\nNobody');
    // Nothing was selected meanwhile.
    expect(document.querySelector('[data-testid="customer-selected"]')!.textContent).toContain('0');

    await typeInto(box()!, 'Lin Wei');
    await act(async () => button('Add')!.click());
    await waitFor(
      () => document.querySelector('[data-testid="customer-selected"]')?.textContent?.includes('1') === true,
    );
  });
});

describe('CustomersView: writing an SMS', { timeout: 60_000 }, () => {
  it('says the bank must be linked as soon as Write SMS opens, and why Submit is disabled', async () => {
    const bank = { linked: false };
    serve(false, bank);
    await mount();
    await openComposer();
    // Before a word is written.
    expect(document.querySelector<HTMLTextAreaElement>('textarea[aria-label="English message"]')!.value).toBe('');
    const alert = document.querySelector('[data-testid="compose-bank"]');
    expect(alert?.textContent).toContain('Please link bank information first');
    const submit = button('Submit for approval')!;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBe('compose-blocker');
    expect(document.getElementById('compose-blocker')!.textContent).toBe('Please link bank information first');

    // Linked meanwhile (another tab): opening Write SMS again asks again.
    bank.linked = true;
    await act(async () => document.querySelector<HTMLButtonElement>('.ant-drawer-close')!.click());
    await act(async () => button('Write SMS')!.click());
    await waitFor(() => document.querySelector('[data-testid="compose-bank"]') === null);
  });

  it('with a linked bank, says Submit waits for the cost, and lists only the unexpected characters', async () => {
    serve(true);
    await mount();
    await openComposer();
    expect(document.querySelector('[data-testid="compose-bank"]')).toBeNull();
    expect(document.getElementById('compose-blocker')!.textContent).toBe('Please enter the message');
    await typeInto(
      document.querySelector<HTMLTextAreaElement>('textarea[aria-label="English message"]')!,
      'Don’t miss “Oyster Night”',
    );
    expect(document.getElementById('compose-blocker')!.textContent).toContain('Calculate the cost first');
    const en = document.querySelector('[data-testid="counter-en"]')!;
    expect([...en.querySelectorAll('.ant-tag')].map((t) => t.textContent)).toEqual(['’', '“', '”']);

    await typeInto(
      document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Chinese message (optional)"]')!,
      '本周末点心买一送一，欢迎光临！',
    );
    const zh = document.querySelector('[data-testid="counter-zh"]')!;
    // One sentence for the Chinese text, no chip per character.
    expect(zh.querySelectorAll('.ant-tag')).toHaveLength(0);
    expect(zh.textContent).toContain('Chinese text is sent as UCS-2');
  });
});
