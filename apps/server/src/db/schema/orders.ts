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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import { restaurants } from './restaurants.ts';

/**
 * Orders as the POS pushes them (SPEC 1 "Sales reports", SPEC 2 "/transactions"; shapes in
 * packages/shared/src/orders). Every table carries restaurant_id and every index leads with it, so a
 * query never leaves its tenant and the tables can be sharded by restaurant (ARCHITECTURE "Database").
 *
 * `business_day` is stored on every row that a report groups by (orders, payments, refunds, payouts,
 * and the comped/voided lines), computed at ingestion from the restaurant's time zone and
 * hourOffsetEndOfDay (docs/decisions.md "Business day"), so a date-range filter is an index range scan.
 * Money is integer cents in bigint.
 */

const cents = () => bigint({ mode: 'number' });
const instant = () => timestamp({ withTimezone: true });

export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'number' }).generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    posOrderId: text().notNull(),
    orderNumber: text(),
    channel: text().notNull(),
    deliveryPlatform: text(),
    tableName: text(),
    partySize: integer().notNull(),
    serverId: text(),
    serverName: text(),
    status: text().notNull(),
    openedAt: instant().notNull(),
    closedAt: instant(),
    /** Business day of openedAt: the day the guest was served (shared orders.schemas "openedAt"). */
    businessDay: date({ mode: 'string' }).notNull(),
    /** Local wall-clock hour of openedAt (0-23), for the hourly trend and the busiest-hours heat map. */
    openedHour: integer().notNull(),
    voidedBy: text(),
    voidedReason: text(),
    voidedAt: instant(),
    // The order's figures by the shared definitions (orders/order-totals.ts), kept so reports and
    // rollups never recompute them.
    grossSalesCents: cents().notNull(),
    itemDiscountCents: cents().notNull(),
    orderDiscountCents: cents().notNull(),
    compCents: cents().notNull(),
    voidCents: cents().notNull(),
    netSalesCents: cents().notNull(),
    taxCents: cents().notNull(),
    serviceChargeCents: cents().notNull(),
    tipCents: cents().notNull(),
    totalCents: cents().notNull(),
    paidCents: cents().notNull(),
    refundedCents: cents().notNull(),
    compQuantity: integer().notNull(),
    voidQuantity: integer().notNull(),
    /** False when the POS sent only `taxCents`: the taxes report then shows an unnamed tax line. */
    hasTaxLines: boolean().notNull(),
    /** sha256 of the validated request: the same push again is answered 'unchanged' without writing. */
    payloadHash: text().notNull(),
    /** The validated request as received, for the order detail and for audits of what the POS sent. */
    payload: jsonb().$type<TIngestOrderRequest>().notNull(),
    /**
     * First received after its business day had ended (a POS that was offline catching up), by the
     * server's clock; kept through later replacements.
     */
    receivedLate: boolean().notNull().default(false),
    /** 1 for the first push; each replacement adds one and keeps the previous in order_versions. */
    version: integer().notNull().default(1),
    /** When the first push arrived; a replacement keeps it. */
    createdAt: instant().notNull().defaultNow(),
    /** When the stored version arrived. */
    updatedAt: instant().notNull().defaultNow(),
    /**
     * The paired device that pushed the stored version with its own credential (issue 9); null for a
     * push under a staff session or from a delivery platform. No foreign key: devices are never
     * deleted, only revoked, and the order must not depend on the device's row (migration 0009).
     */
    deviceId: integer(),
    /** The guest's phone in E.164 when the POS sent one (issue 12, migration 0013): the customer key. */
    customerPhone: text(),
    customerName: text(),
    customerLanguage: text(),
  },
  (t) => [
    // Partitioned by month of business_day (migration 0033), so the key includes it; the id and the
    // POS key are unique across the months through order_keys.
    primaryKey({ columns: [t.id, t.businessDay] }),
    index('orders_restaurant_pos_order_idx').on(t.restaurantId, t.posOrderId),
    index('orders_restaurant_day_idx').on(t.restaurantId, t.businessDay),
    index('orders_restaurant_opened_idx').on(t.restaurantId, t.openedAt),
    index('orders_restaurant_customer_idx').on(t.restaurantId, t.customerPhone),
    check('orders_channel_check', sql`${t.channel} in ('dineIn', 'toGo', 'kiosk', 'delivery')`),
    check('orders_status_check', sql`${t.status} in ('open', 'closed', 'voided')`),
    check('orders_party_size_check', sql`${t.partySize} >= 0`),
  ],
);

/**
 * One row per order, unpartitioned (migration 0033, docs/decisions.md "Orders by month"): `orders` is
 * partitioned by month of business_day, and a unique index or a foreign key on a partitioned table
 * must include that column. So the POS idempotency key (restaurant, posOrderId) is unique here,
 * across every month, and the order's children reference `order_keys.id` with ON DELETE CASCADE.
 * Triggers on `orders` insert, update and delete these rows within the same statement (nothing
 * writes them directly); deleting an order deletes its key row and with it the children.
 */
export const orderKeys = pgTable(
  'order_keys',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    posOrderId: text().notNull(),
  },
  (t) => [uniqueIndex('order_keys_restaurant_pos_order_idx').on(t.restaurantId, t.posOrderId)],
);

/**
 * The versions of an order that a later push replaced, as they were stored: what the POS sent, the
 * figures that counted, when it arrived, and who replaced it from where (the audit row of the
 * replacement has the before and after too). No foreign key to orders: a replacement rewrites the
 * order row, and the history must outlive it.
 */
export const orderVersions = pgTable(
  'order_versions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: bigint({ mode: 'number' }).notNull(),
    posOrderId: text().notNull(),
    version: integer().notNull(),
    businessDay: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    netSalesCents: cents().notNull(),
    totalCents: cents().notNull(),
    paidCents: cents().notNull(),
    payloadHash: text().notNull(),
    payload: jsonb().$type<TIngestOrderRequest>().notNull(),
    /** When this version had arrived. */
    receivedAt: instant().notNull(),
    replacedAt: instant().notNull(),
    replacedByUserId: integer(),
    replacedFromIp: text(),
  },
  (t) => [uniqueIndex('order_versions_order_version_idx').on(t.restaurantId, t.orderId, t.version)],
);

/**
 * One line of the check. `discount_cents` is the line's own discounts plus its share of the check
 * discounts (docs/decisions.md "Check-level discounts are spread across lines"), so item nets add up
 * to the order's net sales. `comp_void_kind` is set only on closed and voided orders (every line of a
 * voided order is a void carrying the order's who/why), with the business day, so the comps/voids
 * list is a scan of one partial index.
 */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    restaurantId: integer().notNull(),
    posItemId: text().notNull(),
    name: text().notNull(),
    category: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: cents().notNull(),
    /** Option prices per unit of the item. */
    optionsCents: cents().notNull(),
    grossCents: cents().notNull(),
    lineDiscountCents: cents().notNull(),
    discountCents: cents().notNull(),
    compCents: cents().notNull(),
    netCents: cents().notNull(),
    taxCents: cents().notNull(),
    voided: boolean().notNull(),
    comped: boolean().notNull(),
    compVoidKind: text(),
    compVoidBy: text(),
    compVoidReason: text(),
    compVoidAt: instant(),
    businessDay: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    index('order_items_comp_void_idx')
      .on(t.restaurantId, t.businessDay, t.compVoidAt)
      .where(sql`${t.compVoidKind} is not null`),
    check('order_items_comp_void_check', sql`${t.compVoidKind} is null or ${t.compVoidKind} in ('comp', 'void')`),
  ],
);

export const orderItemOptions = pgTable(
  'order_item_options',
  {
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    optionNo: integer().notNull(),
    restaurantId: integer().notNull(),
    name: text().notNull(),
    groupName: text().notNull(),
    priceCents: cents().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.lineNo, t.optionNo] })],
);

/** Line discounts (line_no set) and check discounts (line_no null), coupons with their code. */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    discountNo: integer().notNull(),
    restaurantId: integer().notNull(),
    lineNo: integer(),
    name: text().notNull(),
    kind: text().notNull(),
    couponCode: text(),
    amountCents: cents().notNull(),
    appliedBy: text(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.discountNo] })],
);

export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    taxNo: integer().notNull(),
    restaurantId: integer().notNull(),
    name: text().notNull(),
    rateMilliPercent: integer(),
    taxableCents: cents().notNull(),
    taxCents: cents().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.taxNo] })],
);

/**
 * Money taken for a check; `amount_cents` includes the tip. Counted on the business day it was paid
 * (when the money moved), and `refunded_cents` (refunds naming this payment) gives the transactions
 * list its status without a join.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer().notNull(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    posPaymentId: text().notNull(),
    method: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    amountCents: cents().notNull(),
    tipCents: cents().notNull(),
    refundedCents: cents().notNull(),
    paidAt: instant().notNull(),
    businessDay: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    index('payments_restaurant_day_idx').on(t.restaurantId, t.businessDay, t.paidAt),
    index('payments_order_idx').on(t.orderId),
    check('payments_method_check', sql`${t.method} in ('cash', 'card', 'giftCard', 'thirdParty', 'other')`),
  ],
);

/** Counted on the business day of the refund (when money left), not the day of the sale. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer().notNull(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => orderKeys.id, { onDelete: 'cascade' }),
    posRefundId: text().notNull(),
    posPaymentId: text(),
    method: text().notNull(),
    /** The refunded card payment's brand, so card refunds land on the brand's row of the payments report. */
    cardBrand: text(),
    cardLast4: text(),
    amountCents: cents().notNull(),
    /** The refund's net sales and tax, taken off the sales report on the refund's day (issue 23, 0034). */
    netCents: cents().notNull().default(0),
    taxCents: cents().notNull().default(0),
    reason: text().notNull(),
    refundedBy: text().notNull(),
    refundedAt: instant().notNull(),
    businessDay: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    index('refunds_restaurant_day_idx').on(t.restaurantId, t.businessDay, t.refundedAt),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/**
 * Money out that is not a refund (SPEC 2 "/salesReport ... payout"): cash paid out of the drawer
 * (pushed by the POS, with who and why) and the card processor's deposits to the bank account.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** The POS's id for a cash payout, the processor's for a deposit; idempotency key per restaurant. */
    externalId: text().notNull(),
    amountCents: cents().notNull(),
    reason: text(),
    paidBy: text(),
    paidAt: instant().notNull(),
    businessDay: date({ mode: 'string' }).notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_restaurant_external_idx').on(t.restaurantId, t.kind, t.externalId),
    index('payouts_restaurant_day_idx').on(t.restaurantId, t.businessDay, t.paidAt),
    check('payouts_kind_check', sql`${t.kind} in ('cash', 'deposit')`),
  ],
);
