import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import {
  DATE_PRESETS,
  comparisonRange,
  presetRangeOn,
  type TDatePreset,
  type TDayRange,
} from '@ra/shared/business-day/date-range';
import { isReportDateRange } from '@ra/shared/reports/report-constants';
import { fallbackRange, OPENED_ON_LAST_SALES, OPENED_PARAM } from '../../lib/last-sales-day.ts';

/**
 * The report's date range as it lives in the URL (SPEC 2 "/salesReport"): `?preset=thisWeek&from=…&to=…`,
 * so a refresh or a shared link shows the same business days. The days are what the report shows; the
 * preset only says how they were chosen, which steers the comparison period (date-range.ts
 * `comparisonRange`) and the picker's label. A link with a preset but no days means that preset today.
 */
export interface TReportRange extends TDayRange {
  preset: TDatePreset;
}

export const DEFAULT_PRESET = 'today' satisfies TDatePreset;

const isPreset = (value: string | null): value is TDatePreset =>
  value !== null && (DATE_PRESETS as readonly string[]).includes(value);

/** The range a URL names on business day `today`; anything malformed falls back to today. */
export function parseReportRange(search: URLSearchParams, today: string): TReportRange {
  const rawPreset = search.get('preset');
  const preset = isPreset(rawPreset) ? rawPreset : null;
  const days = { from: search.get('from') ?? '', to: search.get('to') ?? '' };
  if (isReportDateRange(days)) return { preset: preset ?? 'custom', ...days };
  if (preset && preset !== 'custom') return { preset, ...presetRangeOn(preset, today) };
  return { preset: DEFAULT_PRESET, ...presetRangeOn(DEFAULT_PRESET, today) };
}

/**
 * `search` with the range written into it; other parameters (a table's sort, a filter) are kept, but
 * not the mark of a report opened on the last day with sales: a range chosen is the one shown.
 */
export function withReportRange(search: URLSearchParams, range: TReportRange): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(OPENED_PARAM);
  next.set('preset', range.preset);
  next.set('from', range.from);
  next.set('to', range.to);
  return next;
}

/** The range for a preset picked on business day `today`. */
export function rangeForPreset(preset: Exclude<TDatePreset, 'custom'>, today: string): TReportRange {
  return { preset, ...presetRangeOn(preset, today) };
}

/** The period the report compares with (the server computes the same from the same inputs). */
export function previousRangeOf(range: TReportRange): TDayRange {
  return comparisonRange(range.preset, range);
}

/**
 * The restaurant's current business day (SPEC 3 hourOffsetEndOfDay in its time zone); the browser's zone
 * stands in while the restaurant has none (SPEC 4 'Unknown').
 */
export function businessToday(timeZone: string | undefined, hourOffsetEndOfDay: number, now = Date.now()): string {
  const zone =
    timeZone && isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const offset =
    Number.isInteger(hourOffsetEndOfDay) && hourOffsetEndOfDay >= 0 && hourOffsetEndOfDay <= 23
      ? hourOffsetEndOfDay
      : 0;
  return businessDayOf(now, zone, offset);
}

/** `search` showing the last day with sales instead of today, marked for the notice. */
export function searchOpenedOnLastSales(search: URLSearchParams, today: string, day: string): URLSearchParams {
  const next = withReportRange(search, fallbackRange(today, day));
  next.set(OPENED_PARAM, OPENED_ON_LAST_SALES);
  return next;
}
