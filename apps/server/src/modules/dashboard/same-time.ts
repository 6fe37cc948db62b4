import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';

export interface TRestaurantClock {
  timeZone: string;
  hourOffsetEndOfDay: number;
}

/** A business day counted up to an instant: a day in progress, or the day it is compared with. */
export interface TPartialDay {
  day: string;
  until: Date;
}

/**
 * The instant as far into `day` as `now` is into `today`, measured from each business day's own start
 * (days differ in length across a daylight-saving change). A day in progress is compared with the
 * same time on the comparison day everywhere (dashboard, analytic center), so a Saturday at 19:30 is
 * never set against all of last Saturday.
 */
export function sameTimeOn(day: string, today: string, now: Date, clock: TRestaurantClock): Date {
  const elapsed = now.getTime() - businessDayBounds(today, clock.timeZone, clock.hourOffsetEndOfDay).start.getTime();
  return new Date(businessDayBounds(day, clock.timeZone, clock.hourOffsetEndOfDay).start.getTime() + elapsed);
}

/** The partial day of a period shifted `shiftDays` back from the one holding today (e.g. -7, -364). */
export function comparisonPartialDay(
  today: string,
  now: Date,
  clock: TRestaurantClock,
  shiftDays: number,
): TPartialDay {
  const day = addDays(today, shiftDays);
  return { day, until: sameTimeOn(day, today, now, clock) };
}
