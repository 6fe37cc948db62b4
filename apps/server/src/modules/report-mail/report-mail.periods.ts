import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { addDays, addMonths, endOfMonth, startOfMonth, weekdayOf } from '@ra/shared/business-day/calendar-day';
import type { TReportMailFrequency } from '@ra/shared/report-mail/report-mail.schemas';

export interface TPeriod {
  from: string;
  to: string;
}

export interface TZoned {
  timeZone: string;
  hourOffsetEndOfDay: number;
}

/** The period of a frequency that holds business day `day`: the day, its week (Monday to Sunday), its month. */
export function periodHolding(frequency: TReportMailFrequency, day: string): TPeriod {
  if (frequency === 'daily') return { from: day, to: day };
  if (frequency === 'weekly') {
    const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  return { from: startOfMonth(day), to: endOfMonth(day) };
}

/** The period before (what the email compares with): the day, week or month before. */
export function previousPeriod(frequency: TReportMailFrequency, period: TPeriod): TPeriod {
  if (frequency === 'monthly') {
    const from = addMonths(period.from, -1);
    return { from, to: endOfMonth(from) };
  }
  const days = frequency === 'daily' ? 1 : 7;
  return { from: addDays(period.from, -days), to: addDays(period.to, -days) };
}

/**
 * When a period's email goes out: the instant its last business day ends in the restaurant's zone
 * (the next calendar day at hourOffsetEndOfDay, local time, so a daylight-saving change moves the UTC
 * instant, never the local hour).
 */
export function sendAt(period: TPeriod, zone: TZoned): Date {
  return businessDayBounds(period.to, zone.timeZone, zone.hourOffsetEndOfDay).end;
}

/** The period in progress at `now` and when its email goes out. */
export function nextSend(frequency: TReportMailFrequency, now: Date, zone: TZoned): { period: TPeriod; at: Date } {
  const today = businessDayOf(now, zone.timeZone, zone.hourOffsetEndOfDay);
  const period = periodHolding(frequency, today);
  return { period, at: sendAt(period, zone) };
}

/** The last period that has ended by `now` (what a preview or "send me one now" shows). */
export function lastEnded(frequency: TReportMailFrequency, now: Date, zone: TZoned): TPeriod {
  const today = businessDayOf(now, zone.timeZone, zone.hourOffsetEndOfDay);
  return previousPeriod(frequency, periodHolding(frequency, today));
}

/** The period after `period` (the next one a subscription waits for once one is sent). */
export function followingPeriod(frequency: TReportMailFrequency, period: TPeriod): TPeriod {
  return periodHolding(frequency, addDays(period.to, 1));
}
