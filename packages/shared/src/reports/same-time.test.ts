import { describe, expect, it } from 'vitest';
import { sameTimeCutoff, sameTimeOn } from './same-time.ts';

const NY = 'America/New_York';

describe('same time into the comparison day', () => {
  it('stops yesterday at the time today has reached, counted from the 03:00 day end', () => {
    // 03:45 is 45 minutes into Saturday's business day, which began at 03:00
    const now = new Date('2026-03-14T03:45:00-04:00');
    const cut = sameTimeCutoff(
      now,
      { from: '2026-03-14', to: '2026-03-14' },
      { from: '2026-03-13', to: '2026-03-13' },
      NY,
      3,
    );
    expect(cut?.asOf).toEqual(now);
    expect(cut?.previousUntil.toISOString()).toBe(new Date('2026-03-13T03:45:00-04:00').toISOString());
  });

  it('keeps hours into the day across the spring-forward night (a 23-hour business day)', () => {
    // Sunday 2026-03-08 loses 02:00-03:00; with a 03:00 day end the business day of the 7th is 23 hours.
    const now = new Date('2026-03-08T12:00:00-04:00'); // 9 hours into business day 2026-03-08
    expect(sameTimeOn(now, '2026-03-08', '2026-03-07', NY, 3).toISOString()).toBe(
      new Date('2026-03-07T12:00:00-05:00').toISOString(),
    );
    const later = new Date('2026-03-08T02:30:00-04:00'); // = 01:30 EST-equivalent elapsed into business day 03-07
    expect(
      sameTimeOn(later, '2026-03-07', '2026-02-28', NY, 3).getTime() - new Date('2026-02-28T03:00:00-05:00').getTime(),
    ).toBe(later.getTime() - new Date('2026-03-07T03:00:00-05:00').getTime());
  });

  it('cuts the last day of a week or month in progress too', () => {
    const now = new Date('2026-03-14T19:30:00-04:00');
    const cut = sameTimeCutoff(
      now,
      { from: '2026-03-09', to: '2026-03-14' },
      { from: '2026-03-02', to: '2026-03-07' },
      NY,
      3,
    );
    expect(cut?.previousUntil.toISOString()).toBe(new Date('2026-03-07T19:30:00-05:00').toISOString());
  });

  it('compares periods that are over whole, and has no cut without a time zone', () => {
    const now = new Date('2026-03-14T19:30:00-04:00');
    expect(
      sameTimeCutoff(now, { from: '2026-03-13', to: '2026-03-13' }, { from: '2026-03-12', to: '2026-03-12' }, NY, 3),
    ).toBeNull();
    expect(
      sameTimeCutoff(now, { from: '2026-03-14', to: '2026-03-14' }, { from: '2026-03-13', to: '2026-03-13' }, null, 3),
    ).toBeNull();
  });
});
