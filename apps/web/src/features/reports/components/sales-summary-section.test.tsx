import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSalesFigures } from '@ra/shared/reports/reports.schemas';
import { stubAntdBrowserApis } from '../../../test-support/browser-stubs.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { ReportTable } from './report-table.tsx';
import { NetSalesFormula, SUMMARY_FIGURES } from './sales-summary-section.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeAll(async () => {
  await initI18n('en');
  stubAntdBrowserApis();
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const figures: TSalesFigures = {
  grossSalesCents: 1_000_000,
  discountCents: 50_000,
  compCents: 20_000,
  voidCents: 35_000,
  netSalesCents: 930_000,
  taxCents: 80_000,
  serviceChargeCents: 0,
  tipCents: 120_000,
  refundCents: 0,
  totalCollectedCents: 1_130_000,
  orderCount: 1_234,
  guestCount: 2_345,
  averageCheckCents: 754,
  averageGuestCents: 397,
};

describe('net sales on the summary', () => {
  it('puts only discounts and comps between gross and net sales; voids are reported apart', () => {
    const order = SUMMARY_FIGURES.map((f) => f.key);
    const between = order.slice(order.indexOf('grossSalesCents') + 1, order.indexOf('netSalesCents'));
    expect(between).toEqual(['discountCents', 'compCents']);
    expect(order.indexOf('voidCents')).toBeGreaterThan(order.indexOf('netSalesCents'));
  });

  it('shows how net sales is reached, with the period’s figures, and why voids are not in it', async () => {
    await act(async () => root.render(<NetSalesFormula figures={figures} />));
    const text = container.querySelector('[data-testid="net-formula"]')!.textContent!;
    expect(text).toContain('Net sales $9,300.00');
    expect(text).toMatch(/=.*Gross sales \$10,000\.00.*−.*Discounts \$500\.00.*−.*Comps \$200\.00/);
    expect(text).toContain('voided items ($350.00) were never charged');
    expect(figures.grossSalesCents - figures.discountCents - figures.compCents).toBe(figures.netSalesCents);
  });
});

describe('a table whose rows are not yet the ones asked for', () => {
  it('offers no export and shows it is loading', async () => {
    await act(async () =>
      root.render(
        <ReportTable
          title="Sales by period"
          section="salesTrends"
          range={{ preset: 'custom', from: '2026-03-01', to: '2026-03-31' }}
          columns={[{ key: 'label', title: 'Week of', value: (r: { label: string }) => r.label }]}
          rows={[{ label: '2026-03-02' }]}
          rowKey={(r) => r.label}
          totals={null}
          stale
        />,
      ),
    );
    const buttons = [...container.querySelectorAll('button')].filter((b) =>
      /Export/.test(b.getAttribute('aria-label') ?? ''),
    );
    expect(buttons).toHaveLength(2);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    expect(container.querySelector('section')!.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.ant-spin')).not.toBeNull();
  });
});
