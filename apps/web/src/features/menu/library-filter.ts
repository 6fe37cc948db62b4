import {
  LIBRARY_PAGE_SIZES,
  LIBRARY_SORTS,
  MENU_CHANNELS,
  type TLibrarySort,
  type TMenuChannel,
} from '@ra/shared/menu/menu.schemas';
import { oneOf, pageOf, pageSizeOf, positiveId, wholeNumber } from '../../lib/url-params.ts';

export const DEFAULT_LIBRARY_PAGE_SIZE = 50;

/** The library's state as it lives in the URL, so a refresh or a shared link shows the same rows. */
export interface TLibraryFilter {
  q?: string;
  categoryId?: number;
  channel?: TMenuChannel;
  soldOut?: boolean;
  minCents?: number;
  maxCents?: number;
  page: number;
  pageSize: number;
  sort: TLibrarySort;
  /** Which dialog is open, so each has a link: bulk edit, import. */
  dialog?: TLibraryDialog;
}

export const LIBRARY_DIALOGS = ['bulk', 'import'] as const;
export type TLibraryDialog = (typeof LIBRARY_DIALOGS)[number];

const cents = (raw: string | null) => wholeNumber(raw, 100_000_000);

/** q, category, channel, soldOut (true/false), min / max (cents), page, pageSize, sort, dialog; bad values fall back. */
export function parseLibraryFilter(search: URLSearchParams): TLibraryFilter {
  const q = search.get('q')?.trim();
  let minCents = cents(search.get('min'));
  let maxCents = cents(search.get('max'));
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    [minCents, maxCents] = [maxCents, minCents];
  const soldOut = search.get('soldOut');
  return {
    q: q ? q.slice(0, 80) : undefined,
    categoryId: positiveId(search.get('category')),
    channel: oneOf(MENU_CHANNELS, search.get('channel')),
    soldOut: soldOut === 'true' ? true : soldOut === 'false' ? false : undefined,
    minCents,
    maxCents,
    page: pageOf(search.get('page'), 100_000),
    pageSize: pageSizeOf(search.get('pageSize'), LIBRARY_PAGE_SIZES, DEFAULT_LIBRARY_PAGE_SIZE),
    sort: oneOf(LIBRARY_SORTS, search.get('sort')) ?? 'sort',
    dialog: oneOf(LIBRARY_DIALOGS, search.get('dialog')),
  };
}

export function librarySearch(filter: TLibraryFilter): URLSearchParams {
  const out = new URLSearchParams();
  if (filter.q) out.set('q', filter.q);
  if (filter.categoryId !== undefined) out.set('category', String(filter.categoryId));
  if (filter.channel) out.set('channel', filter.channel);
  if (filter.soldOut !== undefined) out.set('soldOut', String(filter.soldOut));
  if (filter.minCents !== undefined) out.set('min', String(filter.minCents));
  if (filter.maxCents !== undefined) out.set('max', String(filter.maxCents));
  if (filter.page !== 1) out.set('page', String(filter.page));
  if (filter.pageSize !== DEFAULT_LIBRARY_PAGE_SIZE) out.set('pageSize', String(filter.pageSize));
  if (filter.sort !== 'sort') out.set('sort', filter.sort);
  if (filter.dialog) out.set('dialog', filter.dialog);
  return out;
}

/** The API query of a filter (GET /api/api/menu/items): the dialog stays in the page. */
export function libraryQuery(filter: TLibraryFilter): Record<string, string | number | undefined> {
  return {
    q: filter.q,
    categoryId: filter.categoryId,
    channel: filter.channel,
    soldOut: filter.soldOut === undefined ? undefined : String(filter.soldOut),
    minCents: filter.minCents,
    maxCents: filter.maxCents,
    page: filter.page,
    pageSize: filter.pageSize,
    sort: filter.sort,
  };
}

/** Whether any filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (f: TLibraryFilter): boolean =>
  Boolean(f.q) ||
  f.categoryId !== undefined ||
  f.channel !== undefined ||
  f.soldOut !== undefined ||
  f.minCents !== undefined ||
  f.maxCents !== undefined;

/** A dollars box (12.5) -> 1250 cents; undefined for empty or invalid input. */
export function dollarsToCents(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) return undefined;
  return Math.round(n * 100);
}

export const centsToDollars = (cents: number | null | undefined): number | undefined =>
  cents === null || cents === undefined ? undefined : cents / 100;

/** Thousandths of a percent (8875) <-> a percent box with up to three decimals (8.875). */
export const milliPercentToPercent = (milliPercent: number | null | undefined): number | undefined =>
  milliPercent === null || milliPercent === undefined ? undefined : milliPercent / 1000;
export const percentToMilliPercent = (percent: number | null | undefined): number | null =>
  percent === null || percent === undefined || !Number.isFinite(percent) ? null : Math.round(percent * 1000);
