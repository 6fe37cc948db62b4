import { describe, expect, it } from 'vitest';
import {
  comparisonRange,
  currentBusinessDay,
  daysInRange,
  enumerateDays,
  presetRange,
  presetRangeOn,
  previousPeriod,
  rangeBounds,
  startOfWeek,
} from './date-range.ts';

const NEW_YORK_3AM = { timeZone: 'America/New_York', hourOffsetEndOfDay: 3 };
// Wednesday 2026-03-11 01:30 EDT: still Tuesday's business day with a 03:00 end of day.
const WEDNESDAY_0130 = new Date('2026-03-11T05:30:00Z');

describe('currentBusinessDay', () => {
  it('is still yesterday before the end-of-day hour', () => {
    expect(currentBusinessDay(NEW_YORK_3AM, WEDNESDAY_0130)).toBe('2026-03-10');
    expect(currentBusinessDay({ timeZone: 'America/New_York', hourOffsetEndOfDay: 0 }, WEDNESDAY_0130)).toBe(
      '2026-03-11',
    );
  });
});

describe('presetRange', () => {
  it('computes every preset from the business day at "now" in the restaurant zone', () => {
    const at = (preset: Parameters<typeof presetRange>[0]) => presetRange(preset, NEW_YORK_3AM, WEDNESDAY_0130);
    expect(at('today')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(at('yesterday')).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(at('thisWeek')).toEqual({ from: '2026-03-09', to: '2026-03-10' });
    expect(at('lastWeek')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(at('thisMonth')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(at('lastMonth')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('starts weeks on Sunday when asked', () => {
    expect(presetRange('thisWeek', NEW_YORK_3AM, WEDNESDAY_0130, 0)).toEqual({ from: '2026-03-08', to: '2026-03-10' });
    expect(presetRange('lastWeek', NEW_YORK_3AM, WEDNESDAY_0130, 0)).toEqual({ from: '2026-03-01', to: '2026-03-07' });
  });
});

describe('presetRangeOn', () => {
  it('makes this week a single day on the first day of the week and seven on the last', () => {
    expect(presetRangeOn('thisWeek', '2026-03-09')).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(presetRangeOn('thisWeek', '2026-03-15')).toEqual({ from: '2026-03-09', to: '2026-03-15' });
  });

  it('takes last month from the previous year in January', () => {
    expect(presetRangeOn('lastMonth', '2026-01-20')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('takes last week across a year boundary', () => {
    expect(presetRangeOn('lastWeek', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
  });

  it('rejects a day that is not YYYY-MM-DD', () => {
    expect(() => presetRangeOn('today', '2026-02-30')).toThrow(RangeError);
  });
});

describe('startOfWeek', () => {
  it('goes back to Monday by default and to Sunday with weekStartsOn 0', () => {
    expect(startOfWeek('2026-03-08')).toBe('2026-03-02');
    expect(startOfWeek('2026-03-08', 0)).toBe('2026-03-08');
    expect(startOfWeek('2026-03-09')).toBe('2026-03-09');
  });
});

describe('daysInRange and enumerateDays', () => {
  it('count both ends, unaffected by daylight-saving days', () => {
    const range = { from: '2026-03-07', to: '2026-03-09' };
    expect(daysInRange(range)).toBe(3);
    expect(enumerateDays(range)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(enumerateDays({ from: '2026-02-28', to: '2026-03-01' })).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => enumerateDays({ from: '2026-03-09', to: '2026-03-08' })).toThrow(RangeError);
  });
});

describe('previousPeriod', () => {
  it('is the day before a single day', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('is the equal-length run of days right before the range', () => {
    expect(previousPeriod({ from: '2026-03-09', to: '2026-03-11' })).toEqual({ from: '2026-03-06', to: '2026-03-08' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => previousPeriod({ from: '2026-03-09', to: '2026-03-08' })).toThrow(RangeError);
  });
});

describe('comparisonRange', () => {
  it('compares week-to-date with the same weekdays of the week before', () => {
    expect(comparisonRange('thisWeek', { from: '2026-03-09', to: '2026-03-11' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-04',
    });
    expect(comparisonRange('lastWeek', { from: '2026-03-02', to: '2026-03-08' })).toEqual({
      from: '2026-02-23',
      to: '2026-03-01',
    });
  });

  it('compares month-to-date with the same days of the month before', () => {
    expect(comparisonRange('thisMonth', { from: '2026-03-01', to: '2026-03-17' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-17',
    });
    expect(comparisonRange('thisMonth', { from: '2026-03-01', to: '2026-03-30' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('compares a whole month with the whole month before', () => {
    expect(comparisonRange('lastMonth', { from: '2026-02-01', to: '2026-02-28' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(comparisonRange('lastMonth', { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('uses the previous period of equal length for days and custom ranges', () => {
    expect(comparisonRange('today', { from: '2026-03-10', to: '2026-03-10' })).toEqual({
      from: '2026-03-09',
      to: '2026-03-09',
    });
    expect(comparisonRange('custom', { from: '2026-03-10', to: '2026-03-19' })).toEqual({
      from: '2026-02-28',
      to: '2026-03-09',
    });
  });

  it('falls back to the previous period when the range does not fit the preset, so they never overlap', () => {
    expect(comparisonRange('thisWeek', { from: '2026-03-01', to: '2026-03-10' })).toEqual({
      from: '2026-02-19',
      to: '2026-02-28',
    });
    expect(comparisonRange('thisMonth', { from: '2026-02-15', to: '2026-03-10' })).toEqual({
      from: '2026-01-22',
      to: '2026-02-14',
    });
  });
});

describe('rangeBounds', () => {
  it('spans from the start of the first business day to the end of the last', () => {
    const { start, end } = rangeBounds({ from: '2026-03-07', to: '2026-03-08' }, 'America/New_York', 3);
    // Saturday 03:00 EST to Monday 03:00 EDT: 47 hours because of the spring-forward.
    expect(start.toISOString()).toBe('2026-03-07T08:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});
