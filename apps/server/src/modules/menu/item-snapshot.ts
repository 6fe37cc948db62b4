import { normaliseDishHours } from '@ra/shared/menu/dish-hours';
import { MENU_CHANNELS, ZItemInput, type TItemInputParsed } from '@ra/shared/menu/menu.schemas';
import { pinyinOf } from './menu-pinyin.ts';
import type { TItemRow, TItemWrite } from './menu.repository.ts';

/** The editable fields of an item, as a version stores them and the item form edits them. */
export type TItemSnapshot = TItemInputParsed & { soldOut: boolean; soldOutUntil: string | null };
const SNAPSHOT_FIELDS = [
  ...(Object.keys(ZItemInput.shape) as Array<keyof TItemInputParsed>),
  'soldOut',
  'soldOutUntil',
] as const;

export function snapshotOf(row: TItemRow, modifierGroupIds: number[]): TItemSnapshot {
  return {
    itemId: row.itemCode,
    name: row.name,
    foreignName: row.foreignName,
    printName: row.printName,
    priceCents: row.priceCents,
    categoryId: row.categoryId,
    description: row.description,
    subtitle: row.subtitle,
    imageIds: row.imageIds,
    coverImageId: row.coverImageId,
    detailsHtml: row.detailsHtml,
    options: row.options,
    openPrice: row.openPrice,
    unit: row.unit,
    promoPriceCents: row.promoPriceCents,
    taxRateMilliPercent: row.taxRateMilliPercent,
    taxIncluded: row.taxIncluded,
    openKitchen: row.openKitchen,
    minOrderQty: row.minOrderQty,
    maxOrderQty: row.maxOrderQty,
    hideWhenUnavailable: row.hideWhenUnavailable,
    dishHours: row.dishHours,
    channels: {
      ...Object.fromEntries(MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }])),
      ...row.channels,
    } as TItemSnapshot['channels'],
    printers: row.printers,
    modifierGroupIds,
    barcodeType: row.barcodeType as TItemSnapshot['barcodeType'],
    barcodeData: row.barcodeData,
    costCents: row.costCents,
    globalPrices: row.globalPrices,
    areaItem: row.areaItem,
    redeemable: row.redeemable,
    rewardable: row.rewardable,
    soldOut: row.soldOut,
    soldOutUntil: row.soldOutUntil?.toISOString() ?? null,
  };
}

/** The columns an item input writes (pinyin computed here, on save, for the search index). */
export function itemColumns(
  input: TItemInputParsed,
): Omit<TItemWrite, 'sort' | 'version' | 'updatedAt' | 'soldOut' | 'soldOutUntil'> {
  const pinyin = pinyinOf(input.name, input.foreignName);
  return {
    itemCode: input.itemId,
    name: input.name,
    foreignName: input.foreignName,
    printName: input.printName,
    priceCents: input.priceCents,
    categoryId: input.categoryId,
    description: input.description,
    subtitle: input.subtitle,
    imageIds: input.imageIds,
    coverImageId: input.coverImageId,
    detailsHtml: input.detailsHtml,
    options: input.options,
    openPrice: input.openPrice,
    unit: input.unit,
    promoPriceCents: input.promoPriceCents,
    taxRateMilliPercent: input.taxRateMilliPercent,
    taxIncluded: input.taxIncluded,
    openKitchen: input.openKitchen,
    minOrderQty: input.minOrderQty,
    maxOrderQty: input.maxOrderQty,
    hideWhenUnavailable: input.hideWhenUnavailable,
    dishHours: normaliseDishHours(input.dishHours) ?? '',
    channels: input.channels,
    printers: input.printers,
    barcodeType: input.barcodeType,
    barcodeData: input.barcodeData,
    costCents: input.costCents,
    globalPrices: input.globalPrices,
    areaItem: input.areaItem,
    redeemable: input.redeemable,
    rewardable: input.rewardable,
    pinyinFull: pinyin.full,
    pinyinInitials: pinyin.initials,
  };
}

/** JSON with object keys sorted: a jsonb column gives its keys back in its own order, not the form's. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
export const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export function diffSnapshots(before: TItemSnapshot | null, after: TItemSnapshot) {
  if (!before) return [];
  return SNAPSHOT_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

export const isSoldOutAt = (row: Pick<TItemRow, 'soldOut' | 'soldOutUntil'>, now: Date) =>
  row.soldOut && (row.soldOutUntil === null || row.soldOutUntil > now);
