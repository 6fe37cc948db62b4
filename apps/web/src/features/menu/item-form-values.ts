import {
  MENU_CHANNELS,
  ZItemInput,
  type TChannelSetting,
  type TItem,
  type TItemInput,
  type TMenuChannel,
} from '@ra/shared/menu/menu.schemas';
import { issuesByPath } from './menu-messages.ts';

/**
 * The item form's values are the API's own shape (ZItemInput: cents, basis points), so the shared
 * schema checks them as they are; the money and percent boxes convert only for display.
 */
export type TItemFormValues = Required<Omit<TItemInput, 'channels' | 'options' | 'globalPrices'>> & {
  channels: Record<TMenuChannel, TChannelSetting>;
  options: NonNullable<TItemInput['options']>;
  globalPrices: NonNullable<TItemInput['globalPrices']>;
};

/** Printers a restaurant usually has, offered before any are typed (devices come with their own issue). */
export const SUGGESTED_PRINTERS = ['Kitchen', 'Bar', 'Expo', 'Receipt'];

const allChannels = (): Record<TMenuChannel, TChannelSetting> =>
  Object.fromEntries(MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }])) as Record<
    TMenuChannel,
    TChannelSetting
  >;

/**
 * A new item: on every channel, sent to the restaurant's first printer (or "Kitchen" while it has none
 * set up under Devices), any time, tax from its category.
 */
export function newItemValues(printers: readonly string[] = []): TItemFormValues {
  return {
    itemId: '',
    name: '',
    foreignName: '',
    printName: '',
    priceCents: undefined as unknown as number,
    categoryId: null,
    description: '',
    subtitle: '',
    imageIds: [],
    coverImageId: null,
    detailsHtml: '',
    options: [],
    openPrice: false,
    unit: '',
    promoPriceCents: null,
    taxRateMilliPercent: null,
    taxIncluded: false,
    openKitchen: true,
    minOrderQty: 1,
    maxOrderQty: null,
    hideWhenUnavailable: false,
    dishHours: '',
    channels: allChannels(),
    printers: [printers[0] ?? 'Kitchen'],
    modifierGroupIds: [],
    barcodeType: 'none',
    barcodeData: '',
    costCents: null,
    globalPrices: [],
    areaItem: false,
    redeemable: false,
    rewardable: true,
  };
}

/** The form's values of a saved item (every field the form edits, nothing the server computes). */
export function itemFormValues(item: TItem): TItemFormValues {
  return {
    itemId: item.itemId,
    name: item.name,
    foreignName: item.foreignName,
    printName: item.printName,
    priceCents: item.priceCents,
    categoryId: item.categoryId,
    description: item.description,
    subtitle: item.subtitle,
    imageIds: [...item.imageIds],
    coverImageId: item.coverImageId,
    detailsHtml: item.detailsHtml,
    options: item.options.map((o) => ({ ...o, items: o.items.map((c) => ({ ...c })) })),
    openPrice: item.openPrice,
    unit: item.unit,
    promoPriceCents: item.promoPriceCents,
    taxRateMilliPercent: item.taxRateMilliPercent,
    taxIncluded: item.taxIncluded,
    openKitchen: item.openKitchen,
    minOrderQty: item.minOrderQty,
    maxOrderQty: item.maxOrderQty,
    hideWhenUnavailable: item.hideWhenUnavailable,
    dishHours: item.dishHours,
    channels: { ...allChannels(), ...item.channels },
    printers: [...item.printers],
    modifierGroupIds: [...item.modifierGroupIds],
    barcodeType: item.barcodeType,
    barcodeData: item.barcodeData,
    costCents: item.costCents,
    globalPrices: item.globalPrices.map((g) => ({ ...g })),
    areaItem: item.areaItem,
    redeemable: item.redeemable,
    rewardable: item.rewardable,
  };
}

/** A copy of an item as a new one: everything but its item_id, which must be unique. */
export function copiedItemValues(item: TItem): TItemFormValues {
  return { ...itemFormValues(item), itemId: '' };
}

/**
 * The body to send: options numbered by their place (SPEC 3 "index"), a `goto` that points at a
 * removed option dropped, the cover kept among the images, blank money boxes as "none".
 */
export function toItemRequest(values: TItemFormValues): TItemInput {
  const options = (values.options ?? []).map((o, index) => ({ ...o, index, items: o.items ?? [] }));
  const imageIds = values.imageIds ?? [];
  return {
    ...values,
    priceCents: values.priceCents ?? (undefined as unknown as number),
    options: options.map((o) => ({
      ...o,
      goto: o.goto !== null && o.goto !== undefined && o.goto < options.length ? o.goto : null,
    })),
    imageIds,
    coverImageId:
      values.coverImageId !== null && imageIds.includes(values.coverImageId)
        ? values.coverImageId
        : (imageIds[0] ?? null),
    maxOrderQty: values.maxOrderQty ?? null,
    promoPriceCents: values.promoPriceCents ?? null,
    costCents: values.costCents ?? null,
  };
}

/** Every problem the shared schema finds, by dotted field path ("options.0.items.1.name"), in English. */
export function itemProblems(values: TItemFormValues): Record<string, string> {
  return issuesByPath(ZItemInput, toItemRequest(values));
}
