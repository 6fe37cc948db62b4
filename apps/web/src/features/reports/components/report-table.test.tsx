import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import type { TReportColumn, TTotalsRow } from '../report-columns.ts';
import type { TListSort } from '../report-sort.ts';
import { ChangeTag } from './change-tag.tsx';
import { ReportTable } from './report-table.tsx';
import { NARROW_QUERY } from '../../../lib/media-query.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface TRow {
  category: string;
  quantity: number;
  netCents: number;
}

const columns: TReportColumn<TRow>[] = [
  { key: 'category', title: 'Category', value: (r) => r.category },
  { key: 'quantity', title: 'Qty', kind: 'count', value: (r) => r.quantity },
  { key: 'netCents', title: 'Net sales', kind: 'cents', value: (r) => r.netCents },
];

const range = { preset: 'custom' as const, from: '2026-03-01', to: '2026-03-31' };

let container: HTMLDivElement;
let root: Root;

/** Whether the screen is a phone's, as the table asks with NARROW_QUERY (lib/media-query.ts). */
let narrowScreen = false;

beforeAll(async () => {
  await initI18n('en');
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: narrowScreen && query === NARROW_QUERY,
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
    }),
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  narrowScreen = false;
});

/** The category sales table with its totals and the previous period's. */
async function renderCategorySales(rows: TRow[], totals: TTotalsRow, previousTotals?: TTotalsRow) {
  await act(async () =>
    root.render(
      <ReportTable
        title="Category sales"
        section="categorySales"
        range={range}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.category}
        totals={totals}
        previousTotals={previousTotals}
      />,
    ),
  );
}

const cellsOf = (row: Element | null) => [...(row?.querySelectorAll('td') ?? [])].map((td) => td.textContent);

describe('ReportTable', () => {
  it('ends with a totals row for the whole range and a row for the previous period', async () => {
    await renderCategorySales(
      [
        { category: 'Mains', quantity: 1200, netCents: 1_234_567 },
        { category: 'Drinks', quantity: 30, netCents: 9_900 },
      ],
      { quantity: 1230, netCents: 1_244_467 },
      { quantity: 1000, netCents: 1_000_000 },
    );
    expect(cellsOf(container.querySelector('.ra-report-table__totals'))).toEqual(['Total', '1,230', '$12,444.67']);
    expect(cellsOf(container.querySelector('.ra-report-table__previous'))).toEqual([
      'Previous period',
      '1,000',
      '$10,000.00',
    ]);
    expect(container.querySelector('tbody')?.textContent).toContain('$12,345.67');
  });

  it("says 'No sales in this period' and shows no totals when there are no rows", async () => {
    await renderCategorySales([], { quantity: 0, netCents: 0 });
    expect(container.textContent).toContain('No sales in this period');
    expect(container.querySelector('.ra-report-table__totals')).toBeNull();
    expect(
      container.querySelector<HTMLButtonElement>('button[aria-label="Export Category sales as CSV"]')?.disabled,
    ).toBe(true);
  });
});

describe('ReportTable on a phone', () => {
  const renderTable = () =>
    renderCategorySales(
      [{ category: 'Mains', quantity: 1200, netCents: 1_234_567 }],
      { quantity: 1200, netCents: 1_234_567 },
      { quantity: 1000, netCents: 1_000_000 },
    );
  const leadCells = () => [...container.querySelectorAll('.ra-report-table__lead')].map((c) => c.textContent);

  it('keeps the first column in view: its heading, its cells and the totals labels, and nothing else', async () => {
    narrowScreen = true;
    await renderTable();
    expect(leadCells()).toEqual(['Category', 'Mains', 'Total', 'Previous period']);
  });

  it('keeps no column in place on a wide screen', async () => {
    await renderTable();
    expect(leadCells()).toEqual([]);
  });

  it("scrolls in its own box, without antd's row of measuring cells (read and watched as it is drawn)", async () => {
    narrowScreen = true;
    await renderTable();
    expect(container.querySelector('.ant-table-content')).not.toBeNull();
    expect(container.querySelector('.ant-table-measure-row')).toBeNull();
    expect(container.querySelectorAll('tr')).toHaveLength(4);
  });
});

interface TPayout {
  id: string;
  amountCents: number;
  reason: string;
}

const payoutColumns: TReportColumn<TPayout>[] = [
  { key: 'at', title: 'Time', value: (r) => r.id },
  { key: 'amountCents', title: 'Amount', kind: 'cents', value: (r) => r.amountCents },
  { key: 'reason', title: 'Reason', value: (r) => r.reason },
];

describe('ReportTable sorted by the server', () => {
  const headerOf = (title: string) =>
    [...container.querySelectorAll('th')].find((th) => th.textContent?.trim() === title)!;

  async function renderSorted(current: TListSort, onChange: (next: TListSort) => void) {
    await act(async () =>
      root.render(
        <ReportTable
          title="Payouts"
          section="payout"
          range={range}
          columns={payoutColumns}
          rows={[
            { id: 'a', amountCents: 100, reason: 'Ice' },
            { id: 'b', amountCents: 900, reason: 'Produce' },
          ]}
          rowKey={(r) => r.id}
          totals={null}
          paging={{ page: 3, pageSize: 2, total: 9, onChange: () => {} }}
          sorting={{ keys: ['at', 'amountCents', 'kind'], current, onChange }}
        />,
      ),
    );
  }

  it('asks for the clicked column across every page instead of reordering the page on screen', async () => {
    const onChange = vi.fn();
    await renderSorted({ sort: 'at', order: 'desc' }, onChange);
    expect(headerOf('Time').getAttribute('aria-sort')).toBe('descending');

    await act(async () => headerOf('Amount').click());
    expect(onChange).toHaveBeenCalledWith({ sort: 'amountCents', order: 'desc' });
    // The page keeps the server's order until the server answers in the new one.
    expect(cellsOf(container.querySelector('tbody tr.ant-table-row'))).toEqual(['a', '$1.00', 'Ice']);
  });

  it('shows the order the server was asked for, and asks for ascending on the next click', async () => {
    const onChange = vi.fn();
    await renderSorted({ sort: 'amountCents', order: 'desc' }, onChange);
    expect(headerOf('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('Time').getAttribute('aria-sort')).toBeNull();

    await act(async () => headerOf('Amount').click());
    expect(onChange).toHaveBeenCalledWith({ sort: 'amountCents', order: 'asc' });
  });

  it('offers no sorting on a column the server cannot sort by', async () => {
    const onChange = vi.fn();
    await renderSorted({ sort: 'at', order: 'desc' }, onChange);
    expect(headerOf('Reason').className).not.toContain('ant-table-column-has-sorters');
    await act(async () => headerOf('Reason').click());
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ChangeTag', () => {
  it('colours a rise in net sales as good news, with an up arrow', async () => {
    await act(async () => root.render(<ChangeTag current={11_000} previous={10_000} />));
    const tag = container.querySelector('.ra-change')!;
    expect(tag.className).toContain('ra-change--good');
    expect(tag.getAttribute('data-trend')).toBe('up');
    expect(tag.textContent).toBe('+10.0%');
    expect(tag.getAttribute('aria-label')).toBe('Up +10.0% on the previous period');
    expect(tag.querySelector('[aria-label="arrow-up"], .anticon-arrow-up')).not.toBeNull();
  });

  it('colours a rise in discounts as bad news', async () => {
    await act(async () => root.render(<ChangeTag current={11_000} previous={10_000} higherIsBetter={false} />));
    expect(container.querySelector('.ra-change')!.className).toContain('ra-change--bad');
  });

  it('shows a dash when there is nothing to compare with', async () => {
    await act(async () => root.render(<ChangeTag current={500} previous={0} />));
    expect(container.querySelector('.ra-change')!.textContent).toBe('—');
    expect(container.querySelector('.ra-change')!.className).toContain('ra-change--neutral');
  });
});
