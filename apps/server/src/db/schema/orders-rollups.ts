import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Per-business-day sums of the order tables, kept up to date in the same transaction as each order
 * push (modules/orders/orders.repository.ts `applyRollups`), so a report over a year reads about 365
 * rows per dimension instead of every order. They can always be rebuilt from the base rows
 * (`rebuildRollups`), which happens when a restaurant changes its time zone or end-of-day hour.
 *
 * Text keys that may be absent use '' (no card brand, no tax name) and -1 (no tax rate), since a
 * primary key cannot hold null; the report repository turns them back into null.
 */

const cents = () => bigint({ mode: 'number' }).notNull().default(0);
const count = () => integer().notNull().default(0);
const day = () => date({ mode: 'string' }).notNull();

/**
 * One row per business day and channel. Order figures count on the order's business day (closed
 * orders for sales, voided and open ones in their own counters); payments and refunds on their own
 * business day.
 */
export const dailySales = pgTable(
  'daily_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    channel: text().notNull(),
    orderCount: count(),
    guestCount: count(),
    /** Closed orders that seated a party (party size above 0): the order calendar's "parties". */
    partyCount: count(),
    grossSalesCents: cents(),
    itemDiscountCents: cents(),
    orderDiscountCents: cents(),
    compCents: cents(),
    compQuantity: count(),
    voidCents: cents(),
    voidQuantity: count(),
    netSalesCents: cents(),
    taxCents: cents(),
    serviceChargeCents: cents(),
    tipCents: cents(),
    paymentCount: count(),
    paidCents: cents(),
    refundCount: count(),
    refundCents: cents(),
    openOrderCount: count(),
    voidedOrderCount: count(),
    /** Dine-in closed orders: seconds from opened to closed, for the average table turn. */
    turnSeconds: cents(),
    turnCount: count(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.channel] })],
);

/** Closed orders' lines that were not voided. */
export const dailyItemSales = pgTable(
  'daily_item_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    category: text().notNull(),
    posItemId: text().notNull(),
    itemName: text().notNull(),
    quantity: count(),
    grossCents: cents(),
    discountCents: cents(),
    compCents: cents(),
    netCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.category, t.posItemId] })],
);

export const dailyOptionSales = pgTable(
  'daily_option_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    groupName: text().notNull(),
    optionName: text().notNull(),
    quantity: count(),
    amountCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.groupName, t.optionName] })],
);

export const dailyDiscountSales = pgTable(
  'daily_discount_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    kind: text().notNull(),
    name: text().notNull(),
    count: count(),
    amountCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.kind, t.name] })],
);

export const dailyTaxSales = pgTable(
  'daily_tax_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    name: text().notNull(),
    rateMilliPercent: integer().notNull(),
    taxableCents: cents(),
    taxCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.name, t.rateMilliPercent] })],
);

/** Payments on the day paid, refunds on the day refunded; card_brand '' for non-card methods. */
export const dailyPaymentSales = pgTable(
  'daily_payment_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    method: text().notNull(),
    cardBrand: text().notNull(),
    count: count(),
    amountCents: cents(),
    tipCents: cents(),
    refundCount: count(),
    refundCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.method, t.cardBrand] })],
);

/** Closed orders by business day and local hour opened (hourly trend, busiest-hours heat map). */
export const hourlySales = pgTable(
  'hourly_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: day(),
    hour: integer().notNull(),
    orderCount: count(),
    guestCount: count(),
    netSalesCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay, t.hour] })],
);
