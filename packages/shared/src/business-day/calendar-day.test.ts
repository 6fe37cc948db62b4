import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  isIsoDay,
  parseIsoDay,
  startOfMonth,
  utcMs,
  weekdayOf,
} from './calendar-day.ts';

describe('isIsoDay', () => {
  it('accepts real dates including 29 February of a leap year', () => {
    expect(isIsoDay('2026-03-09')).toBe(true);
    expect(isIsoDay('2028-02-29')).toBe(true);
  });

  it('rejects impossible dates and other formats', () => {
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-04-31')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-3-9')).toBe(false);
    expect(isIsoDay('2026-03-09T00:00')).toBe(false);
  });
});

describe('parseIsoDay', () => {
  it('splits a day into numbers and throws on an impossible date', () => {
    expect(parseIsoDay('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(() => parseIsoDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('utcMs', () => {
  it('keeps years below 100 instead of mapping them to the 1900s', () => {
    expect(new Date(utcMs(50, 1, 1)).getUTCFullYear()).toBe(50);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('is unaffected by daylight saving in the runtime zone', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-02', -2)).toBe('2026-10-31');
  });
});

describe('daysBetween', () => {
  it('counts whole days from the first to the second', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2026-03-01', '2026-02-01')).toBe(-28);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });
});

describe('weekdayOf', () => {
  it('numbers weekdays from Sunday = 0', () => {
    expect(weekdayOf('2026-03-08')).toBe(0);
    expect(weekdayOf('2026-03-09')).toBe(1);
    expect(weekdayOf('2026-03-14')).toBe(6);
    expect(weekdayOf('1969-12-31')).toBe(3);
  });
});

describe('addMonths', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 3)).toBe('2026-04-30');
  });

  it('crosses year boundaries both ways', () => {
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

describe('startOfMonth and endOfMonth', () => {
  it('give the first and last day of the month', () => {
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01');
    expect(endOfMonth('2026-02-17')).toBe('2026-02-28');
    expect(endOfMonth('2028-02-01')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-05')).toBe('2026-12-31');
  });
});
