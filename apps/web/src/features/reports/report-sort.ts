import { DEFAULT_LIST_SORT, type TSortOrder } from '@ra/shared/reports/report-constants';

/**
 * Server-side sorting of the paged event lists (comps/voids, payouts): a header click asks the server
 * for the whole range in that order instead of reordering the one page on screen, which would put the
 * largest of 50 rows first rather than the largest of the range.
 */

export interface TListSort<TKey extends string = string> {
  sort: TKey;
  order: TSortOrder;
}

export type TAntSortOrder = 'ascend' | 'descend' | null;

/** What the table's header arrow shows for a column, given the list's current order. */
export function antSortOrder(columnKey: string, current: TListSort): TAntSortOrder {
  if (columnKey !== current.sort) return null;
  return current.order === 'asc' ? 'ascend' : 'descend';
}

/**
 * The order a header click asks for. Clicking through a column's arrows ends on "no sort", which
 * means the list's own order (newest first); a column outside the server's list also falls back to it.
 */
export function listSortOf<TKey extends string>(
  sorter: { columnKey?: unknown; order?: TAntSortOrder | undefined },
  keys: readonly TKey[],
): TListSort<TKey> {
  const key = keys.find((k) => k === sorter.columnKey);
  if (!key || !sorter.order) return { sort: DEFAULT_LIST_SORT.sort as TKey, order: DEFAULT_LIST_SORT.order };
  return { sort: key, order: sorter.order === 'ascend' ? 'asc' : 'desc' };
}

/** A new order shows the top of the list: page 1, same page size. */
export function withListSort<TRequest extends TListSort & { page: number }>(
  request: TRequest,
  next: TListSort<TRequest['sort']>,
): TRequest {
  if (next.sort === request.sort && next.order === request.order) return request;
  return { ...request, ...next, page: 1 };
}
