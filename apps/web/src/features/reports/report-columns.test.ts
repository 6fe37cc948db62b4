import { describe, expect, it } from 'vitest';
import { buildReportCsv, compareCells, type TReportColumn } from './report-columns.ts';

interface TRow {
  item: string;
  qty: number;
  netCents: number;
  share: number;
  previousNetCents: number | null;
}

const columns: TReportColumn<TRow>[] = [
  { key: 'item', title: 'Item', value: (r) => r.item },
  { key: 'qty', title: 'Qty', kind: 'count', value: (r) => r.qty },
  { key: 'netCents', title: 'Net sales', kind: 'cents', value: (r) => r.netCents },
  { key: 'share', title: 'Share', kind: 'percent', value: (r) => r.share },
  { key: 'previousNetCents', title: 'Prev. net', kind: 'cents', value: (r) => r.previousNetCents },
  { key: 'badge', title: 'Badge', value: () => 'x', only: 'screen' },
];

const rows: TRow[] = [
  { item: 'Fried rice, large', qty: 3, netCents: 123_450, share: 0.75, previousNetCents: 100_000 },
  { item: '=HYPERLINK("x")', qty: 1, netCents: 41_150, share: 0.25, previousNetCents: null },
];

describe('report CSV', () => {
  const csv = buildReportCsv(
    columns,
    rows,
    { qty: 4, netCents: 164_600, share: 1, previousNetCents: 100_000 },
    'Total',
  );
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');

  it('starts with a BOM so Excel reads Chinese names', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });

  it('has the header, one line per row in plain numbers, and the totals row last', () => {
    expect(lines[0]).toBe('Item,Qty,Net sales,Share (%),Prev. net');
    expect(lines[1]).toBe('"Fried rice, large",3,1234.50,75,1000.00');
    expect(lines[3]).toBe('Total,4,1646.00,100,1000.00');
    expect(lines[4]).toBe('');
  });

  it('defuses text that a spreadsheet would run as a formula and leaves a missing figure empty', () => {
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",1,411.50,25,`);
  });

  it('leaves screen-only columns out of the file', () => {
    expect(csv).not.toContain('Badge');
  });
});

describe('sorting cells', () => {
  it('sorts numbers by value and puts missing figures last', () => {
    expect([3, null, 10, 2].sort(compareCells)).toEqual([2, 3, 10, null]);
    expect(['b', 'a'].sort(compareCells)).toEqual(['a', 'b']);
  });
});
