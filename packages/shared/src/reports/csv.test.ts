import { describe, expect, it } from 'vitest';
import { centsToDecimal, toCsv } from './csv.ts';
import type { TCsvColumn } from './csv.ts';

interface TRow {
  name: string;
  quantity: number;
  netCents: number | null;
  share?: number;
}

const columns: TCsvColumn<TRow>[] = [
  { key: 'name', header: 'Item' },
  { key: 'quantity', header: 'Qty', kind: 'number' },
  { key: 'netCents', header: 'Net sales', kind: 'cents' },
];

describe('centsToDecimal', () => {
  it('writes cents as a plain decimal with two places', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(-1999)).toBe('-19.99');
    expect(centsToDecimal(100_000_000_00)).toBe('100000000.00');
  });

  it('refuses fractions of a cent', () => {
    expect(() => centsToDecimal(12.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated record per row', () => {
    const csv = toCsv(columns, [
      { name: 'Burger', quantity: 2, netCents: 2900 },
      { name: 'Soda', quantity: 10, netCents: 300 },
    ]);
    expect(csv).toBe('Item,Qty,Net sales\r\nBurger,2,29.00\r\nSoda,10,3.00\r\n');
  });

  it('quotes fields with commas, quotes and line breaks and doubles inner quotes', () => {
    const csv = toCsv(columns, [
      { name: 'Fish, chips', quantity: 1, netCents: 100 },
      { name: 'The "Big" one', quantity: 1, netCents: 100 },
      { name: 'Two\nlines', quantity: 1, netCents: 100 },
      { name: 'Carriage\rreturn', quantity: 1, netCents: 100 },
    ]);
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      '"Fish, chips",1,1.00',
      '"The ""Big"" one",1,1.00',
      '"Two\nlines",1,1.00',
    ]);
    expect(csv).toContain('"Carriage\rreturn",1,1.00\r\n');
  });

  it('quotes headers too', () => {
    expect(toCsv([{ key: 'name', header: 'Name, full' }], [] as TRow[])).toBe('"Name, full"\r\n');
  });

  it('starts with a UTF-8 byte order mark only when asked, keeping Chinese text intact', () => {
    const rows = [{ name: '宫保鸡丁', quantity: 1, netCents: 1280 }];
    const withBom = toCsv(columns, rows, { bom: true });
    expect(withBom.charCodeAt(0)).toBe(0xfeff);
    expect(withBom.slice(1)).toBe('Item,Qty,Net sales\r\n宫保鸡丁,1,12.80\r\n');
    expect(toCsv(columns, rows).charCodeAt(0)).toBe('I'.charCodeAt(0));
  });

  it('leaves empty cells for missing values', () => {
    expect(toCsv(columns, [{ name: 'Gift', quantity: 1, netCents: null }])).toBe('Item,Qty,Net sales\r\nGift,1,\r\n');
  });

  it('defuses text that a spreadsheet would run as a formula but keeps negative money', () => {
    const csv = toCsv(columns, [
      { name: '=HYPERLINK("http://x")', quantity: 1, netCents: -500 },
      { name: '@SUM(A1)', quantity: -1, netCents: 0 },
    ]);
    expect(csv).toBe('Item,Qty,Net sales\r\n"\'=HYPERLINK(""http://x"")",1,-5.00\r\n\'@SUM(A1),-1,0.00\r\n');
  });

  it('uses a column formatter when given and still quotes its result', () => {
    const shareColumn: TCsvColumn<TRow> = {
      key: 'share',
      header: 'Share',
      format: (value) => `${((value as number) * 100).toFixed(1)}%, of net`,
    };
    expect(toCsv([shareColumn], [{ name: 'x', quantity: 1, netCents: 1, share: 0.1234 }])).toBe(
      'Share\r\n"12.3%, of net"\r\n',
    );
  });

  it('refuses a money column holding something other than whole cents', () => {
    const bad = [{ name: 'x', quantity: 1, netCents: 12.5 }];
    expect(() => toCsv(columns, bad)).toThrow(RangeError);
  });
});
