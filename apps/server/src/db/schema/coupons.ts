import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';

/**
 * Coupons, their codes, premium code batches and redemptions (SPEC 3 "Coupon"; issue 10). Every table
 * is keyed by restaurant_id and every index leads with it (ARCHITECTURE "Database"). Money in cents.
 */
const instant = () => timestamp({ withTimezone: true });
const restaurantRef = () =>
  integer()
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' });

export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantRef(),
    name: text().notNull(),
    type: text().notNull(),
    /** The coupon's own code (upper case); also a row of coupon_codes, which keeps codes unique. */
    code: text().notNull(),
    overAmount: bigint({ mode: 'number' }).notNull().default(0),
    minusAmount: bigint({ mode: 'number' }).notNull().default(0),
    discount: integer().notNull().default(0),
    totalNum: integer(),
    itemIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    toppingIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    channels: text().array().notNull(),
    days: integer().array().notNull(),
    hours: text().notNull().default(''),
    perCustomerLimit: integer(),
    stackable: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    /** Reserved plus consumed uses; changed only by a conditional update under the row lock. */
    usedCount: integer().notNull().default(0),
    deletedAt: instant(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    index('coupons_restaurant_idx').on(t.restaurantId, t.id),
    check('coupons_used_within_limit', sql`${t.totalNum} is null or ${t.usedCount} <= ${t.totalNum}`),
    check('coupons_used_not_negative', sql`${t.usedCount} >= 0`),
  ],
);

/** Every redeemable code of a restaurant: one unique index keeps them apart (no quadratic check). */
export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantRef(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** Null for the coupon's own code; premium codes belong to the batch that made them. */
    batchId: integer(),
    code: text().notNull(),
    /** Premium codes are good once; a coupon's own code up to the coupon's limit. */
    singleUse: boolean().notNull().default(false),
    usedCount: integer().notNull().default(0),
    /** A single-use code issued to one loyalty redemption (points_ledger row), not the coupon's own code. */
    pointsEntryId: bigint({ mode: 'number' }),
  },
  (t) => [
    uniqueIndex('coupon_codes_restaurant_code_unique').on(t.restaurantId, t.code),
    index('coupon_codes_batch_idx').on(t.restaurantId, t.batchId),
    check('coupon_codes_single_use', sql`not ${t.singleUse} or ${t.usedCount} <= 1`),
  ],
);

/** A premium code generation run (SPEC 6 admin only), with its progress; worked on the job queue. */
export const couponCodeBatches = pgTable(
  'coupon_code_batches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantRef(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    requested: integer().notNull(),
    generated: integer().notNull().default(0),
    length: integer().notNull(),
    prefix: text().notNull().default(''),
    status: text().notNull(),
    createdBy: integer(),
    createdAt: instant().notNull(),
    finishedAt: instant(),
  },
  (t) => [index('coupon_code_batches_restaurant_idx').on(t.restaurantId, t.id)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: restaurantRef(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    codeId: bigint({ mode: 'number' }).notNull(),
    code: text().notNull(),
    orderRef: text().notNull(),
    customerId: text(),
    channel: text().notNull(),
    status: text().notNull(),
    discountCents: bigint({ mode: 'number' }).notNull(),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    lines: jsonb().$type<{ lineId: string; discountCents: number }[]>().notNull(),
    createdAt: instant().notNull(),
    releasedAt: instant(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.restaurantId, t.couponId, t.createdAt),
    index('coupon_redemptions_code_idx').on(t.restaurantId, t.codeId),
    // Held uses, oldest first: the reservation expiry job reads only these (migration 0017).
    index('coupon_redemptions_reserved_idx')
      .on(t.restaurantId, t.createdAt)
      .where(sql`${t.status} = 'reserved'`),
    // One live use of a code per order: a POS that retries gets the first answer, not a second use.
    uniqueIndex('coupon_redemptions_live_unique')
      .on(t.restaurantId, t.codeId, t.orderRef)
      .where(sql`${t.status} <> 'released'`),
  ],
);

/** The stacking policy (issue 10 "A stacking policy per restaurant"); absent means one coupon, best wins. */
export const couponSettings = pgTable('coupon_settings', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  combine: boolean().notNull().default(false),
  pick: text().notNull().default('best'),
  updatedAt: instant().notNull(),
});
