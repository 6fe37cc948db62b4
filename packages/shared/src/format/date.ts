/**
 * Date display (SPEC 9): year-month-day hour:minute:second, zero-padded, with Chinese weekday names.
 * Timestamps arrive both as seconds (the server's `locales.timestamp`) and as milliseconds (browser
 * clocks), so numbers are told apart by their digit count.
 */

export type TTimeInput = Date | number | string;

/** Wall-clock fields of an instant as seen in one time zone. `weekday` is 0 for Sunday. */
export interface TDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** SPEC 9: weekday names are Chinese, indexed like `Date#getDay` (0 = Sunday). */
export const WEEKDAY_NAMES_ZH = ['日', '一', '二', '三', '四', '五', '六'] as const;

export const DEFAULT_TIME_PATTERN = '{y}-{m}-{d} {h}:{i}:{s}';

/**
 * SPEC 4: a restaurant that has not chosen a zone reports `Unknown`; until it does, times are shown
 * in the browser's own zone rather than not at all.
 */
const UNSET_TIME_ZONES = new Set(['', 'Unknown']);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** A number whose integer part has exactly 10 digits is seconds (SPEC 9); anything else is ms. */
function fromEpochNumber(value: number): Date | null {
  if (!Number.isFinite(value)) return null;
  const isSeconds = String(Math.trunc(Math.abs(value))).length === 10;
  const date = new Date(isSeconds ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function fromIsoString(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  // Engines roll impossible dates over (2024-02-30 becomes 1 March) instead of rejecting them.
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h ?? 0) > 23 || Number(mi ?? 0) > 59 || Number(s ?? 0) > 59) return null;
  // Older Safari only parses the `T` separator; servers often send a space.
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Turns any accepted time input into a Date, or null when it does not name a real instant.
 * Strings are either all digits (an epoch number, same rule as numbers) or ISO 8601; ISO strings
 * without an offset follow ECMAScript: a date-only string is UTC, a date-time string is local time.
 */
export function toDate(time: TTimeInput): Date | null {
  if (time instanceof Date) {
    return Number.isNaN(time.getTime()) ? null : new Date(time.getTime());
  }
  if (typeof time === 'number') return fromEpochNumber(time);
  if (typeof time !== 'string') return null;
  const trimmed = time.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return fromEpochNumber(Number(trimmed));
  return fromIsoString(trimmed);
}

/** One formatter per zone; null for a zone this runtime refused (kept too: building one that throws costs as much). */
const formatterCache = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatterCache.get(timeZone);
  if (cached !== undefined) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23 rather than hour12:false: some engines print midnight as 24 with the latter.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      era: 'short',
    });
  } catch {
    formatterCache.set(timeZone, null);
    return null;
  }
  formatterCache.set(timeZone, formatter);
  return formatter;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The wall-clock fields of `date` in `timeZone` (an IANA name such as the restaurant's
 * `locales.timeZone`), or in the runtime's zone when none is set. Null for an unrecognised zone.
 */
export function toDateParts(date: Date, timeZone?: string): TDateParts | null {
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined || UNSET_TIME_ZONES.has(timeZone)) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
      weekday: date.getDay(),
    };
  }
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  return {
    // Intl counts years before 1 AD upwards with era "BC"; astronomical years keep ordering intact.
    year: parts.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: SHORT_WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * Formats a time for display. Placeholders: {y} year, {m} month, {d} day, {h} hour (0-23),
 * {i} minute, {s} second, all but the year zero-padded to two digits; {a} the Chinese weekday name.
 * Unknown placeholders are left as written.
 *
 * Returns '' (not null) when the input is not a real time or the zone is unrecognised, so callers
 * can render the result directly: an empty table cell is the right display for a missing time.
 */
export function formatTime(time: TTimeInput, pattern: string = DEFAULT_TIME_PATTERN, timeZone?: string): string {
  const date = toDate(time);
  if (!date) return '';
  const parts = toDateParts(date, timeZone);
  if (!parts) return '';
  return pattern.replace(/\{([ymdhisa])\}/g, (_, key: string) => {
    switch (key) {
      case 'y':
        return String(parts.year);
      case 'm':
        return pad2(parts.month);
      case 'd':
        return pad2(parts.day);
      case 'h':
        return pad2(parts.hour);
      case 'i':
        return pad2(parts.minute);
      case 's':
        return pad2(parts.second);
      default:
        return WEEKDAY_NAMES_ZH[parts.weekday] ?? '';
    }
  });
}
