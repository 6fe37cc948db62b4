import { addDays } from '@ra/shared/business-day/calendar-day';
import { formatCents as formatSharedCents } from '@ra/shared/format/locale-format';
import {
  changeOf,
  type TComparisonFigures,
  type TTrendMeasure,
  type TTrendPoint,
} from '@ra/shared/insight/insight.schemas';

export const COMPARISON_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type TComparisonPreset = (typeof COMPARISON_PRESETS)[number];

/** The days a preset covers, counted back from `today` (the agency's day): complete days only. */
export function presetRange(preset: Exclude<TComparisonPreset, 'custom'>, today: string): { from: string; to: string } {
  const yesterday = addDays(today, -1);
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -7), to: yesterday };
    case 'last30':
      return { from: addDays(today, -30), to: yesterday };
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const lastOfPrevious = addDays(`${today.slice(0, 7)}-01`, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
  }
}

/** The value of a trend point for a measure, money in cents. */
export function trendValue(point: TTrendPoint, measure: TTrendMeasure): number {
  switch (measure) {
    case 'netSales':
      return point.netSalesCents;
    case 'orders':
      return point.orders;
    case 'guests':
      return point.guests;
    case 'averageCheck':
      return point.averageCheckCents;
    case 'refunds':
      return point.refundsCents;
    case 'discounts':
      return point.discountsCents;
  }
}

export const MONEY_MEASURES: ReadonlySet<TTrendMeasure> = new Set(['netSales', 'averageCheck', 'refunds', 'discounts']);

/** '+12.5%' / '-3.0%' / '' (no previous figure to compare with). */
export function changeText(current: number, previous: number): string {
  const change = changeOf(current, previous);
  if (change === null) return '';
  const pct = (change * 100).toFixed(1);
  return `${change > 0 ? '+' : ''}${pct}%`;
}

/** Labour share as '23.4%', or '—' when there is nothing to divide. */
export function shareText(figures: Pick<TComparisonFigures, 'laborShare'>): string {
  return figures.laborShare === null ? '—' : `${(figures.laborShare * 100).toFixed(1)}%`;
}

/** Cents as US dollars ('$1,234.50'), written the same way in both languages. */
export function formatCents(cents: number): string {
  return formatSharedCents(Math.round(cents), 'en');
}

/** The item editor of a menu item. */
export const editItemPath = (id: number) => `/EditItem?id=${id}`;
