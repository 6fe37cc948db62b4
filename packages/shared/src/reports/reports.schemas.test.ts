import { describe, expect, it } from 'vitest';
import {
  MAX_REPORT_RANGE_DAYS,
  REPORT_PATHS,
  REPORT_SECTIONS,
  ZBusinessDay,
  ZCompsVoidsQuery,
  ZDateRange,
  ZItemSalesResponse,
  ZPagedReportQuery,
  ZPayoutsQuery,
  ZReportExportOptions,
  ZReportQuery,
  ZSalesSummaryResponse,
  ZTrendsQuery,
} from './reports.schemas.ts';
import type { TSalesFigures } from './reports.schemas.ts';

function errorsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ZBusinessDay', () => {
  it('accepts a real YYYY-MM-DD day', () => {
    expect(ZBusinessDay.parse('2026-03-09')).toBe('2026-03-09');
  });

  it('rejects impossible dates, other formats and days outside the supported years', () => {
    for (const day of ['2026-02-30', '2026-3-9', '2026-03-09T00:00:00Z', '1999-12-31', '3000-01-01']) {
      expect(ZBusinessDay.safeParse(day).success, day).toBe(false);
    }
  });
});

describe('ZDateRange', () => {
  it('accepts a single day and the longest allowed range', () => {
    expect(ZDateRange.safeParse({ from: '2026-03-09', to: '2026-03-09' }).success).toBe(true);
    // 2026-01-01 + 399 days = 2027-02-04: 400 days inclusive.
    expect(MAX_REPORT_RANGE_DAYS).toBe(400);
    expect(ZDateRange.safeParse({ from: '2026-01-01', to: '2027-02-04' }).success).toBe(true);
  });

  it('rejects a range that ends before it starts, on the end date', () => {
    expect(errorsOf(ZDateRange.safeParse({ from: '2026-03-09', to: '2026-03-08' }))).toEqual({
      to: 'The end date cannot be before the start date',
    });
  });

  it('rejects a range longer than the limit', () => {
    expect(errorsOf(ZDateRange.safeParse({ from: '2026-01-01', to: '2027-02-05' }))).toEqual({
      to: 'Please choose at most 400 days',
    });
  });

  it('reports only the bad day when a day is malformed', () => {
    expect(errorsOf(ZDateRange.safeParse({ from: '2026-02-30', to: '2026-03-08' }))).toEqual({
      from: 'Please choose a date (YYYY-MM-DD)',
    });
  });
});

describe('ZReportQuery', () => {
  it('compares by default and reads compare from a query string', () => {
    expect(ZReportQuery.parse({ from: '2026-03-01', to: '2026-03-09' })).toEqual({
      from: '2026-03-01',
      to: '2026-03-09',
      compare: true,
      preset: 'custom',
    });
    expect(ZReportQuery.parse({ from: '2026-03-01', to: '2026-03-09', compare: 'false' }).compare).toBe(false);
    expect(ZReportQuery.parse({ from: '2026-03-01', to: '2026-03-09', compare: false }).compare).toBe(false);
  });

  it('rejects an unknown preset and a compare value that is not a boolean', () => {
    expect(
      Object.keys(errorsOf(ZReportQuery.safeParse({ from: '2026-03-01', to: '2026-03-09', preset: 'lastYear' }))),
    ).toEqual(['preset']);
    expect(
      Object.keys(errorsOf(ZReportQuery.safeParse({ from: '2026-03-01', to: '2026-03-09', compare: 'maybe' }))),
    ).toEqual(['compare']);
  });

  it('applies the range rules', () => {
    expect(Object.keys(errorsOf(ZReportQuery.safeParse({ from: '2026-03-09', to: '2026-03-01' })))).toEqual(['to']);
  });
});

describe('ZTrendsQuery', () => {
  it('defaults to daily buckets and rejects an unknown granularity', () => {
    expect(ZTrendsQuery.parse({ from: '2026-03-01', to: '2026-03-09' }).granularity).toBe('day');
    expect(ZTrendsQuery.parse({ from: '2026-03-01', to: '2026-03-09', granularity: 'hour' }).granularity).toBe('hour');
    expect(ZTrendsQuery.safeParse({ from: '2026-03-01', to: '2026-03-09', granularity: 'minute' }).success).toBe(false);
  });
});

describe('ZPagedReportQuery', () => {
  it('reads page numbers from query strings and caps the page size', () => {
    const query = ZPagedReportQuery.parse({ from: '2026-03-01', to: '2026-03-09', page: '3', pageSize: '100' });
    expect([query.page, query.pageSize]).toEqual([3, 100]);
    expect(ZPagedReportQuery.parse({ from: '2026-03-01', to: '2026-03-09' }).page).toBe(1);
    expect(ZPagedReportQuery.safeParse({ from: '2026-03-01', to: '2026-03-09', pageSize: '201' }).success).toBe(false);
    expect(ZPagedReportQuery.safeParse({ from: '2026-03-01', to: '2026-03-09', page: '0' }).success).toBe(false);
  });
});

describe('ZCompsVoidsQuery and ZPayoutsQuery', () => {
  const range = { from: '2026-03-01', to: '2026-03-09' };

  it('lists newest first unless a sort is asked for', () => {
    expect(ZCompsVoidsQuery.parse(range)).toMatchObject({ sort: 'at', order: 'desc', page: 1 });
    expect(ZPayoutsQuery.parse({ ...range, sort: 'amountCents', order: 'asc' })).toMatchObject({
      sort: 'amountCents',
      order: 'asc',
    });
  });

  it('accepts only the section’s own sort keys, on the sort field', () => {
    expect(ZCompsVoidsQuery.parse({ ...range, sort: 'itemName' }).sort).toBe('itemName');
    expect(Object.keys(errorsOf(ZPayoutsQuery.safeParse({ ...range, sort: 'itemName' })))).toEqual(['sort']);
    expect(Object.keys(errorsOf(ZCompsVoidsQuery.safeParse({ ...range, sort: 'i.name desc; --' })))).toEqual(['sort']);
    expect(Object.keys(errorsOf(ZCompsVoidsQuery.safeParse({ ...range, order: 'up' })))).toEqual(['order']);
  });

  it('still applies the range rules', () => {
    expect(Object.keys(errorsOf(ZPayoutsQuery.safeParse({ from: '2026-03-09', to: '2026-03-01' })))).toEqual(['to']);
  });
});

describe('ZReportExportOptions', () => {
  it('writes English CSV by default and accepts Chinese and XLSX', () => {
    expect(ZReportExportOptions.parse({})).toEqual({ format: 'csv', lang: 'en' });
    expect(ZReportExportOptions.parse({ format: 'xlsx', lang: 'zh' })).toEqual({ format: 'xlsx', lang: 'zh' });
  });

  it('refuses a language it cannot write', () => {
    expect(Object.keys(errorsOf(ZReportExportOptions.safeParse({ lang: 'zh-TW' })))).toEqual(['lang']);
  });
});

describe('REPORT_PATHS', () => {
  it('gives every report section its own endpoint under /api/reports', () => {
    expect(REPORT_SECTIONS).toHaveLength(11);
    const paths = REPORT_SECTIONS.map((section) => REPORT_PATHS[section]);
    expect(new Set(paths).size).toBe(REPORT_SECTIONS.length);
    for (const path of paths) expect(path).toMatch(/^\/api\/reports\/[a-z-]+$/);
  });
});

const figures: TSalesFigures = {
  grossSalesCents: 3700,
  discountCents: 300,
  compCents: 800,
  voidCents: 600,
  netSalesCents: 2600,
  taxCents: 250,
  serviceChargeCents: 400,
  tipCents: 500,
  refundCents: 0,
  totalCollectedCents: 3750,
  orderCount: 1,
  guestCount: 2,
  averageCheckCents: 2600,
  averageGuestCents: 1300,
};

describe('ZSalesSummaryResponse', () => {
  it('accepts a summary without a comparison period', () => {
    const summary = {
      range: { from: '2026-03-09', to: '2026-03-09' },
      previousRange: null,
      sameTime: null,
      current: figures,
      previous: null,
      byChannel: [{ channel: 'dineIn', current: figures, previous: null }],
      giftCardSales: { current: { amountCents: 5000, count: 1 }, previous: null },
      lastSalesDay: '2026-03-14',
    };
    expect(ZSalesSummaryResponse.parse(summary)).toEqual(summary);
  });

  it('refuses money that is not whole cents', () => {
    const summary = {
      range: { from: '2026-03-09', to: '2026-03-09' },
      previousRange: null,
      sameTime: null,
      current: { ...figures, netSalesCents: 26.5 },
      previous: null,
      byChannel: [],
      giftCardSales: { current: { amountCents: 0, count: 0 }, previous: null },
      lastSalesDay: null,
    };
    expect(Object.keys(errorsOf(ZSalesSummaryResponse.safeParse(summary)))).toEqual(['current.netSalesCents']);
  });
});

describe('ZItemSalesResponse', () => {
  it('carries rows, a totals row and the comparison totals', () => {
    const totals = { quantity: 3, grossCents: 3200, discountCents: 200, compCents: 0, netCents: 3000 };
    const response = {
      range: { from: '2026-03-02', to: '2026-03-08' },
      previousRange: { from: '2026-02-23', to: '2026-03-01' },
      rows: [
        {
          itemId: 'burger',
          itemName: 'Burger',
          category: 'Mains',
          quantity: 2,
          grossCents: 2900,
          discountCents: 181,
          compCents: 0,
          netCents: 2719,
          share: 2719 / 3000,
          previousQuantity: 1,
          previousNetCents: 1450,
        },
      ],
      totals,
      previousTotals: null,
      sameTime: null,
    };
    expect(ZItemSalesResponse.parse(response)).toEqual(response);
    expect(ZItemSalesResponse.safeParse({ ...response, totals: undefined }).success).toBe(false);
  });
});
