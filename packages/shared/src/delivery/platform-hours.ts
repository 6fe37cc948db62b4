import { rangeSpan, type TTimeRange } from '../business/business.schemas.ts';
import { addDays, weekdayOf, type TLocalMoment } from '../business/effective-hours.ts';

/**
 * Whether a delivery platform takes orders at a local moment (issue 9 "Per platform … its hours"):
 * a day's ranges (`hoursOn(date)`, the platform's own weekly hours or the store's with its special
 * days), where a range closing before it opens runs past midnight and still counts on the next
 * calendar day until it closes.
 */
export function isOpenAt(hoursOn: (date: string, weekday: number) => TTimeRange[], at: TLocalMoment): boolean {
  const inside = (ranges: TTimeRange[], minute: number) =>
    ranges.some((r) => {
      const [start, end] = rangeSpan(r);
      return minute >= start && minute < end;
    });
  if (inside(hoursOn(at.date, weekdayOf(at.date)), at.minutes)) return true;
  // The night before's ranges past midnight: minute m today is minute 1440 + m of yesterday.
  const yesterday = addDays(at.date, -1);
  return inside(hoursOn(yesterday, weekdayOf(yesterday)), at.minutes + 1440);
}

/** Why a platform order is refused before it is stored: the store is paused there, or closed then. */
export const WEBHOOK_REFUSALS = ['paused', 'closed'] as const;
export type TWebhookRefusal = (typeof WEBHOOK_REFUSALS)[number];
