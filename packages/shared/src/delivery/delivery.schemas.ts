import { z } from 'zod';
import { ZInstant } from '../validation/dates.ts';
import { zText } from '../validation/text.ts';
import { DELIVERY_MESSAGES, type TDeliveryMessageKey } from './delivery.messages.ts';
import { WEBHOOK_REFUSALS } from './platform-hours.ts';

/**
 * Third-party delivery platforms (SPEC 1 "Third-party delivery platform integration", 2 /thirdParty/index):
 * the connection each restaurant holds with each platform, its markup, hours and menu mapping, the
 * menu rules each platform enforces, and the order a platform's webhook delivers.
 */

const en = (key: TDeliveryMessageKey) => DELIVERY_MESSAGES[key].en;

export const DELIVERY_PLATFORMS = ['doordash', 'ubereats', 'grubhub'] as const;
export type TDeliveryPlatform = (typeof DELIVERY_PLATFORMS)[number];

/**
 * What each platform refuses in a menu, after their published menu guidelines: a name or description
 * over its length, a modifier group without a maximum (our -1, "any number"), a photo below their
 * minimum size. A product name is stored on orders as `label`.
 */
export const PLATFORM_RULES: Record<
  TDeliveryPlatform,
  {
    label: string;
    itemNameMax: number;
    descriptionMax: number;
    modifierNameMax: number;
    /** Smallest photo the platform accepts; items without a photo are accepted. */
    imageMin: { width: number; height: number };
  }
> = {
  doordash: {
    label: 'DoorDash',
    itemNameMax: 60,
    descriptionMax: 250,
    modifierNameMax: 60,
    imageMin: { width: 1400, height: 800 },
  },
  ubereats: {
    label: 'Uber Eats',
    itemNameMax: 40,
    descriptionMax: 500,
    modifierNameMax: 40,
    imageMin: { width: 320, height: 320 },
  },
  grubhub: {
    label: 'Grubhub',
    itemNameMax: 80,
    descriptionMax: 500,
    modifierNameMax: 80,
    imageMin: { width: 600, height: 400 },
  },
};

export const CONNECTOR_MODES = ['simulator', 'live'] as const;
export type TConnectorMode = (typeof CONNECTOR_MODES)[number];

export const CONNECTION_STATUSES = ['disconnected', 'connected', 'paused'] as const;
export type TConnectionStatus = (typeof CONNECTION_STATUSES)[number];

// --- markup ----------------------------------------------------------------------------------

/** Percent in basis points (1250 = 12.5%) or a fixed amount in cents added to each item's price. */
export const ZMarkup = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    basisPoints: z
      .number({ error: en('delivery.markupPercentRange') })
      .int(en('delivery.markupPercentRange'))
      .min(0, en('delivery.markupPercentRange'))
      .max(5_000, en('delivery.markupPercentRange')),
  }),
  z.object({
    kind: z.literal('fixed'),
    cents: z
      .number({ error: en('delivery.markupFixedRange') })
      .int(en('delivery.markupFixedRange'))
      .min(0, en('delivery.markupFixedRange'))
      .max(2_000, en('delivery.markupFixedRange')),
  }),
]);
export type TMarkup = z.infer<typeof ZMarkup>;

/** The platform's price of an item: rounded half up to the cent, as the platforms show prices. */
export function markedUpCents(priceCents: number, markup: TMarkup): number {
  if (markup.kind === 'fixed') return priceCents + markup.cents;
  return priceCents + Math.floor((priceCents * markup.basisPoints + 5_000) / 10_000);
}

// --- hours -----------------------------------------------------------------------------------

const ZTime = zText()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, en('delivery.timeFormat'))
  .max(5, en('delivery.timeFormat'));

/** A close earlier than the open runs past midnight (a late-night kitchen). */
export const ZHoursRange = z
  .object({ open: ZTime, close: ZTime })
  .refine((r) => r.open !== r.close, { message: en('delivery.rangeEmpty'), path: ['close'] });

export const ZPlatformHours = z.object({
  /** Take orders whenever the restaurant is open (its business hours). */
  sameAsRestaurant: z.boolean(),
  /** Index 0 is Sunday; an empty day takes no orders. */
  weekly: z.array(z.array(ZHoursRange).max(4)).length(7),
});
export type TPlatformHours = z.infer<typeof ZPlatformHours>;

export const DEFAULT_PLATFORM_HOURS: TPlatformHours = {
  sameAsRestaurant: true,
  weekly: Array.from({ length: 7 }, () => [{ open: '11:00', close: '21:00' }]),
};

// --- menu mapping and publishing ---------------------------------------------------------------

/** Which parts of the menu the platform gets: everything except these categories and items. */
export const ZMenuMapping = z.object({
  excludedCategories: z.array(zText().max(120)).max(500),
  excludedItems: z.array(zText().max(120)).max(5_000),
});
export type TMenuMapping = z.infer<typeof ZMenuMapping>;

/** The menu as the restaurant publishes it, in the shape a platform takes. */
export interface TPublishableMenu {
  categories: Array<{
    id: string;
    name: string;
    items: Array<{
      id: string;
      name: string;
      description: string;
      priceCents: number;
      image: { width: number; height: number } | null;
      modifierGroups: Array<{
        name: string;
        min: number;
        /** -1: any number */ max: number;
        options: Array<{ name: string; priceCents: number }>;
      }>;
    }>;
  }>;
}

export const MENU_PROBLEMS = [
  'nameTooLong',
  'descriptionTooLong',
  'modifierUnlimited',
  'modifierNameTooLong',
  'imageTooSmall',
] as const;
export type TMenuProblemKind = (typeof MENU_PROBLEMS)[number];

export const ZMenuProblem = z.object({
  itemId: z.string(),
  itemName: z.string(),
  category: z.string(),
  problem: z.enum(MENU_PROBLEMS),
  /** The limit broken (characters or pixels) and what the item has. */
  limit: z.string(),
  actual: z.string(),
  /** The modifier group concerned, for the modifier rules. */
  group: z.string().nullable(),
});
export type TMenuProblem = z.infer<typeof ZMenuProblem>;

/** The part of `menu` a platform gets through `mapping`. */
export function mappedMenu(menu: TPublishableMenu, mapping: TMenuMapping): TPublishableMenu {
  const categories = new Set(mapping.excludedCategories);
  const items = new Set(mapping.excludedItems);
  return {
    categories: menu.categories
      .filter((c) => !categories.has(c.id))
      .map((c) => ({ ...c, items: c.items.filter((i) => !items.has(i.id)) }))
      .filter((c) => c.items.length > 0),
  };
}

/** Every item `platform` would refuse and why, in menu order. */
export function menuProblems(menu: TPublishableMenu, platform: TDeliveryPlatform): TMenuProblem[] {
  const rules = PLATFORM_RULES[platform];
  const problems: TMenuProblem[] = [];
  for (const category of menu.categories) {
    for (const item of category.items) {
      const add = (
        problem: TMenuProblemKind,
        limit: string | number,
        actual: string | number,
        group: string | null = null,
      ) =>
        problems.push({
          itemId: item.id,
          itemName: item.name,
          category: category.name,
          problem,
          limit: String(limit),
          actual: String(actual),
          group,
        });
      const nameLength = [...item.name].length;
      if (nameLength > rules.itemNameMax) add('nameTooLong', rules.itemNameMax, nameLength);
      const descriptionLength = [...item.description].length;
      if (descriptionLength > rules.descriptionMax) add('descriptionTooLong', rules.descriptionMax, descriptionLength);
      for (const group of item.modifierGroups) {
        if (group.max === -1) add('modifierUnlimited', 'max ≥ 1', -1, group.name);
        const groupLength = [...group.name].length;
        if (groupLength > rules.modifierNameMax)
          add('modifierNameTooLong', rules.modifierNameMax, groupLength, group.name);
      }
      if (item.image && (item.image.width < rules.imageMin.width || item.image.height < rules.imageMin.height)) {
        add(
          'imageTooSmall',
          `${rules.imageMin.width}×${rules.imageMin.height}`,
          `${item.image.width}×${item.image.height}`,
        );
      }
    }
  }
  return problems;
}

// --- connections -----------------------------------------------------------------------------

export const ZPublishResult = z.object({
  at: z.string(),
  ok: z.boolean(),
  itemCount: z.number().int(),
  problems: z.array(ZMenuProblem),
});
export type TPublishResult = z.infer<typeof ZPublishResult>;

export const ZPlatformConnection = z.object({
  platform: z.enum(DELIVERY_PLATFORMS),
  label: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  storeId: z.string().nullable(),
  connectedAt: z.string().nullable(),
  /** While paused: when orders resume by themselves (null: until resumed by hand). */
  pausedUntil: z.string().nullable(),
  markup: ZMarkup,
  hours: ZPlatformHours,
  mapping: ZMenuMapping,
  lastPublish: ZPublishResult.nullable(),
  /** Orders the platform sent in the current business day. */
  ordersToday: z.number().int(),
  /** Orders the platform sent that were refused (paused or closed) in the last REFUSED_WINDOW_DAYS business days. */
  refusedRecently: z.number().int(),
  /**
   * The connector serving this restaurant's store: 'live' only when the store was connected through the
   * platform's marketplace API; 'simulator' for a store the local stand-in issued (even once the
   * deployment has the platform's credentials); null while not connected.
   */
  mode: z.enum(CONNECTOR_MODES).nullable(),
  /** The connector a new connection goes through: 'live' when the deployment has the platform's credentials. */
  connectMode: z.enum(CONNECTOR_MODES),
  /** The last four characters of the connection's webhook signing secret (the rest never leaves the server). */
  secretLast4: z.string().nullable(),
});
export type TPlatformConnection = z.infer<typeof ZPlatformConnection>;

export const ZPlatformList = z.object({ platforms: z.array(ZPlatformConnection), serverTime: z.string() });
export type TPlatformList = z.infer<typeof ZPlatformList>;

export const ZPlatformParam = z.object({ platform: z.enum(DELIVERY_PLATFORMS) });

/** The platform's id of the restaurant's store, as its dashboard shows it (letters, digits, - _ . :). */
export const ZStoreId = zText()
  .min(1, en('delivery.storeIdFormat'))
  .max(80, en('delivery.storeIdFormat'))
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, en('delivery.storeIdFormat'));

/** Connect: the store id is required when the platform is live, optional with the simulator (it issues one). */
export const ZConnectRequest = z.object({ storeId: ZStoreId.optional() });
export type TConnectRequest = z.infer<typeof ZConnectRequest>;

/** "Test connection": the platform was asked about the store with the deployment's credentials. */
export const ZConnectionCheck = z.object({
  ok: z.boolean(),
  mode: z.enum(CONNECTOR_MODES),
  checkedAt: z.string(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  /** Why not, in the server's words (a message key's English text), when not ok. */
  message: z.string().nullable(),
});
export type TConnectionCheck = z.infer<typeof ZConnectionCheck>;

/**
 * Refused platform orders are counted and listed over this many business days, today included (a
 * restaurant without a time zone yet: this many 24-hour days back from now).
 */
export const REFUSED_WINDOW_DAYS = 7;
/** The refused orders list shows at most this many, newest first; `total` counts them all. */
export const REFUSED_LIST_LIMIT = 200;

export const ZRefusedOrder = z.object({
  platformOrderId: z.string(),
  receivedAt: z.string(),
  reason: z.enum(WEBHOOK_REFUSALS),
});
export type TRefusedOrder = z.infer<typeof ZRefusedOrder>;

/** A platform's refused orders in the window: which orders, when they arrived, and why. */
export const ZRefusedOrders = z.object({
  platform: z.enum(DELIVERY_PLATFORMS),
  /** Start of the window (the first of its business days). */
  since: z.string(),
  total: z.number().int(),
  orders: z.array(ZRefusedOrder),
});
export type TRefusedOrders = z.infer<typeof ZRefusedOrders>;

export const ZPauseRequest = z.object({
  /** Absent: paused until resumed by hand. */
  until: ZInstant.optional(),
});
export type TPauseRequest = z.infer<typeof ZPauseRequest>;

export const ZUpdatePlatformRequest = z.object({
  markup: ZMarkup.optional(),
  hours: ZPlatformHours.optional(),
  mapping: ZMenuMapping.optional(),
});
export type TUpdatePlatformRequest = z.infer<typeof ZUpdatePlatformRequest>;

export const ZMenuPreview = z.object({
  itemCount: z.number().int(),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      items: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          priceCents: z.number().int(),
          platformPriceCents: z.number().int(),
        }),
      ),
    }),
  ),
  problems: z.array(ZMenuProblem),
});
export type TMenuPreview = z.infer<typeof ZMenuPreview>;

// --- the webhook ------------------------------------------------------------------------------

/**
 * The order a platform posts to /api/api/delivery/webhook/:platform, signed in the
 * `x-delivery-signature` header as `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` with the
 * connection's secret (the scheme Stripe and most platforms use).
 */
export const ZWebhookOrder = z.object({
  storeId: zText().min(1).max(80),
  /** The platform's id; a redelivery with the same id is answered and not stored twice. */
  orderId: zText().min(1).max(64),
  placedAt: ZInstant,
  customerName: zText().max(80).optional(),
  items: z
    .array(
      z.object({
        id: zText().min(1).max(64),
        name: zText().min(1).max(120),
        category: zText().min(1).max(80).optional(),
        quantity: z.number().int().min(1).max(999),
        unitPriceCents: z.number().int().min(0).max(10_000_000),
        options: z
          .array(
            z.object({
              group: zText().min(1).max(120),
              name: zText().min(1).max(120),
              priceCents: z.number().int().min(-1_000_000).max(1_000_000),
            }),
          )
          .max(50)
          .default([]),
      }),
    )
    .min(1)
    .max(500),
  taxCents: z.number().int().min(0).max(100_000_000),
  tipCents: z.number().int().min(0).max(100_000_000).default(0),
  totalCents: z.number().int().min(0).max(100_000_000),
});
export type TWebhookOrder = z.infer<typeof ZWebhookOrder>;

export const WEBHOOK_SIGNATURE_HEADER = 'x-delivery-signature';
/** A signature older or newer than this is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const ZWebhookAnswer = z.union([
  z.object({ result: z.enum(['created', 'duplicate']), orderId: z.number().int() }),
  /** The store declines the order: paused on the platform, or outside the platform's hours. */
  z.object({ result: z.literal('rejected'), reason: z.enum(['paused', 'closed']), message: z.string() }),
]);

export const ZTestOrderRequest = z.object({
  /** Sends the order with a wrong signature, as a forged call would arrive. */
  badSignature: z.boolean().default(false),
});

export const ZTestOrderAnswer = z.object({
  platformOrderId: z.string(),
  status: z.number().int(),
  /** 'created', or why the order was not taken (the server's message). */
  result: z.string(),
  /** The webhook answered that the store declines the order (paused or closed then). */
  refused: z.boolean(),
});
