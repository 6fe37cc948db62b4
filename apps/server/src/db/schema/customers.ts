import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { restaurants } from './restaurants.ts';

/**
 * Customers and SMS campaigns (issue 12). Customers are rebuilt from the orders (orders.customer_phone)
 * by a debounced job per restaurant, so a refund or a void takes its points back. Opt-out is kept per
 * phone for the platform's sending number (carriers apply STOP per sender), with every change recorded.
 */
const cents = () => bigint({ mode: 'number' });
const instant = () => timestamp({ withTimezone: true });

export const customers = pgTable(
  'customers',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    name: text(),
    language: text().notNull().default('en'),
    firstOrderAt: instant().notNull(),
    lastOrderAt: instant().notNull(),
    totalOrders: integer().notNull(),
    totalSpentCents: cents().notNull(),
    points: integer().notNull(),
    favouriteItem: text(),
    updatedAt: instant().notNull(),
  },
  // each sort column with id, the tie-breaker of the list's order (migration 0014): the first page reads
  // 20 rows from the index instead of sorting every match.
  // Not declared here: the trigram indexes on phone and name for the text search (migration 0019). They
  // exist only where pg_trgm could be created, with its operator class named by the schema it is in,
  // which a declaration here cannot say. A schema-to-database comparison shows them as extra: expected.
  (t) => [
    uniqueIndex('customers_restaurant_phone_idx').on(t.restaurantId, t.phone),
    index('customers_restaurant_last_idx').on(t.restaurantId, t.lastOrderAt, t.id),
    index('customers_restaurant_points_idx').on(t.restaurantId, t.points, t.id),
    index('customers_restaurant_orders_idx').on(t.restaurantId, t.totalOrders, t.id),
    check('customers_language_check', sql`${t.language} in ('en', 'zh')`),
  ],
);

/** Per restaurant: the points rule and when the list was last rebuilt. */
export const customerSettings = pgTable('customer_settings', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  pointsPerDollar: integer().notNull().default(1),
  computedAt: instant(),
});

/** Phones that texted STOP (or 退订) to the platform's number and have not texted START since. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text().primaryKey(),
  at: instant().notNull(),
});

export const smsOptEvents = pgTable(
  'sms_opt_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    phone: text().notNull(),
    kind: text().notNull(),
    body: text().notNull(),
    at: instant().notNull(),
  },
  (t) => [
    index('sms_opt_events_phone_idx').on(t.phone, t.at),
    check('sms_opt_events_kind_check', sql`${t.kind} in ('optOut', 'optIn')`),
  ],
);

/** Platform SMS pricing set by an admin (one row); absent means DEFAULT_SMS_PRICING. */
export const smsPricing = pgTable('sms_pricing', {
  id: integer().primaryKey(),
  pricePerPartMicros: integer().notNull(),
  taxRateBasisPoints: integer().notNull(),
  updatedAt: instant().notNull(),
});

export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    status: text().notNull(),
    bodyEn: text().notNull(),
    bodyZh: text(),
    partsEn: integer().notNull(),
    partsZh: integer(),
    recipientsEn: integer().notNull(),
    recipientsZh: integer().notNull(),
    optedOutExcluded: integer().notNull(),
    pricePerPartMicros: integer().notNull(),
    taxRateBasisPoints: integer().notNull(),
    subtotalCents: cents().notNull(),
    taxCents: cents().notNull(),
    totalCents: cents().notNull(),
    createdByUserId: integer().notNull(),
    createdAt: instant().notNull(),
    reviewedByUserId: integer(),
    reviewedAt: instant(),
    reviewNote: text(),
    sentByUserId: integer(),
    sentAt: instant(),
    sendState: text().notNull().default('idle'),
    sendStartsAt: instant(),
    paymentRef: text(),
    failureReason: text(),
    /** A campaign to a saved segment (migration 0031): its name and filter, evaluated again at Send Now. */
    segmentId: bigint({ mode: 'number' }),
    segmentName: text(),
    audienceFilter: jsonb(),
  },
  (t) => [
    index('sms_campaigns_restaurant_idx').on(t.restaurantId, t.createdAt),
    check('sms_campaigns_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'sent')`),
    check('sms_campaigns_send_state_check', sql`${t.sendState} in ('idle', 'waiting', 'sending', 'done', 'failed')`),
  ],
);

/** One row per (campaign, phone): the key that makes a resumed send skip nobody and repeat nobody. */
export const smsRecipients = pgTable(
  'sms_recipients',
  {
    campaignId: bigint({ mode: 'number' })
      .notNull()
      .references(() => smsCampaigns.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    restaurantId: integer().notNull(),
    language: text().notNull(),
    status: text().notNull().default('queued'),
    providerSid: text(),
    error: text(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.phone] }),
    index('sms_recipients_sid_idx').on(t.providerSid),
    check('sms_recipients_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed')`),
  ],
);
