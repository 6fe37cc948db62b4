import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDateTime, toDisplayLanguage, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import {
  formatZonedDate,
  restaurantZoneOf,
  runtimeZone,
  toWallClock,
  wallClockToIso,
  zonedDay,
  zoneLabel,
} from '@ra/shared/format/restaurant-time';
import { useSession } from '../stores/session.ts';

/**
 * The one way the web shows and reads times: in the restaurant's zone (docs/decisions.md "One time
 * zone: the restaurant's"), never the browser's. Pure conversions live in
 * `@ra/shared/format/restaurant-time`; this file binds them to the session's zone and to date pickers.
 */

/** The signed-in restaurant's zone, or undefined while it has none (then the browser's is used). */
export function useRestaurantZone(): string | undefined {
  return restaurantZoneOf(useSession((s) => s.locales?.timeZone));
}

export interface TZonedFormat {
  /** The zone used: the restaurant's, or the browser's while the restaurant has none. */
  zone: string;
  lang: TDisplayLanguage;
  dateTime: (value: Date | string | number) => string;
  date: (value: Date | string | number) => string;
  clock: (value: Date | string | number) => string;
  /** 'America/New_York (GMT-05:00)', for a note beside times that could be doubted. */
  label: string;
}

/** Formatters for one zone (the restaurant's by default; the agent area passes each restaurant's). */
export function zonedFormat(zone: string | undefined, lang: TDisplayLanguage, now: number = Date.now()): TZonedFormat {
  const tz = zone ?? runtimeZone();
  return {
    zone: tz,
    lang,
    dateTime: (value) => formatDateTime(value, lang, tz),
    date: (value) => formatZonedDate(value, lang, tz),
    clock: (value) => formatClock(value, lang, tz),
    label: zoneLabel(tz, now),
  };
}

/** Formatters in the signed-in restaurant's zone and the interface language. */
export function useRestaurantTime(): TZonedFormat {
  const zone = useRestaurantZone();
  const { i18n } = useTranslation();
  const lang = toDisplayLanguage(i18n.language);
  return useMemo(() => zonedFormat(zone, lang), [zone, lang]);
}

/**
 * A date-time picker's value as the instant to send: the fields it shows (what the person picked or
 * typed) are the restaurant's wall clock, so 09:00 means 09:00 there, wherever the browser is.
 * dayjs builds its value in the browser's zone, so sending it as-is would move the time by the
 * difference between the two zones.
 */
export function pickedToIso(picked: Dayjs, zone: string | undefined): string | null {
  return wallClockToIso(picked.format('YYYY-MM-DDTHH:mm:ss'), zone);
}

/** An instant as a picker's value showing the restaurant's wall clock (the inverse of `pickedToIso`). */
export function isoToPicked(instant: string | number | Date, zone: string | undefined): Dayjs {
  return dayjs(toWallClock(instant, zone));
}

/** For a picker's `disabledDate`: a day before the restaurant's today. */
export function isBeforeRestaurantToday(day: Dayjs, zone: string | undefined, now: number = Date.now()): boolean {
  return day.format('YYYY-MM-DD') < zonedDay(now, zone);
}

/** The restaurant's calendar day today, 'YYYY-MM-DD'. */
export function restaurantToday(zone: string | undefined, now: number = Date.now()): string {
  return zonedDay(now, zone);
}
