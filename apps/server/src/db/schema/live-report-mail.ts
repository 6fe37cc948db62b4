import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true });

/**
 * Live sales (migration 0027): a restaurant's version, bumped by a statement-level trigger on orders and
 * refunds that also NOTIFYs channel `live_sales` with '<restaurantId>:<version>'.
 */
export const liveSalesVersions = pgTable('live_sales_versions', {
  restaurantId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull(),
  changedAt: instant().notNull().defaultNow(),
});

export const REPORT_MAIL_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** A person's emailed report of one restaurant at one frequency. */
export const reportMailSubscriptions = pgTable(
  'report_mail_subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    frequency: text().notNull(),
    language: text().notNull(),
    includeXlsx: boolean().notNull().default(false),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('report_mail_subscriptions_user_restaurant_frequency_key').on(t.userId, t.restaurantId, t.frequency),
    index('report_mail_subscriptions_restaurant_idx').on(t.restaurantId),
    check('report_mail_subscriptions_frequency_check', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
    check('report_mail_subscriptions_language_check', sql`${t.language} in ('en', 'zh')`),
  ],
);

/** One scheduled period's email: claimed ('sending') before the send, 'sent' after; unique per period. */
export const reportMailDeliveries = pgTable(
  'report_mail_deliveries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    subscriptionId: integer()
      .notNull()
      .references(() => reportMailSubscriptions.id, { onDelete: 'cascade' }),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    claimedAt: instant().notNull(),
    sentAt: instant(),
    error: text(),
  },
  (t) => [
    uniqueIndex('report_mail_deliveries_period_key').on(t.subscriptionId, t.periodFrom, t.periodTo),
    check('report_mail_deliveries_status_check', sql`${t.status} in ('sending', 'sent', 'failed')`),
  ],
);
