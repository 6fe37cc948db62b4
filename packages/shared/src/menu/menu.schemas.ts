import { z } from 'zod';
import { ZInstant } from '../validation/dates.ts';
import { MAX_TAX_RATE_MILLI_PERCENT } from '../business/tax-rate.ts';
import { zText } from '../validation/text.ts';
import { isValidDishHours } from './dish-hours.ts';
import {
  BULK_EDIT_MAX_ITEMS,
  DESCRIPTION_MAX_LENGTH,
  ITEM_CODE_MAX_LENGTH,
  MENU_MESSAGES,
  NAME_MAX_LENGTH,
  SUBTITLE_MAX_LENGTH,
  type TMenuMessageKey,
} from './menu.messages.ts';
import { MAX_INT4, ZDbId, ZIdParam } from '../validation/limits.ts';

/**
 * Request and response shapes of the menu API (SPEC 2 /menu, /EditItem, /AddItem, /menugroup,
 * /category, /modifiergroup, /menuMapping; SPEC 3 "Menu item", "Menu group", "category",
 * "modifier group"; SPEC 5 menu messages; issue 8). The server validates with these and the menu
 * forms use the same rules, so both refuse the same input with the same words.
 * Contract with every route: docs/api/menu.md. Money is integer cents; tax rates are basis points
 * (1010 = 10.1%).
 */

const en = (key: TMenuMessageKey) => MENU_MESSAGES[key].en;

// --- building blocks --------------------------------------------------------------------------

/** Where a menu is shown (issue 8 "Channels"): POS = store, online ordering = customer. */
export const MENU_CHANNELS = ['pos', 'kiosk', 'online', 'thirdParty'] as const;
export type TMenuChannel = (typeof MENU_CHANNELS)[number];
/** SPEC 2 /menuMapping/customer and /menuMapping/store name the online and POS channels. */
export const MAPPING_PAGE_CHANNEL = { customer: 'online', store: 'pos' } as const satisfies Record<
  string,
  TMenuChannel
>;
export const ZMenuChannel = z.enum(MENU_CHANNELS, { error: en('menu.unknownChannel') });

export const BARCODE_TYPES = ['none', 'ean13', 'upca', 'code128', 'qr'] as const;
export type TBarcodeType = (typeof BARCODE_TYPES)[number];

export const MAX_PRICE_CENTS = 100_000_000;

export { ZDbId };
/** Path ids arrive as text. */
export const ZMenuIdParam = ZIdParam;

const requiredName = (required: TMenuMessageKey = 'menu.enterName') =>
  zText({ error: en(required) })
    .trim()
    .min(1, en(required))
    .max(NAME_MAX_LENGTH, en('menu.nameTooLong'));
const optionalName = zText().trim().max(NAME_MAX_LENGTH, en('menu.nameTooLong')).default('');

/** A price in cents; `required` is the message for a missing one (SPEC 5 has two wordings). */
const price = (required: TMenuMessageKey) =>
  z
    .number({ error: en(required) })
    .int(en('menu.priceInvalid'))
    .min(0, en('menu.priceInvalid'))
    .max(MAX_PRICE_CENTS, en('menu.priceInvalid'));
const optionalPrice = price('menu.inputPrice').nullable().default(null);
/**
 * A tax rate in thousandths of a percent (8.875% is 8875, 100% is 100000): a percent with at most
 * three decimals, as an integer (shared business/tax-rate.ts). 8.8755% would be 8875.5: refused.
 */
export const ZTaxRateMilliPercent = z
  .number({ error: en('menu.taxRateInvalid') })
  .int(en('menu.taxRateInvalid'))
  .min(0, en('menu.taxRateInvalid'))
  .max(MAX_TAX_RATE_MILLI_PERCENT, en('menu.taxRateInvalid'));

const ZPrinters = z.array(zText().trim().min(1).max(60)).max(20).default([]);

/** Ids in a list at most once. */
const uniqueIds = (max: number) =>
  z
    .array(ZDbId)
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, en('menu.duplicateIds'));

export const ZDishHours = zText()
  .trim()
  .max(500, en('menu.inputDishHourWithDays'))
  .refine(isValidDishHours, en('menu.inputDishHourWithDays'));

/** A reorder call lists the full new order (issue 8 "reorder endpoints that take the full new order"). */
export const ZReorderRequest = z.object({ ids: uniqueIds(10_000).min(1) });
export type TReorderRequest = z.infer<typeof ZReorderRequest>;

export { ZOkResponse as ZOk } from '../auth/auth.schemas.ts';

/** Where a category, item or modifier group is used, listed before it is deleted (issue 8). */
export const USAGE_KINDS = [
  'item',
  'category',
  'menuGroup',
  'modifierGroup',
  'modifier',
  'channelMapping',
  'scheduledChange',
] as const;
export const ZUsage = z.object({
  usedIn: z.array(
    z.object({
      kind: z.enum(USAGE_KINDS),
      id: z.number().int(),
      name: z.string(),
      /** For channel mappings, the channel. */
      channel: ZMenuChannel.optional(),
    }),
  ),
});
export type TUsage = z.infer<typeof ZUsage>;
/** DELETE …?force=true deletes even when used; without it a used entry answers 409 with `usedIn`. */
export const ZDeleteQuery = z.object({
  force: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

// --- categories -------------------------------------------------------------------------------

export const ZCategoryInput = z.object({
  name: requiredName(),
  foreignName: optionalName,
  /** null: the restaurant's default rate. */
  taxRateMilliPercent: ZTaxRateMilliPercent.nullable().default(null),
  /** The group the sales reports put its items under (e.g. Food, Drinks, Alcohol). */
  salesReportCategory: zText().trim().max(NAME_MAX_LENGTH, en('menu.nameTooLong')).default(''),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;

export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  foreignName: z.string(),
  taxRateMilliPercent: z.number().int().nullable(),
  salesReportCategory: z.string(),
  sort: z.number().int(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type TCategory = z.infer<typeof ZCategory>;
export const ZCategoryListResponse = z.object({
  categories: z.array(ZCategory),
  defaultTaxRateMilliPercent: z.number().int(),
});
export type TCategoryListResponse = z.infer<typeof ZCategoryListResponse>;

// --- menu groups ------------------------------------------------------------------------------

export const ZMenuGroupInput = z.object({
  name: requiredName(),
  foreignName: optionalName,
  /** Categories the group holds, in display order. */
  categoryIds: uniqueIds(500).default([]),
});
export type TMenuGroupInput = z.input<typeof ZMenuGroupInput>;

export const ZMenuGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  foreignName: z.string(),
  categoryIds: z.array(z.number().int()),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type TMenuGroup = z.infer<typeof ZMenuGroup>;
export const ZMenuGroupListResponse = z.object({ groups: z.array(ZMenuGroup) });
export type TMenuGroupListResponse = z.infer<typeof ZMenuGroupListResponse>;

// --- modifier groups --------------------------------------------------------------------------

export const ZModifierInput = z.object({
  /** Present for an existing modifier (keeps its id); absent for a new one. */
  id: ZDbId.optional(),
  name: requiredName(),
  foreignName: optionalName,
  priceCents: price('menu.inputPrice'),
  /** At most this many of this modifier in one selection ("at most 3 of one sauce"); null: no limit. */
  maxQuantity: z.number().int().min(1).max(99).nullable().default(null),
  /** Choosing this modifier opens another group (nested groups, at most 3 levels, no loops). */
  childGroupId: ZDbId.nullable().default(null),
});
export type TModifierInput = z.input<typeof ZModifierInput>;

export const ZModifierGroupInput = z
  .object({
    name: requiredName(),
    foreignName: optionalName,
    /** A charge for choosing the group at all (SPEC 3 "price"); usually 0, the modifiers carry prices. */
    priceCents: price('menu.inputPrice').default(0),
    required: z.boolean().default(false),
    /** Shown to customers on the kiosk and online. */
    visible: z.boolean().default(true),
    /** The POS opens the group by itself when the item is rung up. */
    autoPopup: z.boolean().default(false),
    minSelections: z.number().int().min(0).max(99).default(0),
    /** null: no limit. Counts every unit ("choose 6 wings sauces"). */
    maxSelections: z.number().int().min(1).max(99).nullable().default(null),
    /** How many different modifiers at most ("… at most 3 different"); null: no limit. */
    maxDifferent: z.number().int().min(1).max(99).nullable().default(null),
    /** The first N selections are free. */
    freeSelections: z.number().int().min(0).max(99).default(0),
    printers: ZPrinters,
    modifiers: z.array(ZModifierInput).min(1, en('menu.modifiersRequired')).max(200),
    /** Items the group applies to (issue 8 "items applied"); the same link as an item's modifierGroupIds. */
    itemIds: uniqueIds(10_000).default([]),
  })
  .superRefine((g, ctx) => {
    if (g.maxSelections !== null && g.minSelections > g.maxSelections)
      ctx.addIssue({ code: 'custom', path: ['minSelections'], message: en('menu.minAboveMax') });
    if (g.maxSelections !== null && g.freeSelections > g.maxSelections)
      ctx.addIssue({ code: 'custom', path: ['freeSelections'], message: en('menu.freeAboveMax') });
    if (g.required && g.minSelections < 1)
      ctx.addIssue({ code: 'custom', path: ['minSelections'], message: en('menu.requiredNeedsMin') });
  });
export type TModifierGroupInput = z.input<typeof ZModifierGroupInput>;

export const ZModifier = z.object({
  id: z.number().int(),
  name: z.string(),
  foreignName: z.string(),
  priceCents: z.number().int(),
  maxQuantity: z.number().int().nullable(),
  childGroupId: z.number().int().nullable(),
  sort: z.number().int(),
});
export type TModifier = z.infer<typeof ZModifier>;

export const ZModifierGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  foreignName: z.string(),
  priceCents: z.number().int(),
  required: z.boolean(),
  visible: z.boolean(),
  autoPopup: z.boolean(),
  minSelections: z.number().int(),
  maxSelections: z.number().int().nullable(),
  maxDifferent: z.number().int().nullable(),
  freeSelections: z.number().int(),
  printers: z.array(z.string()),
  modifiers: z.array(ZModifier),
  itemIds: z.array(z.number().int()),
  sort: z.number().int(),
  updatedAt: z.string(),
});
export type TModifierGroup = z.infer<typeof ZModifierGroup>;
export const ZModifierGroupListResponse = z.object({ groups: z.array(ZModifierGroup) });

/** The restaurant's printers (devices of type printer, not revoked), the choices for an item's printers. */
export const ZMenuPrintersResponse = z.object({ printers: z.array(z.string()) });
export type TMenuPrintersResponse = z.infer<typeof ZMenuPrintersResponse>;
export type TModifierGroupListResponse = z.infer<typeof ZModifierGroupListResponse>;

// --- items ------------------------------------------------------------------------------------

/** One choice inside an item option (SPEC 3 "options … items"). */
export const ZOptionChoice = z
  .object({
    name: requiredName('menu.selectOption'),
    priceCents: price('menu.inputPrice'),
    /** The choice rings up another menu item (its id, SPEC 5 "Please input linkedWithDBID"). */
    linked: z.boolean().default(false),
    linkedWithDBID: ZDbId.nullable().default(null),
  })
  .superRefine((choice, ctx) => {
    if (choice.linked && choice.linkedWithDBID === null)
      ctx.addIssue({ code: 'custom', path: ['linkedWithDBID'], message: en('menu.inputLinkedWithDBID') });
  });

/** SPEC 3 item options: index, name, items, required, visible-to-customer, step, goto, min and max chosen. */
export const ZItemOption = z
  .object({
    index: z.number().int().min(0).max(999),
    name: requiredName(),
    items: z.array(ZOptionChoice).min(1, en('menu.selectOption')).max(100),
    required: z.boolean().default(false),
    visibleToCustomer: z.boolean().default(true),
    /** The step of a guided order (1 = first question asked). */
    step: z.number().int().min(0).max(99).default(0),
    /** The option index to go to after this one; null: the next. */
    goto: z.number().int().min(0).max(999).nullable().default(null),
    minChosen: z.number().int().min(0).max(99).default(0),
    maxChosen: z.number().int().min(1).max(99).nullable().default(null),
  })
  .superRefine((o, ctx) => {
    if (o.maxChosen !== null && o.minChosen > o.maxChosen)
      ctx.addIssue({ code: 'custom', path: ['minChosen'], message: en('menu.minAboveMax') });
  });
export type TItemOption = z.infer<typeof ZItemOption>;

export const ZChannelSetting = z.object({
  visible: z.boolean(),
  /** This channel's own price; null: the item's price. */
  priceCents: optionalPrice,
});

/** Settings per channel in a request: at most one entry for each of the MENU_CHANNELS. */
const ZChannelSettings = z.partialRecord(ZMenuChannel, ZChannelSetting).meta({ maxProperties: MENU_CHANNELS.length });
export type TChannelSetting = z.infer<typeof ZChannelSetting>;
const defaultChannels = () =>
  Object.fromEntries(MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }])) as Record<
    TMenuChannel,
    TChannelSetting
  >;
export const ZItemChannels = z
  .object(
    Object.fromEntries(MENU_CHANNELS.map((c) => [c, ZChannelSetting.optional()])) as Record<
      TMenuChannel,
      z.ZodOptional<typeof ZChannelSetting>
    >,
  )
  .default({})
  .transform(
    (given) =>
      ({ ...defaultChannels(), ...Object.fromEntries(Object.entries(given).filter(([, v]) => v)) }) as Record<
        TMenuChannel,
        TChannelSetting
      >,
  );

export const ZGlobalPrice = z.object({ name: requiredName(), priceCents: price('menu.inputPrice') });

/** Every SPEC 3 "Menu item" field a form edits; POST creates, PUT replaces. */
export const ZItemInput = z
  .object({
    itemId: zText({ error: en('menu.enterItemId') })
      .trim()
      .min(1, en('menu.enterItemId'))
      .max(ITEM_CODE_MAX_LENGTH, en('menu.itemIdTooLong'))
      .regex(/^[A-Za-z0-9._-]+$/, en('menu.itemIdFormat')),
    name: requiredName(),
    foreignName: optionalName,
    printName: requiredName('menu.enterPrintName'),
    priceCents: price('menu.enterPrice'),
    categoryId: ZDbId.nullable().default(null),
    description: zText().max(DESCRIPTION_MAX_LENGTH, en('menu.descriptionTooLong')).default(''),
    subtitle: zText().max(SUBTITLE_MAX_LENGTH, en('menu.subtitleTooLong')).default(''),
    /** Image ids from the restaurant's image library (media module), in display order. */
    imageIds: uniqueIds(20).default([]),
    coverImageId: ZDbId.nullable().default(null),
    /** The HTML details page shown online (SPEC 3 "HTML details file"), as text. */
    detailsHtml: zText().max(50_000).default(''),
    options: z.array(ZItemOption).max(50).default([]),
    openPrice: z.boolean().default(false),
    unit: zText().trim().max(20).default(''),
    promoPriceCents: optionalPrice,
    /** null: the category's rate, else the restaurant's default rate. */
    taxRateMilliPercent: ZTaxRateMilliPercent.nullable().default(null),
    taxIncluded: z.boolean().default(false),
    /** Sent to the kitchen (printers / kitchen display) when rung up. */
    openKitchen: z.boolean().default(true),
    minOrderQty: z.number().int(en('menu.minOrderInvalid')).min(1, en('menu.minOrderInvalid')).max(999).default(1),
    /** Quantity restriction per order; null: no limit. */
    maxOrderQty: z.number().int().min(1).max(999).nullable().default(null),
    /** Left out of the kiosk and online menus, rather than shown greyed, when sold out or outside its hours. */
    hideWhenUnavailable: z.boolean().default(false),
    /** SPEC 5 dish hours, '' = always; see dish-hours.ts. */
    dishHours: ZDishHours.default(''),
    channels: ZItemChannels,
    printers: ZPrinters,
    modifierGroupIds: uniqueIds(50).default([]),
    barcodeType: z.enum(BARCODE_TYPES).default('none'),
    barcodeData: zText().trim().max(64).default(''),
    costCents: optionalPrice,
    /** Named price levels (e.g. "Happy hour", "Staff"). */
    globalPrices: z.array(ZGlobalPrice).max(20).default([]),
    areaItem: z.boolean().default(false),
    redeemable: z.boolean().default(false),
    rewardable: z.boolean().default(true),
  })
  .superRefine((item, ctx) => {
    if (item.coverImageId !== null && !item.imageIds.includes(item.coverImageId))
      ctx.addIssue({ code: 'custom', path: ['coverImageId'], message: en('menu.coverNotAmongImages') });
    if (item.maxOrderQty !== null && item.maxOrderQty < item.minOrderQty)
      ctx.addIssue({ code: 'custom', path: ['maxOrderQty'], message: en('menu.maxOrderBelowMin') });
    if (item.openKitchen && item.printers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['printers'], message: en('menu.inputPrinters') });
    if (item.barcodeType !== 'none' && item.barcodeData === '')
      ctx.addIssue({ code: 'custom', path: ['barcodeData'], message: en('menu.barcodeDataRequired') });
  });
export type TItemInput = z.input<typeof ZItemInput>;
export type TItemInputParsed = z.output<typeof ZItemInput>;

/** Sold out (86) state as stored; `soldOut` in answers is judged by the clock at read time. */
const soldOutFields = {
  /** Sold out now (an "until" in the past reads as back on sale). */
  soldOut: z.boolean(),
  /** When it comes back by itself; null: until turned back on. */
  soldOutUntil: z.string().nullable(),
};

export const ZItem = z.object({
  id: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  foreignName: z.string(),
  printName: z.string(),
  priceCents: z.number().int(),
  categoryId: z.number().int().nullable(),
  description: z.string(),
  subtitle: z.string(),
  imageIds: z.array(z.number().int()),
  coverImageId: z.number().int().nullable(),
  detailsHtml: z.string(),
  options: z.array(ZItemOption),
  openPrice: z.boolean(),
  unit: z.string(),
  promoPriceCents: z.number().int().nullable(),
  taxRateMilliPercent: z.number().int().nullable(),
  /** The rate that applies: the item's, else its category's, else the restaurant's. */
  effectiveTaxRateMilliPercent: z.number().int(),
  taxIncluded: z.boolean(),
  openKitchen: z.boolean(),
  minOrderQty: z.number().int(),
  maxOrderQty: z.number().int().nullable(),
  hideWhenUnavailable: z.boolean(),
  dishHours: z.string(),
  channels: z.record(ZMenuChannel, ZChannelSetting),
  printers: z.array(z.string()),
  modifierGroupIds: z.array(z.number().int()),
  barcodeType: z.enum(BARCODE_TYPES),
  barcodeData: z.string(),
  costCents: z.number().int().nullable(),
  globalPrices: z.array(z.object({ name: z.string(), priceCents: z.number().int() })),
  areaItem: z.boolean(),
  redeemable: z.boolean(),
  rewardable: z.boolean(),
  ...soldOutFields,
  sort: z.number().int(),
  /** Increases with every save; the newest entry of the version history. */
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TItem = z.infer<typeof ZItem>;

// --- library ----------------------------------------------------------------------------------

export const LIBRARY_SORTS = ['sort', 'name', '-name', 'price', '-price', 'itemId', '-itemId', '-updatedAt'] as const;
export type TLibrarySort = (typeof LIBRARY_SORTS)[number];
export const LIBRARY_PAGE_SIZES = [20, 50, 100, 200] as const;

const ZOptionalCentsQuery = z.coerce.number().int().min(0).max(MAX_PRICE_CENTS).optional();

/** GET /api/api/menu/items: the item library (issue 8 "Library, search, bulk edit"). */
export const ZLibraryQuery = z
  .object({
    /** Name, foreign name, item_id, or pinyin of the name, full (gongbaojiding) or initials (gbjd). */
    q: zText().trim().max(80).optional(),
    categoryId: z.coerce.number().int().positive().optional(),
    /** Items shown on this channel. */
    channel: ZMenuChannel.optional(),
    soldOut: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    minCents: ZOptionalCentsQuery,
    maxCents: ZOptionalCentsQuery,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(LIBRARY_SORTS).default('sort'),
  })
  .superRefine((q, ctx) => {
    if (q.minCents !== undefined && q.maxCents !== undefined && q.minCents > q.maxCents)
      ctx.addIssue({ code: 'custom', path: ['maxCents'], message: en('menu.minAboveMax') });
  });
export type TLibraryQuery = z.input<typeof ZLibraryQuery>;

export const ZLibraryRow = z.object({
  id: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  foreignName: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  priceCents: z.number().int(),
  effectiveTaxRateMilliPercent: z.number().int(),
  channels: z.record(ZMenuChannel, ZChannelSetting),
  dishHours: z.string(),
  coverImageId: z.number().int().nullable(),
  ...soldOutFields,
  updatedAt: z.string(),
});
export type TLibraryRow = z.infer<typeof ZLibraryRow>;

export const ZLibraryResponse = z.object({
  items: z.array(ZLibraryRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TLibraryResponse = z.infer<typeof ZLibraryResponse>;

// --- sold out (86) ----------------------------------------------------------------------------

/**
 * POST /api/api/menu/items/soldout. `until`: an ISO time, 'endOfDay' (the end of the restaurant's
 * business day, the default when marking sold out), or null (until turned back on).
 */
export const ZSoldOutRequest = z.object({
  ids: uniqueIds(BULK_EDIT_MAX_ITEMS).min(1, en('menu.selectItems')),
  soldOut: z.boolean(),
  until: z.union([z.literal('endOfDay'), ZInstant, z.null()]).default('endOfDay'),
});
export type TSoldOutRequest = z.input<typeof ZSoldOutRequest>;
export const ZSoldOutResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), ...soldOutFields })),
});
export type TSoldOutResponse = z.infer<typeof ZSoldOutResponse>;

/** POST /api/api/menu/items/reorder: the full new order of one category's items. */
export const ZItemReorderRequest = z.object({ categoryId: ZDbId.nullable(), ids: uniqueIds(10_000).min(1) });
export type TItemReorderRequest = z.infer<typeof ZItemReorderRequest>;

// --- bulk edit --------------------------------------------------------------------------------

export const PRICE_CHANGE_MODES = ['set', 'amount', 'percent'] as const;
export const ZBulkChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('price'),
    /** set: new price in cents; amount: ± cents; percent: ± basis points of the price (1000 = +10%). */
    mode: z.enum(PRICE_CHANGE_MODES),
    value: z
      .number({ error: en('menu.inputPrice') })
      .int()
      .min(-MAX_PRICE_CENTS)
      .max(MAX_PRICE_CENTS),
  }),
  z.object({ kind: z.literal('category'), categoryId: ZDbId.nullable() }),
  z.object({ kind: z.literal('taxRate'), taxRateMilliPercent: ZTaxRateMilliPercent.nullable() }),
  z.object({
    kind: z.literal('soldOut'),
    soldOut: z.boolean(),
    until: z.union([z.literal('endOfDay'), ZInstant, z.null()]).default('endOfDay'),
  }),
  z.object({ kind: z.literal('channel'), channel: ZMenuChannel, visible: z.boolean() }),
]);
export type TBulkChange = z.input<typeof ZBulkChange>;

/** POST /api/api/menu/items/bulk/preview and …/bulk/apply take the same body. */
export const ZBulkEditRequest = z.object({
  ids: uniqueIds(BULK_EDIT_MAX_ITEMS).min(1, en('menu.selectItems')).max(BULK_EDIT_MAX_ITEMS, en('menu.tooManyItems')),
  change: ZBulkChange,
});
export type TBulkEditRequest = z.input<typeof ZBulkEditRequest>;

export const ZBulkEditPreviewRow = z.object({
  id: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  /** The changed field's value before and after, as the API answers it (cents, bp, ids, booleans). */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  changed: z.boolean(),
  /** Why this row cannot take the change (e.g. a negative price); apply refuses while any row has one. */
  problem: z.string().nullable(),
});
export const ZBulkEditPreviewResponse = z.object({
  rows: z.array(ZBulkEditPreviewRow),
  changedCount: z.number().int(),
  problemCount: z.number().int(),
});
export type TBulkEditPreviewResponse = z.infer<typeof ZBulkEditPreviewResponse>;
export const ZBulkEditApplyResponse = z.object({ changedCount: z.number().int() });
export type TBulkEditApplyResponse = z.infer<typeof ZBulkEditApplyResponse>;

// --- versions ---------------------------------------------------------------------------------

export const VERSION_REASONS = ['create', 'update', 'restore', 'bulk', 'soldOut', 'scheduled', 'import'] as const;
export const ZFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const ZItemVersion = z.object({
  version: z.number().int(),
  at: z.string(),
  reason: z.enum(VERSION_REASONS),
  /** null for a scheduled change applied by the server. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(ZFieldChange),
});
export type TItemVersion = z.infer<typeof ZItemVersion>;
export const ZItemVersionsResponse = z.object({ versions: z.array(ZItemVersion) });
export type TItemVersionsResponse = z.infer<typeof ZItemVersionsResponse>;
export const ZRestoreVersionRequest = z.object({ version: z.number().int().min(1).max(MAX_INT4) });

// --- scheduled changes ------------------------------------------------------------------------

export const SCHEDULE_STATUSES = ['pending', 'applied', 'cancelled', 'failed'] as const;
export const ZScheduledChangeFields = z
  .object({
    priceCents: price('menu.inputPrice').optional(),
    soldOut: z.boolean().optional(),
    channels: ZChannelSettings.optional(),
  })
  .refine(
    (c) => c.priceCents !== undefined || c.soldOut !== undefined || c.channels !== undefined,
    en('menu.scheduleEmpty'),
  );

/** POST /api/api/menu/scheduled: a price or availability change that takes effect at `at`. */
export const ZScheduleRequest = z.object({
  ids: uniqueIds(BULK_EDIT_MAX_ITEMS).min(1, en('menu.selectItems')),
  at: ZInstant,
  change: ZScheduledChangeFields,
});
export type TScheduleRequest = z.input<typeof ZScheduleRequest>;

export const ZScheduledChange = z.object({
  id: z.number().int(),
  itemIds: z.array(z.number().int()),
  at: z.string(),
  change: z.object({
    priceCents: z.number().int().optional(),
    soldOut: z.boolean().optional(),
    channels: ZChannelSettings.optional(),
  }),
  status: z.enum(SCHEDULE_STATUSES),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  appliedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type TScheduledChange = z.infer<typeof ZScheduledChange>;
export const ZScheduledListQuery = z.object({
  itemId: z.coerce.number().int().positive().optional(),
  status: z.enum(SCHEDULE_STATUSES).optional(),
});
export const ZScheduledListResponse = z.object({ changes: z.array(ZScheduledChange) });
export type TScheduledListResponse = z.infer<typeof ZScheduledListResponse>;

// --- channel mapping --------------------------------------------------------------------------

export const ZPrefixRule = z.object({
  /** Items whose item_id starts with this show under `categoryId` on the channel. */
  prefix: zText({ error: en('menu.prefixRequired') })
    .trim()
    .min(1, en('menu.prefixRequired'))
    .max(ITEM_CODE_MAX_LENGTH),
  categoryId: ZDbId,
});
export type TPrefixRule = z.infer<typeof ZPrefixRule>;

export const ZMappingCategory = z.object({
  categoryId: ZDbId,
  visible: z.boolean().default(true),
  /** Items in display order; items of the category not listed follow in the menu's own order. */
  itemIds: uniqueIds(10_000).default([]),
});

export const ZMappingQuery = z.object({ channel: ZMenuChannel });
/** PUT /api/api/menu/mapping: the whole layout of one channel. */
export const ZMappingRequest = z.object({
  channel: ZMenuChannel,
  categories: z.array(ZMappingCategory).max(500),
  prefixRules: z.array(ZPrefixRule).max(200).default([]),
});
export type TMappingRequest = z.input<typeof ZMappingRequest>;

export const ZMappingResponse = z.object({
  channel: ZMenuChannel,
  /** Every category, in the channel's order (categories not yet placed follow in the menu's order). */
  categories: z.array(
    z.object({
      categoryId: z.number().int(),
      name: z.string(),
      foreignName: z.string(),
      visible: z.boolean(),
      items: z.array(
        z.object({
          id: z.number().int(),
          itemId: z.string(),
          name: z.string(),
          foreignName: z.string(),
          /** The item's own channel visibility (set on the item, or by bulk edit). */
          visible: z.boolean(),
          /** Placed here by a prefix rule rather than by its category. */
          byPrefix: z.boolean(),
        }),
      ),
    }),
  ),
  prefixRules: z.array(z.object({ prefix: z.string(), categoryId: z.number().int() })),
  updatedAt: z.string().nullable(),
});
export type TMappingResponse = z.infer<typeof ZMappingResponse>;

// --- published menu ---------------------------------------------------------------------------

export const ZPublishedQuery = z.object({ channel: ZMenuChannel });
export const ZPublishedItem = z.object({
  id: z.number().int(),
  itemId: z.string(),
  name: z.string(),
  foreignName: z.string(),
  printName: z.string(),
  /** The channel's price when it has one. */
  priceCents: z.number().int(),
  promoPriceCents: z.number().int().nullable(),
  subtitle: z.string(),
  description: z.string(),
  imageIds: z.array(z.number().int()),
  coverImageId: z.number().int().nullable(),
  unit: z.string(),
  openPrice: z.boolean(),
  /** The rate that applies (the item's, else its category's, else the restaurant's), thousandths of a percent. */
  taxRateMilliPercent: z.number().int(),
  /**
   * Deprecated: the same rate in basis points, for POS builds that read only this field; rounded to
   * the nearest basis point (8.875% -> 888), so such a build taxes 8.88% until it reads taxRateMilliPercent.
   */
  taxRateBp: z.number().int(),
  taxIncluded: z.boolean(),
  minOrderQty: z.number().int(),
  maxOrderQty: z.number().int().nullable(),
  options: z.array(ZItemOption),
  modifierGroupIds: z.array(z.number().int()),
  printers: z.array(z.string()),
  /** Sold out or outside its dish hours, but shown greyed (hideWhenUnavailable is off). */
  available: z.boolean(),
});
export type TPublishedItem = z.infer<typeof ZPublishedItem>;
export const ZPublishedMenu = z.object({
  channel: ZMenuChannel,
  /** Changes whenever what this channel shows changes; the ETag is derived from the content. */
  version: z.string(),
  categories: z.array(
    z.object({ id: z.number().int(), name: z.string(), foreignName: z.string(), items: z.array(ZPublishedItem) }),
  ),
  modifierGroups: z.array(ZModifierGroup.omit({ itemIds: true, sort: true, updatedAt: true })),
});
export type TPublishedMenu = z.infer<typeof ZPublishedMenu>;

// --- import / export --------------------------------------------------------------------------

/** POST /api/api/menu/import/preview and …/import/apply: the XLSX file, base64-encoded. */
export const ZImportRequest = z.object({ file: z.string().min(1).max(14_000_000, en('menu.importTooLarge')) });
export type TImportRequest = z.infer<typeof ZImportRequest>;

export const ZImportPreviewResponse = z.object({
  /** True when the whole file is valid; apply writes nothing otherwise. */
  valid: z.boolean(),
  adds: z.array(z.object({ sheet: z.string(), row: z.number().int(), key: z.string(), name: z.string() })),
  changes: z.array(
    z.object({
      sheet: z.string(),
      row: z.number().int(),
      key: z.string(),
      name: z.string(),
      fields: z.array(z.string()),
    }),
  ),
  removals: z.array(z.object({ sheet: z.string(), key: z.string(), name: z.string() })),
  /** Each bad row with its message ("Sheet Items, row 7: Please enter the price"). */
  errors: z.array(z.object({ sheet: z.string(), row: z.number().int(), message: z.string() })),
});
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;
export const ZImportApplyResponse = ZImportPreviewResponse.extend({ applied: z.literal(true) });
export type TImportApplyResponse = z.infer<typeof ZImportApplyResponse>;
