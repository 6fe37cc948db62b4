import {
  CUSTOMER_RANGES,
  CUSTOMER_SORTS,
  MAX_SELECTED,
  type TCustomerCount,
  type TCustomerFilter,
} from '@ra/shared/customers/customers.schemas';
import { MAX_INT32, oneOf, wholeNumber } from '../../lib/url-params.ts';

/** The list's filters (every bound optional; amounts in cents) as the page holds them. */
export type TFilter = Omit<TCustomerFilter, 'spentMin' | 'spentMax'> & { spentMin?: number; spentMax?: number };
/** The list's filters and page as they live in the URL, so a reload or Back shows the same rows. */
export type TCustomerListState = TFilter & { page: number };

export const DEFAULT_FILTER: TFilter = { range: 'all', sort: 'lastOrderAt', order: 'desc' };

const whole = (raw: string | null) => wholeNumber(raw, MAX_INT32);

/** range, sort, order, spentMin / spentMax (cents), ordersMin / ordersMax, notSeen (days), q, page. */
export function parseCustomerSearch(search: URLSearchParams): TCustomerListState {
  const page = whole(search.get('page'));
  const q = search.get('q')?.trim();
  const state: TCustomerListState = {
    range: oneOf(CUSTOMER_RANGES, search.get('range')) ?? DEFAULT_FILTER.range,
    sort: oneOf(CUSTOMER_SORTS, search.get('sort')) ?? DEFAULT_FILTER.sort,
    order: oneOf(['asc', 'desc'] as const, search.get('order')) ?? DEFAULT_FILTER.order,
    page: page && page >= 1 ? page : 1,
  };
  const spentMin = whole(search.get('spentMin'));
  const spentMax = whole(search.get('spentMax'));
  const ordersMin = whole(search.get('ordersMin'));
  const ordersMax = whole(search.get('ordersMax'));
  const notSeenDays = whole(search.get('notSeen'));
  if (spentMin !== undefined) state.spentMin = spentMin;
  if (spentMax !== undefined) state.spentMax = spentMax;
  if (ordersMin !== undefined) state.ordersMin = ordersMin;
  if (ordersMax !== undefined) state.ordersMax = ordersMax;
  if (notSeenDays !== undefined) state.notSeenDays = notSeenDays;
  if (q) state.q = q.slice(0, 40);
  return state;
}

export function customerSearch(state: TCustomerListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.range !== DEFAULT_FILTER.range) out.set('range', state.range);
  if (state.sort !== DEFAULT_FILTER.sort) out.set('sort', state.sort);
  if (state.order !== DEFAULT_FILTER.order) out.set('order', state.order);
  if (state.spentMin !== undefined) out.set('spentMin', String(state.spentMin));
  if (state.spentMax !== undefined) out.set('spentMax', String(state.spentMax));
  if (state.ordersMin !== undefined) out.set('ordersMin', String(state.ordersMin));
  if (state.ordersMax !== undefined) out.set('ordersMax', String(state.ordersMax));
  if (state.notSeenDays !== undefined) out.set('notSeen', String(state.notSeenDays));
  if (state.q) out.set('q', state.q);
  if (state.page !== 1) out.set('page', String(state.page));
  return out;
}

/** The filter part only, for "Search conditions unchanged": absent and undefined fields are the same. */
export function filterKey(filter: TFilter): string {
  return customerSearch({ ...filter, page: 1 }).toString();
}

/** Whether searching with `draft` would ask for nothing new (SPEC 5: say so instead of searching again). */
export function searchUnchanged(draft: TFilter, current: TFilter): boolean {
  return filterKey(draft) === filterKey(current);
}

/** What the page knows of the list from one page's answer (no count: that is its own request). */
export type TPageSeen = { page: number; pageSize: number; rows: readonly unknown[]; hasMore: boolean };

/**
 * The pager's total. Before the count arrives, the rows up to this page and one more when the server says
 * more follow (so the next page can be reached); after, the count, but never fewer than the pages seen
 * (the count stops at 10,000, and a customer may arrive between the two answers).
 */
export function pagerTotal(seen: TPageSeen | undefined, count: TCustomerCount | undefined): number {
  const upTo = seen ? (seen.page - 1) * seen.pageSize + seen.rows.length + (seen.hasMore ? 1 : 0) : 0;
  return Math.max(count?.total ?? 0, upTo);
}

/**
 * How many a campaign goes to: the ticked customers, or with "All results" the filter's matches up to
 * 1,000; null while that count is still on its way (the page shows a placeholder, not a guess).
 */
export function audienceSize(
  allResults: boolean,
  selected: readonly number[],
  count: TCustomerCount | undefined,
): number | null {
  if (!allResults) return selected.length;
  return count ? Math.min(count.total, MAX_SELECTED) : null;
}
