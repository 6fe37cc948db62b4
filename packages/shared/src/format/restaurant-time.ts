import { gmtLabel, isValidTimeZone, zonedParts } from '../business-day/business-day.ts';
import { utcMs } from '../business-day/calendar-day.ts';
import type { TDisplayLanguage } from './locale-format.ts';

/**
 * One time zone for everything a person types or reads: the restaurant's (ARCHITECTURE "Database":
 * a restaurant's day is computed from its time zone). A manager in Tokyo looking after a New York
 * restaurant types 09:00 for the breakfast price and means 09:00 in New York, and reads every receipt,
 * ledger line and campaign time in New York time too. The browser's own zone is used only while the
 * restaurant has no zone yet (SPEC 4 'Unknown'), so something is shown rather than nothing.
 *
 * Instants travel as ISO 8601 with an explicit offset; a wall-clock text ('YYYY-MM-DDTHH:mm') is what a
 * picker shows and what a person typed, and it only becomes an instant here, through the zone.
 */

/** The zone to read and write times in: the restaurant's when it is a real IANA zone, else undefined. */
export function restaurantZoneOf(zone: string | null | undefined): string | undefined {
  return zone && zone !== 'Unknown' && isValidTimeZone(zone) ? zone : undefined;
}

/** The browser's (or server process's) own zone: only the fallback for a restaurant without one. */
export function runtimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

function toMs(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/** How far the zone's clocks are ahead of UTC at `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const p = zonedParts(ms, zone);
  return utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * What the zone's clocks read at `instant`, as 'YYYY-MM-DDTHH:mm' (seconds dropped): the value of a
 * date-time field showing that instant. '' for something that is not an instant.
 */
export function toWallClock(instant: Date | string | number, zone: string | undefined): string {
  const ms = toMs(instant);
  if (!Number.isFinite(ms)) return '';
  const p = zonedParts(ms, zone ?? runtimeZone());
  return `${String(p.year).padStart(4, '0')}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}`;
}

/**
 * The instant (epoch ms) at which the zone's clocks read `wallClock` ('YYYY-MM-DDTHH:mm[:ss]', a space
 * instead of the T accepted), whatever zone the runtime is in; null when it is not a real time.
 *
 * Daylight saving makes some times happen never or twice; resolved as Temporal's 'compatible' choice
 * (and `wallClockToInstant` for business days): a skipped time moves forward by the gap (02:30 on a US
 * spring-forward day is 03:30 daylight time), a repeated one is the earlier of the two.
 */
export function wallClockToInstant(wallClock: string, zone: string | undefined): number | null {
  const m = WALL_CLOCK.exec(wallClock.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const asIfUtc = utcMs(year, month, day, hour, minute, second);
  const check = new Date(asIfUtc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const tz = zone ?? runtimeZone();
  // No zone changes its offset twice within two days, so only the offsets a day either side can apply.
  const before = offsetAt(asIfUtc - 86_400_000, tz);
  const after = offsetAt(asIfUtc + 86_400_000, tz);
  const exact = [asIfUtc - before, asIfUtc - after]
    .filter((candidate) => candidate + offsetAt(candidate, tz) === asIfUtc)
    .sort((a, b) => a - b);
  // In a gap neither offset reads back; the earlier offset carries the time across the gap.
  return exact[0] ?? asIfUtc - before;
}

/**
 * An instant as ISO 8601 with the zone's offset at that moment: '2026-11-28T09:00:00-05:00'. What a
 * request carries for a time a person chose, so the server stores the instant they meant and the
 * restaurant's wall clock can still be read off the text.
 */
export function toZonedIso(instant: Date | string | number, zone: string | undefined): string {
  const ms = toMs(instant);
  const tz = zone ?? runtimeZone();
  const offsetMinutes = Math.round(offsetAt(ms, tz) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const seconds = pad2(zonedParts(ms, tz).second);
  return `${toWallClock(ms, tz)}:${seconds}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** A wall-clock text typed for the zone, as the ISO instant with offset to send; null when not a time. */
export function wallClockToIso(wallClock: string, zone: string | undefined): string | null {
  const ms = wallClockToInstant(wallClock, zone);
  return ms === null ? null : toZonedIso(ms, zone);
}

/** The zone's calendar day ('YYYY-MM-DD') at `instant`: "today" for the restaurant, not the browser. */
export function zonedDay(instant: Date | string | number, zone: string | undefined): string {
  return toWallClock(instant, zone).slice(0, 10);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in the zone, without the time: "Nov 22, 2026" / "2026年11月22日". */
export function formatZonedDate(
  value: Date | string | number,
  lang: TDisplayLanguage,
  zone: string | undefined,
): string {
  const ms = toMs(value);
  if (!Number.isFinite(ms)) return '—';
  const tz = zone ?? runtimeZone();
  const key = `${lang}|${tz}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', {
      year: 'numeric',
      month: lang === 'zh' ? 'long' : 'short',
      day: 'numeric',
      timeZone: tz,
    });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(ms);
}

/** 'America/New_York (GMT-05:00)': how a zone is named next to a time that could be doubted. */
export function zoneLabel(zone: string | undefined, at: Date | number): string {
  const tz = zone ?? runtimeZone();
  return `${tz} (${gmtLabel(tz, at)})`;
}
