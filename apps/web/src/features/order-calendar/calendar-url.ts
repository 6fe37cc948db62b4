import { daysInMonth, weekdayOf } from '@ra/shared/business-day/calendar-day';

export type TCalendarView = 'month' | 'year';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface TCalendarState {
  view: TCalendarView;
  /** 'YYYY-MM': the month shown, or in the year view the month the year was opened from. */
  month: string;
}

/** The calendar's state in the URL (?view=year&month=YYYY-MM), with this month and the month view as fallbacks. */
export function parseCalendarState(search: URLSearchParams, today: string): TCalendarState {
  const month = search.get('month');
  return {
    view: search.get('view') === 'year' ? 'year' : 'month',
    month: month && MONTH.test(month) ? month : today.slice(0, 7),
  };
}

export function calendarSearch(state: TCalendarState): URLSearchParams {
  const out = new URLSearchParams({ month: state.month });
  if (state.view === 'year') out.set('view', 'year');
  return out;
}

/** 'YYYY-MM' moved by whole months. */
export function shiftMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The transactions of one business day: the transactions page reads its range from `from` and `to`
 * (features/transactions/transactions-filter.ts), so a day is a range of one.
 */
export function dayTransactionsPath(day: string): string {
  return `/transactions/index?${new URLSearchParams({ from: day, to: day }).toString()}`;
}

/**
 * The month's days in weeks of seven, starting on `weekStartsOn` (0 = Sunday, as US calendars do;
 * 1 = Monday, as Chinese ones do); null pads the days of the neighbouring months.
 */
export function monthGrid(month: string, weekStartsOn: 0 | 1): Array<Array<string | null>> {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const lead = (weekdayOf(first) - weekStartsOn + 7) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth(y, m); d += 1) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}
