import { addDays, DAY_MS, formatIsoDay, parseIsoDay, utcMs } from './calendar-day.ts';

/**
 * The restaurant's business day (SPEC 1 and 3: `hourOffsetEndOfDay` in the restaurant config; SPEC 2:
 * restaurants carry an IANA time zone). A restaurant open until 2 a.m. sets the offset to 3 so that an
 * order rung up at 01:30 counts towards the evening it belongs to, not the next calendar day.
 *
 * Definition (the same one PostgreSQL computes with
 * `((at AT TIME ZONE tz) - make_interval(hours => offset))::date`, so SQL grouping and these helpers
 * agree): the business day of an instant is the calendar date of its local wall-clock time minus
 * `hourOffsetEndOfDay` hours. A business day D therefore runs from D at offset:00 local time to D+1 at
 * offset:00 local time; across a daylight-saving change it is 23 or 25 hours long.
 *
 * Time zones are read through Intl only (no zone database is shipped), so this runs unchanged in the
 * browser and on the server. An unknown zone, including the 'Unknown' placeholder of a restaurant
 * that has not chosen one (SPEC 4), throws RangeError: guessing a zone would silently move sales
 * between days.
 */

export interface TZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday, like `Date#getDay`. */
  weekday: number;
}

export interface TInstantRange {
  /** First instant of the range. */
  start: Date;
  /** First instant after the range (exclusive), so consecutive days share a boundary. */
  end: Date;
}

const HOUR_MS = 3_600_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for a zone the runtime does not know, which is what callers should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false: some engines print midnight as 24 with the latter.
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function toMs(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid instant');
  return ms;
}

/** Zones this runtime refused: asked again on every render otherwise, each time building and throwing. */
const unknownZones = new Set<string>();

/** True when this runtime can compute with `timeZone` (an IANA name such as 'America/New_York'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (formatters.has(timeZone)) return true;
  if (unknownZones.has(timeZone)) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    unknownZones.add(timeZone);
    return false;
  }
}

/** The wall-clock fields of `instant` as seen in `timeZone`. */
export function zonedParts(instant: Date | number, timeZone: string): TZonedParts {
  const ms = toMs(instant);
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  return {
    // Intl counts years before 1 AD upwards with era 'BC'; astronomical numbering keeps arithmetic right.
    year: parts.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** How far local time is ahead of UTC at `ms`, in milliseconds (negative west of Greenwich). */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  // Intl drops the milliseconds, so compare against the instant truncated to whole seconds.
  return utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** 'GMT-05:00' for New York in winter, 'GMT+05:45' for Kathmandu, 'GMT+00:00' for UTC. */
export function gmtLabel(timeZone: string, instant: Date | number = Date.now()): string {
  const offsetMinutes = Math.round(zoneOffsetMs(toMs(instant), timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${minutes}`;
}

/**
 * The instant at which local wall-clock time in `timeZone` reads `hour`:00 on the given date.
 *
 * Daylight-saving changes make some wall-clock times happen never or twice; this resolves them the way
 * Temporal's default ('compatible') disambiguation does:
 * - a time inside a gap (02:00 on a US spring-forward day) resolves to the instant the clocks jump,
 *   i.e. 03:00 daylight time: the day starts as soon as local time has passed offset:00;
 * - a time inside an overlap (01:00 on a US fall-back day, which happens first in daylight time and
 *   again an hour later in standard time) resolves to the earlier instant, so the repeated hour
 *   belongs to the business day whose wall-clock times it shows.
 * Both choices keep `businessDayOf(t)` equal to D exactly when t lies in `businessDayBounds(D)`.
 * PostgreSQL reads an ambiguous local time as standard time, the later instant in a fall-back overlap
 * (PostgreSQL docs, appendix B.2), so range bounds must come from here, not from SQL.
 */
export function wallClockToInstant(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const asIfUtc = utcMs(year, month, day, hour);
  // No zone changes its offset twice within two days, so the offsets a day either side are the only
  // two that can apply.
  const offsetBefore = zoneOffsetMs(asIfUtc - DAY_MS, timeZone);
  const offsetAfter = zoneOffsetMs(asIfUtc + DAY_MS, timeZone);
  const matching = [asIfUtc - offsetBefore, asIfUtc - offsetAfter]
    .filter((candidate) => candidate + zoneOffsetMs(candidate, timeZone) === asIfUtc)
    .sort((a, b) => a - b);
  return matching[0] ?? asIfUtc - offsetBefore;
}

/**
 * Restaurants close between midnight and noon, and the SPEC's config schema allows 0-12; any whole hour
 * of the day is accepted here so the helpers stay total, but fractions would make the day boundary
 * depend on minutes, which no setting can express.
 */
function assertHourOffset(hourOffsetEndOfDay: number): void {
  if (!Number.isInteger(hourOffsetEndOfDay) || hourOffsetEndOfDay < 0 || hourOffsetEndOfDay > 23) {
    throw new RangeError(`hourOffsetEndOfDay must be a whole hour from 0 to 23, got ${hourOffsetEndOfDay}`);
  }
}

/**
 * The business day ('YYYY-MM-DD') `instant` belongs to: the local date of (local time - offset hours).
 * With offset 3 in New York, 2026-03-10 01:30 local is business day '2026-03-09'.
 */
export function businessDayOf(instant: Date | number, timeZone: string, hourOffsetEndOfDay: number): string {
  assertHourOffset(hourOffsetEndOfDay);
  const parts = zonedParts(instant, timeZone);
  const localDate = formatIsoDay(parts);
  return parts.hour < hourOffsetEndOfDay ? addDays(localDate, -1) : localDate;
}

/**
 * The UTC instants [start, end) of business day `day`: `day` at offset:00 local time up to the next
 * day at offset:00. 24 hours long except across a daylight-saving change (23 or 25 hours); see
 * `wallClockToInstant` for local times that do not exist or happen twice.
 */
export function businessDayBounds(day: string, timeZone: string, hourOffsetEndOfDay: number): TInstantRange {
  assertHourOffset(hourOffsetEndOfDay);
  const first = parseIsoDay(day);
  const next = parseIsoDay(addDays(day, 1));
  return {
    start: new Date(wallClockToInstant(first.year, first.month, first.day, hourOffsetEndOfDay, timeZone)),
    end: new Date(wallClockToInstant(next.year, next.month, next.day, hourOffsetEndOfDay, timeZone)),
  };
}

/** Length of a business day in hours (23, 24 or 25 in zones with daylight saving). */
export function businessDayHours(day: string, timeZone: string, hourOffsetEndOfDay: number): number {
  const { start, end } = businessDayBounds(day, timeZone, hourOffsetEndOfDay);
  return (end.getTime() - start.getTime()) / HOUR_MS;
}
