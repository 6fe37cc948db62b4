import type { TCheckTrendWeek, THeatmapCell } from '@ra/shared/analytics/analytics.schemas';
import type { TDisplayLanguage } from '@ra/shared/format/locale-format';

/** Weekdays as the heat map and its table list them: Monday first, like the weeks (date-range.ts). */
export const WEEKDAY_ROWS = [1, 2, 3, 4, 5, 6, 0] as const;

export interface THeatmapTable {
  /** The hours from the first to the last with any order (all 24 when there are none). */
  hours: number[];
  /** Average orders a day of each hour (the server's `averageOrders`: today counts only its hours that are over). */
  rows: Array<{ weekday: number; averages: number[] }>;
  /** The cell with the most orders a day on average, or null when there are none. */
  busiest: THeatmapCell | null;
}

/** The heat map's figures as a table a person can read: hours nobody ordered in at either end are left out. */
export function heatmapTable(cells: readonly THeatmapCell[]): THeatmapTable {
  const active = cells.filter((c) => c.orders > 0);
  const first = active.length ? Math.min(...active.map((c) => c.hour)) : 0;
  const last = active.length ? Math.max(...active.map((c) => c.hour)) : 23;
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.averageOrders]));
  const busiest = active.reduce<THeatmapCell | null>((b, c) => (!b || c.averageOrders > b.averageOrders ? c : b), null);
  return {
    hours,
    rows: WEEKDAY_ROWS.map((weekday) => ({ weekday, averages: hours.map((h) => at.get(`${weekday}:${h}`) ?? 0) })),
    busiest,
  };
}

const averageFormats = new Map<TDisplayLanguage, Intl.NumberFormat>();

/** Orders a day on average, at most one decimal, as the user's language writes numbers: 12.5, 1,204. */
export function formatAverage(n: number, lang: TDisplayLanguage): string {
  let f = averageFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 1 });
    averageFormats.set(lang, f);
  }
  return f.format(n);
}

export interface TCheckTrendSeries {
  /** Average check in dollars of whole weeks; null where a week has no orders (a gap, never $0). */
  complete: Array<number | null>;
  /** The in-progress week, joined to the week before it by its own (dashed) line. */
  soFar: Array<number | null>;
}

/** The average-check line split so the week still in progress is drawn apart from finished weeks. */
export function checkTrendSeries(weeks: readonly TCheckTrendWeek[]): TCheckTrendSeries {
  const dollars = (w: TCheckTrendWeek | undefined) =>
    w && w.averageCheckCents !== null ? w.averageCheckCents / 100 : null;
  const current = weeks.findIndex((w) => w.inProgress);
  return {
    complete: weeks.map((w) => (w.inProgress ? null : dollars(w))),
    soFar: weeks.map((w, i) => (current >= 0 && (i === current || i === current - 1) ? dollars(w) : null)),
  };
}
