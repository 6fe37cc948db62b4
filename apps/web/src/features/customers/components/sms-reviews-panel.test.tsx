import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { SmsReviewsPanel } from './sms-reviews-panel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as an agent (editable false) or platform staff (editable true) sees it. */
function serve(editable: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/api/, '').split('?')[0];
      if (path === '/api/customers/reviews') return json({ rows: [] });
      if (path === '/api/customers/sms/pricing')
        return json({ pricePerPartMicros: 7_900, taxRateBasisPoints: 1_010, editable });
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
async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <SmsReviewsPanel />
      </QueryClientProvider>,
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
});
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

const pricingCard = (view: HTMLElement) => view.querySelector<HTMLElement>('[data-testid="sms-pricing"]');
const saveButton = (view: HTMLElement) =>
  [...(pricingCard(view)?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Save');

describe('SmsReviewsPanel: the SMS price', () => {
  it('shows an agent the price without a form or Save, since the server would refuse the change', async () => {
    serve(false);
    const view = await mount();
    await waitFor(() => pricingCard(view)?.textContent?.includes('$0.0079 per message part') === true);
    expect(pricingCard(view)!.textContent).toContain('tax 10.10%');
    expect(pricingCard(view)!.textContent).not.toContain('(platform)');
    expect(pricingCard(view)!.querySelector('input')).toBeNull();
    expect(saveButton(view)).toBeUndefined();
  });

  it('gives platform staff the price form with Save', async () => {
    serve(true);
    const view = await mount();
    await waitFor(() => saveButton(view) !== undefined);
    expect(pricingCard(view)!.textContent).toContain('SMS pricing (platform)');
    expect(pricingCard(view)!.querySelector('input[aria-label="Price per part"]')).not.toBeNull();
  });
});
