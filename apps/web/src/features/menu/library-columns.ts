import { describeDishHours } from '@ra/shared/menu/dish-hours';
import { MENU_CHANNELS, type TLibraryRow, type TLibrarySort, type TMenuChannel } from '@ra/shared/menu/menu.schemas';
import { formatCents, formatDateTime, type TDisplayLanguage } from '@ra/shared/format/locale-format';

/**
 * The item library's columns as pure functions of a row (ARCHITECTURE "a table's columns are a pure,
 * tested function"): which columns, in what order, which sort, and what each cell says. The view only
 * draws them.
 */
export const LIBRARY_COLUMNS = ['item', 'itemId', 'category', 'price', 'channels', 'dishHours', 'soldOut'] as const;
export type TLibraryColumn = (typeof LIBRARY_COLUMNS)[number];

/** Columns the server can sort by, and the sort key of each. */
const SORTABLE: Partial<Record<TLibraryColumn, 'name' | 'price' | 'itemId'>> = {
  item: 'name',
  itemId: 'itemId',
  price: 'price',
};

export const isSortable = (column: TLibraryColumn): boolean => column in SORTABLE;

/** What the table shows as the column's sort arrow for the list's sort. */
export function sortOrderOf(column: TLibraryColumn, sort: TLibrarySort): 'ascend' | 'descend' | null {
  const key = SORTABLE[column];
  if (!key) return null;
  if (sort === key) return 'ascend';
  if (sort === `-${key}`) return 'descend';
  return null;
}

/** The list's sort after a click on a column header; no arrow goes back to the menu's own order. */
export function sortFromTable(
  column: string | undefined,
  order: 'ascend' | 'descend' | null | undefined,
): TLibrarySort {
  const key = SORTABLE[column as TLibraryColumn];
  if (!key || !order) return 'sort';
  return order === 'ascend' ? key : (`-${key}` as TLibrarySort);
}

export interface TCellContext {
  lang: TDisplayLanguage;
  timeZone?: string;
  /** Translations the cells need, already in the user's language. */
  words: {
    channel: (channel: TMenuChannel) => string;
    noCategory: string;
    allChannels: string;
    noChannels: string;
    onSale: string;
    soldOut: string;
    soldOutUntil: (when: string) => string;
  };
}

export const priceText = (row: Pick<TLibraryRow, 'priceCents'>, lang: TDisplayLanguage): string =>
  formatCents(row.priceCents, lang);

/** The channels that show the item, with its own price where it has one ("POS, Kiosk $12.00"). */
export function channelsText(row: Pick<TLibraryRow, 'channels'>, ctx: TCellContext): string {
  const shown = MENU_CHANNELS.filter((c) => row.channels[c]?.visible !== false);
  if (shown.length === 0) return ctx.words.noChannels;
  const withOwnPrice = shown.filter((c) => row.channels[c]?.priceCents != null);
  if (shown.length === MENU_CHANNELS.length && withOwnPrice.length === 0) return ctx.words.allChannels;
  return shown
    .map((c) => {
      const own = row.channels[c]?.priceCents;
      return own != null ? `${ctx.words.channel(c)} ${formatCents(own, ctx.lang)}` : ctx.words.channel(c);
    })
    .join(', ');
}

export function soldOutText(row: Pick<TLibraryRow, 'soldOut' | 'soldOutUntil'>, ctx: TCellContext): string {
  if (!row.soldOut) return ctx.words.onSale;
  if (!row.soldOutUntil) return ctx.words.soldOut;
  return ctx.words.soldOutUntil(formatDateTime(row.soldOutUntil, ctx.lang, ctx.timeZone));
}

/** One cell as text: what a screen reader and the phone card say for it. */
export function cellText(column: TLibraryColumn, row: TLibraryRow, ctx: TCellContext): string {
  switch (column) {
    case 'item':
      return row.foreignName ? `${row.name} (${row.foreignName})` : row.name;
    case 'itemId':
      return row.itemId;
    case 'category':
      return row.categoryName ?? ctx.words.noCategory;
    case 'price':
      return priceText(row, ctx.lang);
    case 'channels':
      return channelsText(row, ctx);
    case 'dishHours':
      return describeDishHours(row.dishHours, ctx.lang);
    case 'soldOut':
      return soldOutText(row, ctx);
  }
}

/** The columns on screen: a phone shows cards instead, so this is the desktop table's order. */
export function libraryColumns(opts: { hideChannels?: boolean } = {}): TLibraryColumn[] {
  return LIBRARY_COLUMNS.filter((c) => !(opts.hideChannels && c === 'channels'));
}
