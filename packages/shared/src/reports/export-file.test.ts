import { describe, expect, it } from 'vitest';
import { attachmentHeader, exportFileName, fileNameOf } from './export-file.ts';

describe('export file names', () => {
  it('name the restaurant, what the file holds and the business days in ISO', () => {
    expect(
      exportFileName({
        restaurant: 'Harbor Bistro',
        title: 'Item Sales',
        from: '2026-03-01',
        to: '2026-03-31',
        format: 'xlsx',
      }),
    ).toBe('Harbor Bistro - Item Sales - 2026-03-01_2026-03-31.xlsx');
    expect(
      exportFileName({
        restaurant: '金龙餐厅 Golden Dragon',
        title: '销售汇总',
        from: '2026-03-14',
        to: '2026-03-14',
        format: 'csv',
      }),
    ).toBe('金龙餐厅 Golden Dragon - 销售汇总 - 2026-03-14.csv');
  });

  it('drop characters a file system refuses', () => {
    expect(
      exportFileName({
        restaurant: 'Fish/Chips: "Best"',
        title: 'Comps & Voids',
        from: '2026-03-01',
        to: '2026-03-02',
        format: 'csv',
      }),
    ).toBe('Fish Chips Best - Comps & Voids - 2026-03-01_2026-03-02.csv');
  });

  it('carry a Chinese name through Content-Disposition and back', () => {
    const name = '金龙餐厅 - 销售汇总 (堂食) - 2026-03-14.xlsx';
    const header = attachmentHeader(name);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(fileNameOf(header)).toBe(name);
    expect(fileNameOf('attachment; filename="plain.csv"')).toBe('plain.csv');
  });
});
