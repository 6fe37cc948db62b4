import { businessDayBounds, businessDayOf } from './business-day.ts';
import type { TInstantRange } from './business-day.ts';
import { addDays, addMonths, daysBetween, endOfMonth, parseIsoDay, startOfMonth, weekdayOf } from './calendar-day.ts';

/**
 * Date ranges of the sales report (SPEC 2 "/salesReport"): the picker's presets and the comparison
 * period every section shows beside the chosen one. Ranges are inclusive business days, so a range
 * means the same sales on the server, in the browser and in an exported file whatever the viewer's
 * own time zone.
 */

export interface TDayRange {
  /** First business day, 'YYYY-MM-DD', inclusive. */
  from: string;
  /** Last business day, 'YYYY-MM-DD', inclusive. */
  to: string;
}

export const DATE_PRESETS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth', 'custom'] as const;
export type TDatePreset = (typeof DATE_PRESETS)[number];
/** The presets that a clock alone determines; 'custom' needs the user's own from/to. */
export type TFixedDatePreset = Exclude<TDatePreset, 'custom'>;

/** 0 = Sunday ... 6 = Saturday, like `Date#getDay`. */
export type TWeekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Weeks start on Monday: it keeps Friday-Sunday, a restaurant's busiest stretch, inside one week, and
 * is the ISO 8601 week. Callers may pass 0 for Sunday-start weeks.
 */
export const DEFAULT_WEEK_STARTS_ON: TWeekday = 1;

/** Where "now" is for a restaurant: its zone and the hour its business day ends (SPEC 3). */
export interface TBusinessClock {
  timeZone: string;
  hourOffsetEndOfDay: number;
}

/** The business day the restaurant is in at `now`: before the offset hour it is still yesterday. */
export function currentBusinessDay(clock: TBusinessClock, now: Date | number = Date.now()): string {
  return businessDayOf(now, clock.timeZone, clock.hourOffsetEndOfDay);
}

/** The first day of the week containing `day`. */
export function startOfWeek(day: string, weekStartsOn: TWeekday = DEFAULT_WEEK_STARTS_ON): string {
  return addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));
}

/**
 * The range a preset names on business day `today`. "This week" and "this month" run to today rather
 * than to the end of the period: days that have not happened would only dilute averages and trends.
 */
export function presetRangeOn(
  preset: TFixedDatePreset,
  today: string,
  weekStartsOn: TWeekday = DEFAULT_WEEK_STARTS_ON,
): TDayRange {
  parseIsoDay(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'thisWeek':
      return { from: startOfWeek(today, weekStartsOn), to: today };
    case 'lastWeek': {
      const from = addDays(startOfWeek(today, weekStartsOn), -7);
      return { from, to: addDays(from, 6) };
    }
    case 'thisMonth':
      return { from: startOfMonth(today), to: today };
    case 'lastMonth': {
      const lastMonthDay = addMonths(startOfMonth(today), -1);
      return { from: lastMonthDay, to: endOfMonth(lastMonthDay) };
    }
  }
}

/** The range a preset names at `now` in the restaurant's zone, with its end-of-day offset applied. */
export function presetRange(
  preset: TFixedDatePreset,
  clock: TBusinessClock,
  now: Date | number = Date.now(),
  weekStartsOn: TWeekday = DEFAULT_WEEK_STARTS_ON,
): TDayRange {
  return presetRangeOn(preset, currentBusinessDay(clock, now), weekStartsOn);
}

/** Number of business days in the range, both ends included (0 or less when `to` is before `from`). */
export function daysInRange(range: TDayRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** Throws RangeError unless both ends are real days and `from` is not after `to`. */
export function assertDayRange(range: TDayRange): void {
  if (daysInRange(range) < 1) throw new RangeError(`Range ends before it starts: ${range.from} to ${range.to}`);
}

/** Every business day of the range in order, both ends included. */
export function enumerateDays(range: TDayRange): string[] {
  assertDayRange(range);
  return Array.from({ length: daysInRange(range) }, (_, index) => addDays(range.from, index));
}

/** The range of equal length that ends the day before `range` starts. */
export function previousPeriod(range: TDayRange): TDayRange {
  assertDayRange(range);
  const length = daysInRange(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/**
 * The period the report compares `range` with, as owners read the preset they picked:
 * - today, yesterday, custom: `previousPeriod` (the day before; the equal-length run of days before);
 * - this week / last week: the same weekdays one week earlier, so Monday-Wednesday is compared with
 *   last Monday-Wednesday rather than with last Friday-Sunday;
 * - this month / last month: the same days one month earlier, so 1-17 March is compared with
 *   1-17 February and all of March with all of February (a month-end `to` maps to the month end
 *   before; days past a shorter month's end are clamped, so the lengths can differ by up to 3 days).
 * A range that does not fit the preset's shape (longer than a week, or spanning two months) falls back
 * to `previousPeriod`, so the two periods never overlap.
 */
export function comparisonRange(preset: TDatePreset, range: TDayRange): TDayRange {
  assertDayRange(range);
  switch (preset) {
    case 'thisWeek':
    case 'lastWeek':
      if (daysInRange(range) > 7) return previousPeriod(range);
      return { from: addDays(range.from, -7), to: addDays(range.to, -7) };
    case 'thisMonth':
    case 'lastMonth': {
      if (startOfMonth(range.from) !== startOfMonth(range.to)) return previousPeriod(range);
      const to = range.to === endOfMonth(range.to) ? endOfMonth(addMonths(range.to, -1)) : addMonths(range.to, -1);
      return { from: addMonths(range.from, -1), to };
    }
    default:
      return previousPeriod(range);
  }
}

/**
 * The UTC instants [start, end) covering every business day of the range, for `WHERE at >= start AND
 * at < end` queries.
 */
export function rangeBounds(range: TDayRange, timeZone: string, hourOffsetEndOfDay: number): TInstantRange {
  assertDayRange(range);
  return {
    start: businessDayBounds(range.from, timeZone, hourOffsetEndOfDay).start,
    end: businessDayBounds(range.to, timeZone, hourOffsetEndOfDay).end,
  };
}
