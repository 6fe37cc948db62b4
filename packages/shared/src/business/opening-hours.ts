import type { TWeekdayHours } from './business.schemas.ts';

/**
 * The business-hours document as stored in `restaurants.business_hours`: each weekday keeps its first
 * range as open/close too (what the first release wrote and still reads), plus all its ranges; special
 * days beside the holidays. Read by the restaurant module (which writes it) and by delivery (platform
 * hours default to the restaurant's).
 */
export interface TStoredHours {
  weekly: Array<{
    day: number;
    closed: boolean;
    open: string;
    close: string;
    ranges?: Array<{ open: string; close: string }>;
  }>;
  holidays: string[];
  special?: Array<{ date: string; closed: boolean; ranges: Array<{ open: string; close: string }>; note: string }>;
}

/**
 * A weekday nobody has set up yet shows as closed. A day stored by the first release (one open/close
 * pair, no ranges) reads as that one range.
 */
export function normaliseWeek(weekly: TStoredHours['weekly']): TWeekdayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const d = weekly.find((w) => w.day === day);
    if (!d) return { day, closed: true, ranges: [] };
    const ranges = d.ranges ?? (d.closed ? [] : [{ open: d.open, close: d.close }]);
    return { day, closed: d.closed, ranges: d.closed ? [] : ranges };
  });
}

/** Special days, with the holidays of the first release (closed all day) among them, by date. */
export function normaliseSpecialDays(hours: TStoredHours): NonNullable<TStoredHours['special']> {
  const special = [...(hours.special ?? [])];
  const seen = new Set(special.map((s) => s.date));
  for (const date of hours.holidays) if (!seen.has(date)) special.push({ date, closed: true, ranges: [], note: '' });
  return special.sort((a, b) => a.date.localeCompare(b.date));
}
