import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TChannelSetting, TItemOption, TMenuChannel, TScheduledChange } from '@ra/shared/menu/menu.schemas';
import { restaurants } from './restaurants.ts';
import { users } from './users.ts';

/**
 * The menu (issue 8; SPEC 3 "Menu item", "Menu group", "category", "modifier group"). Every table is
 * keyed and indexed by restaurant_id (ARCHITECTURE.md "Database"). Money in cents, tax rates in basis
 * points. Image ids point into the media module's image library (migration 0006) without a foreign key,
 * so the two domains can change independently; the service checks them on save.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const restaurantId = () =>
  integer()
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' });

/** One row per restaurant: bumped by every menu write, so the published menu knows when to rebuild. */
export const menuState = pgTable('menu_state', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  revision: integer().notNull().default(0),
  updatedAt: updatedAt(),
});

export const menuCategories = pgTable(
  'menu_categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    name: text().notNull(),
    foreignName: text().notNull().default(''),
    /** null: the restaurant's default rate. */
    taxRateMilliPercent: integer(),
    salesReportCategory: text().notNull().default(''),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('menu_categories_restaurant_name_idx').on(t.restaurantId, t.name),
    index('menu_categories_restaurant_sort_idx').on(t.restaurantId, t.sort),
  ],
);

export const menuGroups = pgTable(
  'menu_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    name: text().notNull(),
    foreignName: text().notNull().default(''),
    /** The categories it holds, in order (a category may sit in several groups: lunch and dinner). */
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('menu_groups_restaurant_sort_idx').on(t.restaurantId, t.sort)],
);

export const menuModifierGroups = pgTable(
  'menu_modifier_groups',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    name: text().notNull(),
    foreignName: text().notNull().default(''),
    priceCents: integer().notNull().default(0),
    required: boolean().notNull().default(false),
    visible: boolean().notNull().default(true),
    autoPopup: boolean().notNull().default(false),
    minSelections: integer().notNull().default(0),
    maxSelections: integer(),
    maxDifferent: integer(),
    freeSelections: integer().notNull().default(0),
    printers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('menu_modifier_groups_restaurant_name_idx').on(t.restaurantId, t.name),
    index('menu_modifier_groups_restaurant_sort_idx').on(t.restaurantId, t.sort),
  ],
);

export const menuModifiers = pgTable(
  'menu_modifiers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    groupId: integer()
      .notNull()
      .references(() => menuModifierGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    foreignName: text().notNull().default(''),
    priceCents: integer().notNull().default(0),
    maxQuantity: integer(),
    /** Choosing this modifier opens that group (at most 3 levels, no loops: checked on save). */
    childGroupId: integer().references(() => menuModifierGroups.id, { onDelete: 'set null' }),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('menu_modifiers_group_idx').on(t.groupId, t.sort),
    index('menu_modifiers_child_idx').on(t.childGroupId),
    index('menu_modifiers_restaurant_idx').on(t.restaurantId),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    /** SPEC 3 item_id: the restaurant's own code, unique there. */
    itemCode: text().notNull(),
    name: text().notNull(),
    foreignName: text().notNull().default(''),
    printName: text().notNull(),
    priceCents: integer().notNull(),
    categoryId: integer().references(() => menuCategories.id, { onDelete: 'set null' }),
    description: text().notNull().default(''),
    subtitle: text().notNull().default(''),
    imageIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    coverImageId: integer(),
    detailsHtml: text().notNull().default(''),
    options: jsonb().$type<TItemOption[]>().notNull().default([]),
    openPrice: boolean().notNull().default(false),
    unit: text().notNull().default(''),
    promoPriceCents: integer(),
    taxRateMilliPercent: integer(),
    taxIncluded: boolean().notNull().default(false),
    openKitchen: boolean().notNull().default(true),
    minOrderQty: integer().notNull().default(1),
    maxOrderQty: integer(),
    hideWhenUnavailable: boolean().notNull().default(false),
    dishHours: text().notNull().default(''),
    channels: jsonb().$type<Record<TMenuChannel, TChannelSetting>>().notNull(),
    printers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    barcodeType: text().notNull().default('none'),
    barcodeData: text().notNull().default(''),
    costCents: integer(),
    globalPrices: jsonb().$type<Array<{ name: string; priceCents: number }>>().notNull().default([]),
    areaItem: boolean().notNull().default(false),
    redeemable: boolean().notNull().default(false),
    rewardable: boolean().notNull().default(true),
    /** 86: sold out until `soldOutUntil` (null: until turned back on); judged by the clock at read time. */
    soldOut: boolean().notNull().default(false),
    soldOutUntil: timestamp({ withTimezone: true }),
    sort: integer().notNull().default(0),
    version: integer().notNull().default(1),
    /** Pinyin of the name, lower case without tones or spaces ("gongbaojiding"), computed on save. */
    pinyinFull: text().notNull().default(''),
    /** Initials of the pinyin ("gbjd"). */
    pinyinInitials: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('menu_items_restaurant_code_idx').on(t.restaurantId, t.itemCode),
    index('menu_items_restaurant_category_sort_idx').on(t.restaurantId, t.categoryId, t.sort),
    index('menu_items_restaurant_price_idx').on(t.restaurantId, t.priceCents),
    index('menu_items_restaurant_initials_idx').on(t.restaurantId, t.pinyinInitials.op('text_pattern_ops')),
    index('menu_items_restaurant_pinyin_idx').on(t.restaurantId, t.pinyinFull.op('text_pattern_ops')),
    check('menu_items_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** Which modifier groups an item offers, in order ("items applied" on the group is the same link). */
export const menuItemModifierGroups = pgTable(
  'menu_item_modifier_groups',
  {
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    groupId: integer()
      .notNull()
      .references(() => menuModifierGroups.id, { onDelete: 'cascade' }),
    restaurantId: restaurantId(),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.groupId] }), index('menu_item_modifier_groups_group_idx').on(t.groupId)],
);

/** Every save of an item (issue 8 "Versions"): the whole item as saved, and what changed. */
export const menuItemVersions = pgTable(
  'menu_item_versions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    itemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    reason: text().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull(),
    snapshot: jsonb().$type<Record<string, unknown>>().notNull(),
    changes: jsonb().$type<Array<{ field: string; before: unknown; after: unknown }>>().notNull(),
  },
  (t) => [uniqueIndex('menu_item_versions_item_version_idx').on(t.itemId, t.version)],
);

/** One channel's layout: categories in order with their items' order, and item-code prefix rules. */
export const menuChannelMappings = pgTable(
  'menu_channel_mappings',
  {
    restaurantId: restaurantId(),
    channel: text().$type<TMenuChannel>().notNull(),
    categories: jsonb().$type<Array<{ categoryId: number; visible: boolean; itemIds: number[] }>>().notNull(),
    prefixRules: jsonb().$type<Array<{ prefix: string; categoryId: number }>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.channel] })],
);

/** Price or availability changes that take effect later, applied by the `menu.scheduled-change` job. */
export const menuScheduledChanges = pgTable(
  'menu_scheduled_changes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantId(),
    itemIds: integer().array().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    change: jsonb().$type<TScheduledChange['change']>().notNull(),
    status: text().$type<TScheduledChange['status']>().notNull().default('pending'),
    jobId: text(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    appliedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index('menu_scheduled_changes_restaurant_idx').on(t.restaurantId, t.status, t.at)],
);
