import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import type { TCouponMenu, TSimulateRequest, TSimulateResponse } from '@ra/shared/coupons/coupons.schemas';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import { CartSimulator, cartLinesOf } from './cart-simulator.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const menu: TCouponMenu = {
  categories: [
    { id: 1, name: 'Mains' },
    { id: 2, name: 'Drinks' },
  ],
  items: [
    { id: 11, code: 'B1', name: 'Burger', categoryId: 1, priceCents: 1200 },
    { id: 12, code: 'D1', name: 'Lemonade', categoryId: 2, priceCents: 400 },
  ],
  toppings: [
    { id: 31, name: 'Extra cheese', groupName: 'Add-ons', priceCents: 150 },
    { id: 32, name: 'Bacon', groupName: 'Add-ons', priceCents: 250 },
  ],
};

const answer: TSimulateResponse = {
  subtotalCents: 3100,
  discountCents: 150,
  totalCents: 2950,
  lines: [{ lineId: '1', discountCents: 150 }],
  verdicts: [
    {
      couponId: 5,
      name: 'Half-price cheese',
      code: 'CHEESE50',
      type: 'toppingDiscount',
      applied: true,
      discountCents: 150,
      lines: [{ lineId: '1', discountCents: 150 }],
      reason: null,
    },
  ],
  policy: { combine: false, pick: 'best' },
};

let container: HTMLDivElement;
let root: Root;
let sent: TSimulateRequest[];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

async function until<T>(find: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await act(async () => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error('not found in time');
}

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <CartSimulator />
      </QueryClientProvider>,
    ),
  );
}

const byLabel = (label: string) => container.querySelector<HTMLElement>(`[aria-label="${label}"]`);

/** Opens an antd select the way a pointer does and picks the option whose text starts with `text`. */
async function pick(label: string, text: string) {
  const select = (await until(() => byLabel(label))).closest('.ant-select')!;
  await act(async () => {
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = await until(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent?.startsWith(text)),
  );
  await act(async () => option.click());
}

beforeAll(async () => {
  await initI18n('en');
  for (const [ns, words] of Object.entries(await loadLanguageResources('zh')))
    i18next.addResourceBundle('zh', ns, words);
  stubAntdBrowserApis();
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/api/coupon/menu')) return json(menu);
      if (url.startsWith('/api/api/coupon/simulate')) {
        sent.push(JSON.parse(String(init?.body)));
        return json(answer);
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  // late timers and frames of the unmount run; the page is never wiped (see app-layout.test.tsx)
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await i18next.changeLanguage('en');
});

describe('toppings in the cart simulator', () => {
  it('puts toppings picked from the menu on a cart line, at the menu price, so a topping coupon can be tried', async () => {
    await render();
    await until(() => byLabel('Item on line 1'));
    await pick('Toppings on line 1', 'Extra cheese');
    await pick('Toppings on line 1', 'Bacon');
    const tryButton = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try coupons')!;
    await act(async () => tryButton.click());
    await until(() => container.querySelector('[data-testid="simulator-result"]'));

    expect(sent).toHaveLength(1);
    const [first, second] = sent[0]!.lines;
    expect(first).toMatchObject({ lineId: '1', itemId: 11, quantity: 2, unitPriceCents: 1200 });
    expect(first!.toppings).toEqual([
      { toppingId: 31, name: 'Extra cheese', priceCents: 150, quantity: 1 },
      { toppingId: 32, name: 'Bacon', priceCents: 250, quantity: 1 },
    ]);
    expect(second!.toppings).toEqual([]);
    expect(container.querySelector('[data-testid="simulator-discount"]')!.textContent).toBe('−$1.50');
    expect(container.textContent).toContain('Half-price cheese');
  });

  it('names the topping picker in Chinese', async () => {
    await i18next.changeLanguage('zh');
    await render();
    expect(await until(() => byLabel('第 1 行的配料'))).not.toBeNull();
  });

  it('offers no topping picker when the menu has no toppings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ...menu, toppings: [] })),
    );
    await render();
    await until(() => byLabel('Item on line 1'));
    expect(byLabel('Toppings on line 1')).toBeNull();
  });

  it('drops a topping the menu no longer lists rather than sending it at no price', () => {
    const items = new Map(menu.items.map((i) => [i.id, i]));
    const toppings = new Map(menu.toppings.map((tp) => [tp.id, tp]));
    const [line] = cartLinesOf([{ key: 4, itemId: 12, quantity: 1, price: 4, toppingIds: [32, 99] }], items, toppings);
    expect(line).toEqual({
      lineId: '4',
      name: 'Lemonade',
      itemId: 12,
      categoryId: 2,
      quantity: 1,
      unitPriceCents: 400,
      toppings: [{ toppingId: 32, name: 'Bacon', priceCents: 250, quantity: 1 }],
    });
  });
});
