import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n, loadLanguageResources } from '../../../lib/i18n.ts';
import { GiftCardSalesLine } from './gift-card-sales-line.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  await initI18n('en');
  for (const [ns, words] of Object.entries(await loadLanguageResources('zh')))
    i18next.addResourceBundle('zh', ns, words);
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  await i18next.changeLanguage('en');
});

const line = { current: { amountCents: 12_500, count: 3 }, previous: { amountCents: 10_000, count: 2 } };

describe('gift card sales on the summary', () => {
  it('shows the money loaded onto cards as a liability, apart from sales, with the previous period', async () => {
    await act(async () => root.render(<GiftCardSalesLine line={line} />));
    const section = container.querySelector('[data-testid="gift-card-sales"]')!;
    expect(section.getAttribute('aria-label')).toBe('Gift card sales');
    expect(section.querySelector('[data-testid="gift-card-sales-amount"]')!.textContent).toBe('$125.00');
    const text = section.textContent!;
    expect(text).toContain('Liability, not sales');
    expect(text).toContain('3 cards activated or reloaded');
    expect(text).toContain('Previous period: $100.00');
    expect(text).toContain('not in gross or net sales');
    expect(section.querySelector('[data-trend="up"]')).not.toBeNull();
  });

  it('reads in Chinese, without a comparison when there is none', async () => {
    await i18next.changeLanguage('zh');
    await act(async () =>
      root.render(<GiftCardSalesLine line={{ current: { amountCents: 5000, count: 1 }, previous: null }} />),
    );
    const text = container.querySelector('[data-testid="gift-card-sales"]')!.textContent!;
    expect(text).toContain('礼品卡销售');
    expect(text).toContain('负债');
    expect(text).toContain('开卡或充值 1 次');
    expect(text).toContain('不计入销售总额或净销售额');
    expect(text).not.toContain('上一周期');
  });
});
