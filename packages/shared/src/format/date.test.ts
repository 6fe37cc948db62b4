import { describe, expect, it } from 'vitest';
import { formatTime, toDate, toDateParts, WEEKDAY_NAMES_ZH } from './date.ts';

// 2024-01-05 03:04:05 UTC, a Friday.
const SECONDS = 1704423845;
const MS = SECONDS * 1000;

describe('toDate', () => {
  it('treats a 10-digit timestamp as seconds', () => {
    expect(toDate(SECONDS)?.getTime()).toBe(MS);
  });

  it('treats a 13-digit timestamp as milliseconds', () => {
    expect(toDate(MS)?.getTime()).toBe(MS);
  });

  it('treats a 10-digit numeric string as seconds and a 13-digit one as milliseconds', () => {
    expect(toDate(String(SECONDS))?.getTime()).toBe(MS);
    expect(toDate(String(MS))?.getTime()).toBe(MS);
  });

  it('keeps the fraction of a seconds timestamp as milliseconds', () => {
    expect(toDate(SECONDS + 0.5)?.getTime()).toBe(MS + 500);
  });

  it('copies a Date instead of returning the same object', () => {
    const original = new Date(MS);
    const copy = toDate(original);
    expect(copy).not.toBe(original);
    expect(copy?.getTime()).toBe(MS);
  });

  it('parses ISO strings with an offset as that instant', () => {
    expect(toDate('2024-01-05T03:04:05Z')?.getTime()).toBe(MS);
    expect(toDate('2024-01-05T11:04:05+08:00')?.getTime()).toBe(MS);
    expect(toDate('2024-01-05T03:04:05.250Z')?.getTime()).toBe(MS + 250);
  });

  it('accepts a space between date and time, as servers often send', () => {
    expect(toDate('2024-01-05 03:04:05Z')?.getTime()).toBe(MS);
  });

  it('reads a date-time without offset as local time', () => {
    expect(toDate('2024-01-05T03:04:05')?.getTime()).toBe(new Date(2024, 0, 5, 3, 4, 5).getTime());
  });

  it('rejects impossible calendar dates instead of rolling them over', () => {
    expect(toDate('2024-02-30')).toBeNull();
    expect(toDate('2023-02-29')).toBeNull();
    expect(toDate('2024-13-01')).toBeNull();
    expect(toDate('2024-01-05T25:00:00Z')).toBeNull();
    expect(toDate('2024-02-29')).not.toBeNull();
  });

  it.each([
    ['an invalid Date', new Date('nope')],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['an empty string', ''],
    ['free text', 'yesterday'],
    ['a non-ISO date string', '01/05/2024'],
  ])('returns null for %s', (_, input) => {
    expect(toDate(input)).toBeNull();
  });
});

describe('toDateParts', () => {
  it('reads wall-clock fields in the given IANA zone', () => {
    expect(toDateParts(new Date(MS), 'Asia/Shanghai')).toEqual({
      year: 2024,
      month: 1,
      day: 5,
      hour: 11,
      minute: 4,
      second: 5,
      weekday: 5,
    });
  });

  it('moves to the previous day when the zone is behind UTC', () => {
    expect(toDateParts(new Date(MS), 'America/New_York')).toMatchObject({ day: 4, hour: 22, weekday: 4 });
  });

  it('reports midnight as hour 0, not 24', () => {
    expect(toDateParts(new Date('2024-01-05T00:00:00Z'), 'UTC')?.hour).toBe(0);
  });

  it('uses the runtime zone when the restaurant zone is unset or Unknown', () => {
    const local = new Date(2024, 0, 5, 3, 4, 5);
    const expected = { year: 2024, month: 1, day: 5, hour: 3, minute: 4, second: 5, weekday: 5 };
    expect(toDateParts(local)).toEqual(expected);
    expect(toDateParts(local, 'Unknown')).toEqual(expected);
    expect(toDateParts(local, '')).toEqual(expected);
  });

  it('returns null for a zone Intl does not know', () => {
    expect(toDateParts(new Date(MS), 'Mars/Olympus_Mons')).toBeNull();
  });
});

describe('formatTime', () => {
  it('formats as zero-padded year-month-day hour:minute:second by default', () => {
    expect(formatTime(new Date(2024, 0, 5, 3, 4, 5))).toBe('2024-01-05 03:04:05');
  });

  it('formats a seconds timestamp and a milliseconds timestamp alike', () => {
    expect(formatTime(SECONDS, undefined, 'UTC')).toBe('2024-01-05 03:04:05');
    expect(formatTime(MS, undefined, 'UTC')).toBe('2024-01-05 03:04:05');
    expect(formatTime(String(SECONDS), undefined, 'UTC')).toBe('2024-01-05 03:04:05');
  });

  it('shows the time in the restaurant zone when one is given', () => {
    expect(formatTime(MS, '{y}-{m}-{d} {h}:{i}:{s}', 'America/New_York')).toBe('2024-01-04 22:04:05');
    expect(formatTime(MS, '{y}-{m}-{d} {h}:{i}:{s}', 'Asia/Shanghai')).toBe('2024-01-05 11:04:05');
  });

  it('follows daylight saving time in the restaurant zone', () => {
    expect(formatTime('2024-07-05T03:04:05Z', '{h}:{i}', 'America/New_York')).toBe('23:04');
    expect(formatTime('2024-01-05T03:04:05Z', '{h}:{i}', 'America/New_York')).toBe('22:04');
  });

  it('gives the Chinese weekday name for {a}', () => {
    expect(formatTime(MS, '星期{a}', 'UTC')).toBe('星期五');
    expect(formatTime('2024-01-07T12:00:00Z', '{a}', 'UTC')).toBe('日');
    expect(formatTime('2024-01-06T12:00:00Z', '{a}', 'UTC')).toBe('六');
  });

  it('computes the weekday in the restaurant zone, not UTC', () => {
    expect(formatTime(MS, '{a}', 'America/New_York')).toBe('四');
  });

  it('lists the Chinese weekday names from Sunday', () => {
    expect(WEEKDAY_NAMES_ZH.join('')).toBe('日一二三四五六');
  });

  it('uses a 24-hour clock', () => {
    expect(formatTime('2024-01-05T15:00:00Z', '{h}', 'UTC')).toBe('15');
    expect(formatTime('2024-01-05T00:30:00Z', '{h}:{i}', 'UTC')).toBe('00:30');
  });

  it('fills each placeholder wherever it appears and leaves other text alone', () => {
    expect(formatTime(MS, '{d}/{m}/{y} at {h}h{i} ({s}s) {x}', 'UTC')).toBe('05/01/2024 at 03h04 (05s) {x}');
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an invalid Date', new Date('nope')],
    ['NaN', NaN],
    ['free text', 'not a date'],
  ])('returns an empty string for %s', (_, input) => {
    expect(formatTime(input as never)).toBe('');
  });

  it('returns an empty string for an unrecognised zone rather than a wrong time', () => {
    expect(formatTime(MS, undefined, 'Not/A_Zone')).toBe('');
  });
});
