/**
 * Calendar arithmetic on 'YYYY-MM-DD' day strings. A business day (ARCHITECTURE "Database": figures are
 * grouped by the restaurant's business day) is named by such a string; it has no time zone of its own,
 * so all arithmetic here is on the proleptic Gregorian calendar in UTC, where every day is 24 hours.
 *
 * Four-digit years only: the string then sorts lexicographically in date order, which lets callers and
 * SQL compare days as plain strings.
 */

export const DAY_MS = 86_400_000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface TCalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

/**
 * Milliseconds since the epoch of a UTC wall-clock time. `Date.UTC` maps years 0-99 to 1900-1999, so
 * the year is set separately. Fields must already be in range (no negative hours).
 */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

/** True for a 'YYYY-MM-DD' string naming a real date (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Throws RangeError unless `value` is a real 'YYYY-MM-DD' date. */
export function parseIsoDay(value: string): TCalendarDate {
  if (!isIsoDay(value)) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(value)}`);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function formatIsoDay({ year, month, day }: TCalendarDate): string {
  if (year < 0 || year > 9999) throw new RangeError(`Year out of range: ${year}`);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function fromEpochDay(epochDay: number): string {
  const date = new Date(epochDay * DAY_MS);
  return formatIsoDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** Whole days since 1970-01-01. */
export function epochDay(day: string): number {
  const { year, month, day: dayOfMonth } = parseIsoDay(day);
  return Math.round(utcMs(year, month, dayOfMonth) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return fromEpochDay(epochDay(day) + days);
}

/** `to` minus `from` in days: 0 for the same day, negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return epochDay(to) - epochDay(from);
}

/** 0 = Sunday ... 6 = Saturday, like `Date#getDay`. */
export function weekdayOf(day: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((epochDay(day) + 4) % 7) + 7) % 7;
}

/**
 * The same day of the month `months` later (earlier when negative), clamped to the end of a shorter
 * month: 2026-03-31 minus one month is 2026-02-28.
 */
export function addMonths(day: string, months: number): string {
  const { year, month, day: dayOfMonth } = parseIsoDay(day);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatIsoDay({
    year: targetYear,
    month: targetMonth,
    day: Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)),
  });
}

export function startOfMonth(day: string): string {
  return formatIsoDay({ ...parseIsoDay(day), day: 1 });
}

export function endOfMonth(day: string): string {
  const { year, month } = parseIsoDay(day);
  return formatIsoDay({ year, month, day: daysInMonth(year, month) });
}
