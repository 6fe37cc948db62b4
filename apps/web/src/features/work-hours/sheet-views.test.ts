// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TSheetShift, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { dayCards } from './day-cards.ts';
import { laborRows } from './labor.ts';

const shift = (id: number, businessDay: string, clockInAt: number, paid: number) =>
  ({ id, businessDay, clockInAt, paid }) as TSheetShift;

const sheet = {
  days: ['2026-03-02', '2026-03-03'],
  rows: [
    { name: 'Ann', shifts: [shift(1, '2026-03-02', 20, 800), shift(2, '2026-03-03', 30, 600)] },
    { name: 'Bo', shifts: [shift(3, '2026-03-02', 10, 400)] },
  ],
  dayTotals: { '2026-03-02': 1200, '2026-03-03': 600 },
  total: 1800,
  grossCents: 0,
  laborCents: { '2026-03-02': 24_000, '2026-03-03': 12_000 },
  netSalesCents: { '2026-03-02': 80_000 },
  laborByHourCents: [0, 0, 0, 0, 0, 0, 0, 0, 0, 5000, ...new Array<number>(14).fill(0)],
  netSalesByHourCents: [...new Array<number>(12).fill(0), 20_000, ...new Array<number>(11).fill(0)],
} as unknown as TWorkDurationResponse['timesheet'];

describe('dayCards (the phone layout)', () => {
  it('groups shifts by business day, newest day first, each day by clock-in, with its total', () => {
    expect(dayCards(sheet).map((c) => [c.day, c.total, c.shifts.map((s) => `${s.name}#${s.shift.id}`)])).toEqual([
      ['2026-03-03', 600, ['Ann#2']],
      ['2026-03-02', 1200, ['Bo#3', 'Ann#1']],
    ]);
  });
});

describe('laborRows', () => {
  it('gives labour % of net sales per day, and none on a day without sales', () => {
    const { byDay } = laborRows(sheet);
    expect(byDay.map((r) => [r.day, r.percent])).toEqual([
      ['2026-03-02', 30],
      ['2026-03-03', null],
    ]);
  });

  it('lists only the hours of the day with labour or sales', () => {
    expect(laborRows(sheet).byHour.map((r) => r.hour)).toEqual([9, 12]);
  });
});
