import { businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { ZDateRange } from '@ra/shared/reports/reports.schemas';
import { PAYMENT_METHODS, type TPaymentMethod } from '@ra/shared/orders/orders.schemas';
import {
  TRANSACTION_KINDS,
  TRANSACTION_PAGE_SIZES,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
} from '@ra/shared/transactions/transactions.schemas';
import { oneOf, pageOf, pageSizeOf, wholeNumber } from '../../lib/url-params.ts';
import type { TTransactionsFilter } from './api/get-transactions.ts';

export const DEFAULT_PAGE_SIZE = 50;

/**
 * The list's filters as they live in the URL, so a refresh or a shared link shows the same rows:
 * from, to (business days), q, method, kind, status, min / max (cents), page, pageSize, sort.
 */
export function parseTransactionsFilter(search: URLSearchParams, today: string): TTransactionsFilter {
  const days = ZDateRange.safeParse({ from: search.get('from') ?? '', to: search.get('to') ?? '' });
  const q = search.get('q')?.trim();
  let minCents = wholeNumber(search.get('min'));
  let maxCents = wholeNumber(search.get('max'));
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  return {
    from: days.success ? days.data.from : today,
    to: days.success ? days.data.to : today,
    q: q ? q.slice(0, 80) : undefined,
    method: oneOf<TPaymentMethod>(PAYMENT_METHODS, search.get('method')),
    kind: oneOf(TRANSACTION_KINDS, search.get('kind')),
    status: oneOf(TRANSACTION_STATUSES, search.get('status')),
    minCents,
    maxCents,
    page: pageOf(search.get('page')),
    pageSize: pageSizeOf(search.get('pageSize'), TRANSACTION_PAGE_SIZES, DEFAULT_PAGE_SIZE),
    sort: oneOf(TRANSACTION_SORTS, search.get('sort')) ?? '-at',
  };
}

export function transactionsSearch(filter: TTransactionsFilter): URLSearchParams {
  const out = new URLSearchParams();
  out.set('from', filter.from);
  out.set('to', filter.to);
  if (filter.q) out.set('q', filter.q);
  if (filter.method) out.set('method', filter.method);
  if (filter.kind) out.set('kind', filter.kind);
  if (filter.status) out.set('status', filter.status);
  if (filter.minCents !== undefined) out.set('min', String(filter.minCents));
  if (filter.maxCents !== undefined) out.set('max', String(filter.maxCents));
  if (filter.page !== 1) out.set('page', String(filter.page));
  if (filter.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(filter.pageSize));
  if (filter.sort !== '-at') out.set('sort', filter.sort);
  return out;
}

/** The restaurant's business day now (SPEC 3 hourOffsetEndOfDay), the browser's zone standing in for none. */
export function businessToday(timeZone: string | undefined, hourOffsetEndOfDay: number, now = Date.now()): string {
  const zone =
    timeZone && isValidTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const offset =
    Number.isInteger(hourOffsetEndOfDay) && hourOffsetEndOfDay >= 0 && hourOffsetEndOfDay <= 23
      ? hourOffsetEndOfDay
      : 0;
  return businessDayOf(now, zone, offset);
}

/** '12.50' typed in a filter box -> 1250 cents; undefined for empty or invalid input. */
export function dollarsToCents(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return undefined;
  return Math.round(value * 100);
}
