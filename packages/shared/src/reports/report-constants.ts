import { isIsoDay } from '../business-day/calendar-day.ts';
import { daysInRange } from '../business-day/date-range.ts';
import { FIRST_DAY, LAST_DAY } from '../validation/year-range.ts';

/**
 * The sales report's names and limits without its zod schemas (reports.schemas.ts re-exports them
 * all): the report's pages use these and nothing else of the schemas, and importing the schemas put
 * zod (about 30 KB on the wire) and its work at load on the sales summary's first paint (issue 21).
 */

export const REPORT_SECTIONS = [
  'salesSummary',
  'salesTrends',
  'operation',
  'paymentMethods',
  'itemSales',
  'categorySales',
  'optionSales',
  'discounts',
  'compsVoids',
  'taxes',
  'payout',
] as const;
export type TReportSection = (typeof REPORT_SECTIONS)[number];

/**
 * Path of each section's GET endpoint as the browser calls it after the `/api` base path, so the server
 * route is `/api` + this (ARCHITECTURE "URL contract"): `GET /api/api/reports/sales-summary`.
 */
export const REPORT_PATHS: Readonly<Record<TReportSection, string>> = {
  salesSummary: '/api/reports/sales-summary',
  salesTrends: '/api/reports/sales-trends',
  operation: '/api/reports/operation',
  paymentMethods: '/api/reports/payment-methods',
  itemSales: '/api/reports/item-sales',
  categorySales: '/api/reports/category-sales',
  optionSales: '/api/reports/option-sales',
  discounts: '/api/reports/discounts',
  compsVoids: '/api/reports/comps-voids',
  taxes: '/api/reports/taxes',
  payout: '/api/reports/payouts',
};

/**
 * Longest range one report request may cover: any calendar year, or 13 months for a month-by-month
 * trend against the same month last year. With its comparison period a request reads at most 800 days,
 * which keeps a report query bounded on the primary (ARCHITECTURE "Database": replicas for reports).
 */
export const MAX_REPORT_RANGE_DAYS = 400;

/** Days a report may name: the years every request date may name (validation/year-range.ts). */
export const REPORT_FIRST_DAY = FIRST_DAY;
export const REPORT_LAST_DAY = LAST_DAY;

export const TREND_GRANULARITIES = ['hour', 'day', 'week', 'month'] as const;
export type TTrendGranularity = (typeof TREND_GRANULARITIES)[number];

export const REPORT_PAGE_SIZE_MAX = 200;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];

/**
 * Columns an event list can be sorted by across all its pages (a sort within one page would mislead
 * on a list of thousands). Each is a row field name; the server maps each to a fixed ORDER BY.
 */
export const COMPS_VOIDS_SORT_KEYS = ['at', 'kind', 'itemName', 'quantity', 'amountCents', 'by'] as const;
export type TCompsVoidsSortKey = (typeof COMPS_VOIDS_SORT_KEYS)[number];
export const PAYOUT_SORT_KEYS = ['at', 'kind', 'amountCents'] as const;
export type TPayoutSortKey = (typeof PAYOUT_SORT_KEYS)[number];

/** The lists' own order when nothing else is asked: newest first. */
export const DEFAULT_LIST_SORT = { sort: 'at', order: 'desc' } as const;

/** A day a request may name: a real 'YYYY-MM-DD' day in the supported years. */
export const isReportDay = (day: string): boolean =>
  day.length === 10 && isIsoDay(day) && day >= REPORT_FIRST_DAY && day <= REPORT_LAST_DAY;

/**
 * The rule of reports.schemas' `ZDateRange` without zod (reports.test.ts holds them to the same
 * answers): two report days, `from` not after `to`, at most MAX_REPORT_RANGE_DAYS days.
 */
export function isReportDateRange(range: { from: string; to: string }): boolean {
  if (!isReportDay(range.from) || !isReportDay(range.to)) return false;
  const days = daysInRange(range);
  return days >= 1 && days <= MAX_REPORT_RANGE_DAYS;
}
