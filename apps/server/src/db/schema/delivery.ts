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
import type { TMarkup, TMenuMapping, TPlatformHours, TPublishResult } from '@ra/shared/delivery/delivery.schemas';
import { restaurants } from './restaurants.ts';

const instant = () => timestamp({ withTimezone: true });

/**
 * A restaurant's connection with one delivery platform (SPEC 2 /thirdParty/index). A row exists once
 * the platform was first connected; disconnecting keeps the settings and drops the store id and the
 * webhook secret, so a forged order for the old store is refused.
 */
export const deliveryConnections = pgTable(
  'delivery_connections',
  {
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    status: text().notNull(),
    /** The platform's id of the store, which its webhook names. */
    storeId: text(),
    /**
     * Shared with the platform at connection; signs its webhook calls (HMAC-SHA256). Stored sealed
     * (lib/secrets.ts, `enc:v1:<key id>:...`); a value from before sealing is sealed when next read.
     */
    webhookSecret: text(),
    /** The platform's id of the menu last published (DoorDash updates a menu by its id). */
    platformMenuId: text(),
    connectedAt: instant(),
    pausedUntil: instant(),
    markup: jsonb().$type<TMarkup>().notNull(),
    hours: jsonb().$type<TPlatformHours>().notNull(),
    mapping: jsonb().$type<TMenuMapping>().notNull(),
    lastPublish: jsonb().$type<TPublishResult>(),
    updatedAt: instant().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.platform] }),
    uniqueIndex('delivery_connections_store_idx').on(t.platform, t.storeId),
    check('delivery_connections_platform_check', sql`${t.platform} in ('doordash', 'ubereats', 'grubhub')`),
    check('delivery_connections_status_check', sql`${t.status} in ('disconnected', 'connected', 'paused')`),
  ],
);

/**
 * Every platform order received, by the platform's own id: a redelivered webhook finds its row and is
 * answered without storing the order twice (a refused one is refused again, for the same reason). The order itself is in the order tables (channel
 * 'delivery'), so reports include it.
 */
export const deliveryOrders = pgTable(
  'delivery_orders',
  {
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    platformOrderId: text().notNull(),
    /** The stored order; null when the order was refused (then `refusedReason` says why). */
    orderId: bigint({ mode: 'number' }),
    receivedAt: instant().notNull(),
    /** 'paused' or 'closed': the platform was told the store does not take the order. */
    refusedReason: text(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.platform, t.platformOrderId] }),
    index('delivery_orders_received_idx').on(t.restaurantId, t.receivedAt),
    check(
      'delivery_orders_outcome_check',
      sql`(${t.orderId} is not null and ${t.refusedReason} is null) or (${t.orderId} is null and ${t.refusedReason} in ('paused', 'closed'))`,
    ),
  ],
);
