import {
  formatCents,
  formatCentsCompact,
  formatClock,
  formatCount,
  formatDateTime,
  formatDay,
  formatMonth,
  toDisplayLanguage,
} from '@ra/shared/format/locale-format';
import { currentLanguage } from '../../lib/i18n.ts';

/**
 * Figures and dates as the report shows them, in the interface language's conventions
 * (shared locale-format.ts); files and URLs keep plain numbers and ISO days.
 */
const lang = () => toDisplayLanguage(currentLanguage());

/** SPEC 9: thousand separators and two decimals for money ('$1,234.50'). */
export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '—' : formatCents(cents, lang());

/** Money on a chart axis, short: '$20K' / '$2万'. */
export const axisMoney = (cents: number): string => formatCentsCompact(cents, lang());

/** Counts with thousand separators ('1,234'). */
export const count = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : formatCount(value, lang());

/** A business day 'YYYY-MM-DD': 'Mar 14, 2026' / '2026年3月14日'. */
export const day = (isoDay: string, opts?: { weekday?: boolean }): string => formatDay(isoDay, lang(), opts);

/** A range of business days, one day shown once. */
export const days = (range: { from: string; to: string }): string =>
  range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;

/** A month 'YYYY-MM': 'Mar 2026' / '2026年3月'. */
export const month = (isoMonth: string): string => formatMonth(isoMonth, lang());

/** An instant in the restaurant's zone: 'Mar 14, 2026, 7:30 PM' / '2026年3月14日 19:30'. */
export const dateTime = (iso: string, timeZone?: string): string => formatDateTime(iso, lang(), timeZone);

/** Time of day in the restaurant's zone: '7:30 PM' / '19:30'. */
export const clock = (iso: string | Date, timeZone?: string): string => formatClock(iso, lang(), timeZone);
