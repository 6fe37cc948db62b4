import type { TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import type { TSegmentFilter } from '@ra/shared/segments/segments.schemas';
import type { TFilter } from './customers-filter.ts';

/** Cents as the server's filter reads amounts: dollars with two decimals ("150.00"). */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The list's filter as the server reads it (customer list, count, campaigns, segments): the page holds
 * amounts in cents (as its URL does), the API takes dollars.
 */
export function toRequestFilter(filter: TFilter): TCustomerFilter {
  const { spentMin, spentMax, ...rest } = filter;
  const out: Record<string, unknown> = { ...rest };
  if (spentMin !== undefined) out.spentMin = dollars(spentMin);
  if (spentMax !== undefined) out.spentMax = dollars(spentMax);
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  // the schema's output types amounts as cents; the request carries the dollars it parses them from
  return out as unknown as TCustomerFilter;
}

/** A saved segment's filter as the list holds it (cents, only the bounds it has). */
export function fromSegmentFilter(filter: TSegmentFilter): TFilter {
  const out: TFilter = { range: filter.range, sort: filter.sort, order: filter.order };
  for (const k of ['spentMin', 'spentMax', 'ordersMin', 'ordersMax', 'notSeenDays'] as const)
    if (filter[k] !== undefined) out[k] = filter[k];
  if (filter.q) out.q = filter.q;
  return out;
}

/** One condition of a filter for people to read: a translation key and its values. */
export type TCondition = { key: string; values: Record<string, string | number> };

/** What a filter asks for, in words (the segment list's "Conditions"); all customers when nothing is set. */
export function conditionsOf(filter: TFilter, money: (cents: number) => string): TCondition[] {
  const out: TCondition[] = [];
  if (filter.range !== 'all') out.push({ key: `range_${filter.range}`, values: {} });
  if (filter.spentMin !== undefined && filter.spentMax !== undefined)
    out.push({ key: 'spentBetween', values: { min: money(filter.spentMin), max: money(filter.spentMax) } });
  else if (filter.spentMin !== undefined) out.push({ key: 'spentAtLeast', values: { min: money(filter.spentMin) } });
  else if (filter.spentMax !== undefined) out.push({ key: 'spentAtMost', values: { max: money(filter.spentMax) } });
  if (filter.ordersMin !== undefined && filter.ordersMax !== undefined)
    out.push({ key: 'ordersBetween', values: { min: filter.ordersMin, max: filter.ordersMax } });
  else if (filter.ordersMin !== undefined) out.push({ key: 'ordersAtLeast', values: { min: filter.ordersMin } });
  else if (filter.ordersMax !== undefined) out.push({ key: 'ordersAtMost', values: { max: filter.ordersMax } });
  if (filter.notSeenDays !== undefined) out.push({ key: 'notSeenFor', values: { days: filter.notSeenDays } });
  if (filter.q) out.push({ key: 'matching', values: { q: filter.q } });
  if (out.length === 0) out.push({ key: 'everyone', values: {} });
  return out;
}
