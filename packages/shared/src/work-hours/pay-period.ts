import {
  addDays,
  daysBetween,
  endOfMonth,
  parseIsoDay,
  formatIsoDay,
  weekdayOf,
} from '../business-day/calendar-day.ts';

/** How often the restaurant pays (set per restaurant). */
export const PAY_PERIOD_KINDS = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type TPayPeriodKind = (typeof PAY_PERIOD_KINDS)[number];

export interface TPayPeriodSettings {
  kind: TPayPeriodKind;
  /**
   * A business day that starts a pay period. It also fixes the workweek (the FLSA's "fixed and
   * regularly recurring period of 168 hours"): every workweek starts on the anchor's weekday.
   */
  anchor: string;
}

/** Business days, both ends included. */
export interface TPayPeriod {
  start: string;
  end: string;
}

const floorDiv = (a: number, b: number) => Math.floor(a / b);

/** The pay period holding business day `day`. */
export function payPeriodOf(day: string, settings: TPayPeriodSettings): TPayPeriod {
  const d = parseIsoDay(day);
  switch (settings.kind) {
    case 'weekly':
    case 'biweekly': {
      const length = settings.kind === 'weekly' ? 7 : 14;
      const start = addDays(settings.anchor, floorDiv(daysBetween(settings.anchor, day), length) * length);
      return { start, end: addDays(start, length - 1) };
    }
    case 'semimonthly': {
      // The 1st to the 15th, then the 16th to the month's end: what US payroll means by semi-monthly.
      if (d.day <= 15) {
        const start = formatIsoDay({ ...d, day: 1 });
        return { start, end: formatIsoDay({ ...d, day: 15 }) };
      }
      const start = formatIsoDay({ ...d, day: 16 });
      return { start, end: endOfMonth(day) };
    }
    case 'monthly': {
      const start = formatIsoDay({ ...d, day: 1 });
      return { start, end: endOfMonth(day) };
    }
  }
}

/** The period `steps` periods after (or before, when negative) `period`. */
export function shiftPayPeriod(period: TPayPeriod, steps: number, settings: TPayPeriodSettings): TPayPeriod {
  let current = period;
  for (let i = 0; i < Math.abs(steps); i++) {
    current = payPeriodOf(steps > 0 ? addDays(current.end, 1) : addDays(current.start, -1), settings);
  }
  return current;
}

/** The first day of the workweek holding `day` (workweeks start on the anchor's weekday). */
export function workweekStart(day: string, anchor: string): string {
  return addDays(day, -((weekdayOf(day) - weekdayOf(anchor) + 7) % 7));
}

export function daysOf(period: TPayPeriod): string[] {
  const days: string[] = [];
  for (let day = period.start; day <= period.end; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The business days whose shifts decide overtime inside `period`: from the start of the workweek
 * holding its first day to the end of the workweek holding its last, since a week's 40 hours do not
 * stop at a semi-monthly or monthly boundary.
 */
export function overtimeWindow(period: TPayPeriod, anchor: string): TPayPeriod {
  const start = workweekStart(period.start, anchor);
  return { start, end: addDays(workweekStart(period.end, anchor), 6) };
}
