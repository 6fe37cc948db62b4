// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { calendarSearch, dayTransactionsPath, monthGrid, parseCalendarState, shiftMonth } from './calendar-url.ts';

describe('calendar state in the URL', () => {
  it('reads the view and month, falling back to the month view of this month', () => {
    expect(parseCalendarState(new URLSearchParams('view=year&month=2025-11'), '2026-03-14')).toEqual({
      view: 'year',
      month: '2025-11',
    });
    expect(parseCalendarState(new URLSearchParams('view=week&month=2025-13'), '2026-03-14')).toEqual({
      view: 'month',
      month: '2026-03',
    });
  });

  it('writes the month, and the view only when it is not the default', () => {
    expect(calendarSearch({ view: 'month', month: '2026-03' }).toString()).toBe('month=2026-03');
    expect(calendarSearch({ view: 'year', month: '2026-03' }).toString()).toBe('month=2026-03&view=year');
  });

  it('moves across year ends', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', -12)).toBe('2025-03');
  });
});

describe('dayTransactionsPath', () => {
  it('opens the transactions of that one business day', () => {
    const url = new URL(dayTransactionsPath('2026-03-07'), 'http://x');
    expect(url.pathname).toBe('/transactions/index');
    expect(url.searchParams.get('from')).toBe('2026-03-07');
    expect(url.searchParams.get('to')).toBe('2026-03-07');
  });
});

describe('monthGrid', () => {
  it('starts March 2026 (which begins on a Sunday) in the first cell for Sunday-first weeks', () => {
    const weeks = monthGrid('2026-03', 0);
    expect(weeks[0]?.[0]).toBe('2026-03-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('pads six days before it for Monday-first weeks', () => {
    const weeks = monthGrid('2026-03', 1);
    expect(weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0]?.[6]).toBe('2026-03-01');
    expect(weeks.at(-1)?.at(-1)).toBe(null);
    expect(weeks.flat().indexOf('2026-03-31') % 7).toBe(1);
  });
});
