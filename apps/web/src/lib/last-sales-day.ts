import { presetRangeOn, type TDatePreset, type TDayRange } from '@ra/shared/business-day/date-range';

/**
 * Before the day's first sale a report opened without days in its URL would show today: a page of
 * zeros. It opens instead on the last business day with sales, and says so (docs/decisions.md
 * "Reports open on the last day with sales"). The URL then names that day and carries
 * `opened=lastSales`, which the notice reads; choosing any range drops it. The sales report and the
 * transactions list both do this.
 */
export const OPENED_PARAM = 'opened';
export const OPENED_ON_LAST_SALES = 'lastSales';

/** The page is being opened on its default (no days, no preset in the URL), not revisited or shared. */
export function opensOnDefault(search: URLSearchParams): boolean {
  return !search.has('from') && !search.has('to') && !search.has('preset');
}

/** The day to open on instead of `today`, or null to stay on today (it has sales, or nothing ever sold). */
export function fallbackDay(today: string, lastSalesDay: string | null | undefined): string | null {
  return lastSalesDay && lastSalesDay < today ? lastSalesDay : null;
}

/** The report range of that day: "Yesterday" when it is yesterday, else that one day. */
export function fallbackRange(today: string, day: string): TDayRange & { preset: TDatePreset } {
  const yesterday = presetRangeOn('yesterday', today);
  return { preset: yesterday.from === day ? 'yesterday' : 'custom', from: day, to: day };
}

/** The day the page fell back to, when the URL says it did and still shows one day; else null. */
export function openedOnLastSalesDay(search: URLSearchParams): string | null {
  const from = search.get('from');
  return search.get(OPENED_PARAM) === OPENED_ON_LAST_SALES && from !== null && from === search.get('to') ? from : null;
}
