import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';

/**
 * Loyalty rewards (issue 24 "Loyalty rewards"): a catalogue per restaurant and a points ledger per
 * customer. Points are earned from orders by the customer list's rule (customers.points, derived and
 * rebuilt from the orders); the ledger holds what moves them otherwise (redemptions, adjustments) and
 * is append-only (a trigger in the migration refuses UPDATE). A customer's balance is customers.points
 * plus the ledger's sum, checked under the customer row's lock (docs/decisions.md "Loyalty points").
 * The ledger is keyed by phone, the customer's identity in the list, which survives a rebuild.
 */
const instant = () => timestamp({ withTimezone: true });

export const rewards = pgTable(
  'rewards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    nameEn: text().notNull(),
    nameZh: text().notNull().default(''),
    pointsCost: integer().notNull(),
    kind: text().notNull(),
    /** kind 'coupon': one of the restaurant's coupons (its type is the coupon's). */
    couponId: integer(),
    /** kind 'item': a menu item given at no charge. */
    menuItemId: integer(),
    archivedAt: instant(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    index('rewards_restaurant_idx').on(t.restaurantId, t.id),
    check('rewards_kind_check', sql`${t.kind} in ('coupon', 'item')`),
    check('rewards_points_positive', sql`${t.pointsCost} > 0`),
    check(
      'rewards_gives_one_thing',
      sql`(${t.kind} = 'coupon' and ${t.couponId} is not null) or (${t.kind} = 'item' and ${t.menuItemId} is not null)`,
    ),
  ],
);

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    type: text().notNull(),
    /** Signed: a redemption is negative. */
    points: integer().notNull(),
    /** The customer's balance right after this row (earned then + the ledger up to here). */
    balanceAfter: integer().notNull(),
    rewardId: integer().references(() => rewards.id, { onDelete: 'set null' }),
    /** The reward's names when redeemed (a later rename does not change history). */
    rewardNameEn: text().notNull().default(''),
    rewardNameZh: text().notNull().default(''),
    rewardKind: text(),
    /** Money given away by this redemption (item price or the coupon's fixed amount off). */
    valueCents: bigint({ mode: 'number' }).notNull().default(0),
    /** A redemption's key from the POS: the same key again answers this row. */
    idempotencyKey: text(),
    /** A coupon reward's own single-use code for this redemption (also a coupon_codes row). */
    couponCode: text(),
    reason: text().notNull().default(''),
    actorUserId: integer(),
    actorName: text().notNull().default(''),
    createdAt: instant().notNull(),
  },
  (t) => [
    index('points_ledger_phone_idx').on(t.restaurantId, t.phone, t.id),
    index('points_ledger_time_idx').on(t.restaurantId, t.createdAt),
    uniqueIndex('points_ledger_key_unique')
      .on(t.restaurantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('points_ledger_type_check', sql`${t.type} in ('redeem', 'adjust')`),
    check('points_ledger_points_not_zero', sql`${t.points} <> 0`),
  ],
);
