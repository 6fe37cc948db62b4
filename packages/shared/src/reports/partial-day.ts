import { addDays } from '../business-day/calendar-day.ts';
import { sameTimeOn } from './same-time.ts';

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
 * The partial day of a period shifted `shiftDays` back from the one holding today (e.g. -7, -364),
 * counted up to the same time into it as `now` is into today (the rule of `same-time.ts`, which Sales
 * Summary uses too), so a Saturday at 19:30 is never set against all of last Saturday.
 */
export function comparisonPartialDay(
  today: string,
  now: Date,
  clock: TRestaurantClock,
  shiftDays: number,
): TPartialDay {
  const day = addDays(today, shiftDays);
  return { day, until: sameTimeOn(now, today, day, clock.timeZone, clock.hourOffsetEndOfDay) };
}
