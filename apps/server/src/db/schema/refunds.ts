import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { restaurants } from './restaurants.ts';
import { roles } from './users.ts';

/**
 * Refunds made from the back office (issue 23, migration 0023). The source of truth for a refund the
 * office made: once it succeeds it is also written to `refunds` (as `office-<id>`), which the reports
 * and rollups read, and it is written there again whenever the POS replaces the order (the order's
 * rows are rewritten then). No foreign key to orders for the same reason as order_versions: a
 * replacement deletes and re-inserts the order row under the same id.
 */
const instant = () => timestamp({ withTimezone: true });
const cents = () => bigint({ mode: 'number' });

export const officeRefunds = pgTable(
  'office_refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    orderId: bigint({ mode: 'number' }).notNull(),
    posOrderId: text().notNull(),
    /** The caller's key: a retry with the same key answers the same refund and never refunds twice. */
    idempotencyKey: text().notNull(),
    status: text().notNull(),
    scope: text().notNull(),
    tender: text().notNull(),
    paymentId: bigint({ mode: 'number' }),
    posPaymentId: text(),
    cardBrand: text(),
    cardLast4: text(),
    giftcardId: integer(),
    giftcardLast4: text(),
    amountCents: cents().notNull(),
    netCents: cents().notNull(),
    taxCents: cents().notNull(),
    tipCents: cents().notNull(),
    lines: jsonb().$type<Array<{ lineNo: number; quantity: number }>>().notNull().default([]),
    reason: text().notNull(),
    note: text().notNull().default(''),
    requestedByUserId: integer().notNull(),
    requestedByName: text().notNull(),
    approvedByUserId: integer(),
    approvedByName: text(),
    providerRefundId: text(),
    failure: text(),
    businessDay: date({ mode: 'string' }),
    refundedAt: instant(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('office_refunds_restaurant_key_idx').on(t.restaurantId, t.idempotencyKey),
    index('office_refunds_restaurant_order_idx').on(t.restaurantId, t.orderId),
    check('office_refunds_amount_check', sql`${t.amountCents} > 0`),
    check(
      'office_refunds_status_check',
      sql`${t.status} in ('pendingApproval', 'processing', 'succeeded', 'failed', 'rejected')`,
    ),
    check('office_refunds_tender_check', sql`${t.tender} in ('card', 'cash', 'giftCard')`),
  ],
);

/** A role's refund limit: above it a second person with the permission approves. No row: no limit. */
export const refundRoleLimits = pgTable(
  'refund_role_limits',
  {
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    limitCents: cents().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.roleId] }),
    check('refund_role_limits_limit_check', sql`${t.limitCents} >= 0`),
  ],
);

/** What the local payments stand-in keeps, as a processor keeps its refunds by idempotency key. */
export const localPaymentRefunds = pgTable(
  'local_payment_refunds',
  {
    idempotencyKey: text().primaryKey(),
    refundId: text().notNull(),
    paymentRef: text().notNull(),
    amountCents: cents().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('local_payment_refunds_ref_idx').on(t.paymentRef)],
);
