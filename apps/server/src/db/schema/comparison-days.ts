import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

/**
 * One row per restaurant and business day: `daily_sales` summed over its channels, holding only the
 * measures the comparison across locations reads (issue 24), so its first page over thousands of
 * restaurants scans half the rows at a fraction of the width. Written by the same statement as
 * `daily_sales` (modules/orders/orders.repository.ts `applyRollups`), so it is in every transaction
 * that changes `daily_sales` and rebuilt with it (`rebuildRollups`). A row exists for a day exactly
 * when `daily_sales` has a row for that day.
 */
const cents = () => bigint({ mode: 'number' }).notNull().default(0);
const count = () => integer().notNull().default(0);

export const dailyRestaurantSales = pgTable(
  'daily_restaurant_sales',
  {
    restaurantId: integer().notNull(),
    businessDay: date({ mode: 'string' }).notNull(),
    orderCount: count(),
    guestCount: count(),
    netSalesCents: cents(),
    refundCount: count(),
    refundCents: cents(),
    /** Item and order discounts together (`daily_sales` keeps them apart). */
    discountCents: cents(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.businessDay] })],
);
