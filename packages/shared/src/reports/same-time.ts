import { businessDayBounds, businessDayOf } from '../business-day/business-day.ts';
import type { TDayRange } from '../business-day/date-range.ts';

/**
 * A day in progress is compared with the same time into the comparison day, not with all of it: at
 * 03:45 today has a few late orders, and against all of yesterday that reads "-100%". The time into
 * the day is measured from each business day's own start (hourOffsetEndOfDay in the restaurant's
 * zone), so across a daylight-saving change "3 hours in" stays 3 hours in. The dashboard's
 * "same time last week" is the same rule with last week's day as the comparison day.
 */
export interface TSameTime {
  /** The moment the current period's figures run up to: now. */
  asOf: Date;
  /** The same time into the comparison period's last day. */
  previousUntil: Date;
}

/** The same time into `comparisonDay` as `now` is into `day` (both business days). */
export function sameTimeOn(
  now: Date,
  day: string,
  comparisonDay: string,
  timeZone: string,
  hourOffsetEndOfDay: number,
): Date {
  const elapsed = now.getTime() - businessDayBounds(day, timeZone, hourOffsetEndOfDay).start.getTime();
  return new Date(businessDayBounds(comparisonDay, timeZone, hourOffsetEndOfDay).start.getTime() + elapsed);
}

/**
 * When the period ends with the business day in progress, where to stop the comparison period's last
 * day; null for periods that are over (they are compared whole).
 */
export function sameTimeCutoff(
  now: Date,
  range: TDayRange,
  previousRange: TDayRange,
  timeZone: string | null,
  hourOffsetEndOfDay: number,
): TSameTime | null {
  if (!timeZone) return null;
  if (businessDayOf(now, timeZone, hourOffsetEndOfDay) !== range.to) return null;
  return {
    asOf: now,
    previousUntil: sameTimeOn(now, range.to, previousRange.to, timeZone, hourOffsetEndOfDay),
  };
}
