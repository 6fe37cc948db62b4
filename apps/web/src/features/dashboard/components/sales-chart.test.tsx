import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, formatCentsCompact } from '@ra/shared/format/locale-format';
import SalesChart, { type TChartDay } from './sales-chart.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const days: TChartDay[] = [
  { day: '2026-03-13', netSalesCents: 1_850_000, orders: 210, partial: false },
  { day: '2026-03-14', netSalesCents: 420_000, orders: 48, partial: true },
];

describe('dashboard sales chart y-axis', () => {
  it('labels the money axis short in Chinese ("$2万", not a clipped "US$20,000")', async () => {
    await act(async () =>
      root.render(
        <SalesChart
          days={days}
          labels={{ netSales: '净销售额', orders: '订单', soFar: '截至目前', day: '日期', summary: '摘要' }}
          primaryColor="#1677ff"
          formatDayLabel={(d) => d}
          formatDayLong={(d) => d}
          formatMoney={(c) => formatCents(c, 'zh')}
          formatAxisMoney={(c) => formatCentsCompact(c, 'zh')}
          formatCount={String}
        />,
      ),
    );
    const ticks = [...container.querySelectorAll('svg text[text-anchor="end"]')].map((t) => t.textContent);
    expect(ticks).toEqual(['$0', '$5000', '$1万', '$1.5万', '$2万']);
    // each fits the 64-unit gutter at 13 px: at most six characters
    expect(ticks.every((t) => t!.length <= 6)).toBe(true);
  });
});
