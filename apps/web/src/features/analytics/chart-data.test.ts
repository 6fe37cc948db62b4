// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TCheckTrendWeek } from '@ra/shared/analytics/analytics.schemas';
import { checkTrendSeries, formatAverage, heatmapTable } from './chart-data.ts';

const cells = (orders: Record<string, number>) => {
  const out = [];
  for (let weekday = 0; weekday < 7; weekday += 1)
    for (let hour = 0; hour < 24; hour += 1)
      out.push({
        weekday,
        hour,
        orders: orders[`${weekday}:${hour}`] ?? 0,
        netSalesCents: 0,
        days: 1,
        averageOrders: orders[`${weekday}:${hour}`] ?? 0,
      });
  return out;
};

describe('heatmapTable', () => {
  it('lists Monday to Sunday over the hours from the first to the last with orders', () => {
    const table = heatmapTable(cells({ '6:19': 42, '1:11': 3, '0:21': 5 }));
    expect(table.hours).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(table.rows.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(table.rows[5]?.averages[19 - 11]).toBe(42);
    expect(table.rows[6]?.averages.at(-1)).toBe(5);
    expect(table.busiest).toMatchObject({ weekday: 6, hour: 19, orders: 42 });
  });

  it('shows orders a day on average and finds the busiest by that, not by the total', () => {
    // three Fridays at 20:00 (30 orders) against two Saturdays at 20:00 so far (24 orders)
    const all = cells({}).map((c) =>
      c.hour !== 20 || (c.weekday !== 5 && c.weekday !== 6)
        ? c
        : c.weekday === 5
          ? { ...c, orders: 30, days: 3, averageOrders: 10 }
          : { ...c, orders: 24, days: 2, averageOrders: 12 },
    );
    const table = heatmapTable(all);
    expect(table.busiest).toMatchObject({ weekday: 6, hour: 20, averageOrders: 12 });
    expect(table.rows.find((r) => r.weekday === 5)?.averages).toEqual([10]);
    expect(formatAverage(12.5, 'en')).toBe('12.5');
    expect(formatAverage(1204, 'en')).toBe('1,204');
  });

  it('has no busiest hour and all 24 hours when nobody ordered', () => {
    const table = heatmapTable(cells({}));
    expect(table.busiest).toBeNull();
    expect(table.hours).toHaveLength(24);
  });
});

describe('checkTrendSeries', () => {
  const week = (w: string, averageCheckCents: number | null, inProgress = false): TCheckTrendWeek => ({
    week: w,
    days: inProgress ? 1 : 7,
    inProgress,
    orders: averageCheckCents === null ? 0 : 100,
    netSalesCents: (averageCheckCents ?? 0) * 100,
    averageCheckCents,
  });

  it('draws the week in progress on its own line from the last whole week, never as a drop to $0', () => {
    const s = checkTrendSeries([week('2026-02-23', 5000), week('2026-03-02', 5200), week('2026-03-09', null, true)]);
    expect(s.complete).toEqual([50, 52, null]);
    expect(s.soFar).toEqual([null, 52, null]);
    expect([...s.complete, ...s.soFar]).not.toContain(0);
  });

  it('leaves a gap for a week without orders', () => {
    const s = checkTrendSeries([week('2026-02-23', 5000), week('2026-03-02', null), week('2026-03-09', 4800, true)]);
    expect(s.complete).toEqual([50, null, null]);
    expect(s.soFar).toEqual([null, null, 48]);
  });
});
