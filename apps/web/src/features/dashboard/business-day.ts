import { businessDayOf, gmtLabel, isValidTimeZone } from '@ra/shared/business-day/business-day';

export interface TTodayInfo {
  /** 'YYYY-MM-DD' business day, SPEC 3 hourOffsetEndOfDay applied. */
  businessDay: string;
  /** 'GMT-05:00' now in the restaurant's zone. */
  gmt: string;
}

/**
 * The restaurant's current business day: an order at 01:30 with hourOffsetEndOfDay 3 still belongs
 * to the previous day. Null while the restaurant has no usable time zone (SPEC 4 'Unknown').
 */
export function todayFor(
  timeZone: string | undefined,
  hourOffsetEndOfDay: number,
  now: number = Date.now(),
): TTodayInfo | null {
  if (!timeZone || !isValidTimeZone(timeZone)) return null;
  const offset =
    Number.isInteger(hourOffsetEndOfDay) && hourOffsetEndOfDay >= 0 && hourOffsetEndOfDay <= 23
      ? hourOffsetEndOfDay
      : 0;
  return { businessDay: businessDayOf(now, timeZone, offset), gmt: gmtLabel(timeZone, now) };
}
