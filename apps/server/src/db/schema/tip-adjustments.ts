import { bigint, date, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { officeRefunds } from './refunds.ts';
import { restaurants } from './restaurants.ts';

/**
 * The tip part of a refund made after its order's pay period was locked (issue 23): the locked period
 * keeps the tips it paid, and each employee who shared them gives back their part (negative cents) in
 * the open pay period `periodStart`. One row per refund and employee.
 */
export const tipAdjustments = pgTable(
  'tip_adjustments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    lockedPeriodStart: date({ mode: 'string' }).notNull(),
    refundId: bigint({ mode: 'number' })
      .notNull()
      .references(() => officeRefunds.id, { onDelete: 'cascade' }),
    orderId: bigint({ mode: 'number' }).notNull(),
    userId: integer().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('tip_adjustments_refund_user_idx').on(t.refundId, t.userId),
    index('tip_adjustments_period_idx').on(t.restaurantId, t.periodStart),
  ],
);
