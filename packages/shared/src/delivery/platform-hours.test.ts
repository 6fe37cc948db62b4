import { describe, expect, it } from 'vitest';
import { isOpenAt } from './platform-hours.ts';

describe('platform hours', () => {
  // Every day 17:00-01:00, except Monday (1) closed; 2026-03-16 is a Monday.
  const hoursOn = (_date: string, weekday: number) => (weekday === 1 ? [] : [{ open: '17:00', close: '01:00' }]);

  it('is open inside a range and closed outside it', () => {
    expect(isOpenAt(hoursOn, { date: '2026-03-14', minutes: 19 * 60 })).toBe(true);
    expect(isOpenAt(hoursOn, { date: '2026-03-14', minutes: 16 * 60 + 59 })).toBe(false);
    expect(isOpenAt(hoursOn, { date: '2026-03-14', minutes: 17 * 60 })).toBe(true);
  });

  it('keeps the night before’s range open past midnight, and closes at its end', () => {
    // Monday 00:30 belongs to Sunday's 17:00-01:00; Tuesday 00:30 follows a closed Monday.
    expect(isOpenAt(hoursOn, { date: '2026-03-16', minutes: 30 })).toBe(true);
    expect(isOpenAt(hoursOn, { date: '2026-03-16', minutes: 60 })).toBe(false);
    expect(isOpenAt(hoursOn, { date: '2026-03-17', minutes: 30 })).toBe(false);
    expect(isOpenAt(hoursOn, { date: '2026-03-16', minutes: 19 * 60 })).toBe(false);
  });
});
