import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';

const instant = () => timestamp({ withTimezone: true });

/**
 * Saved segments (issue 24): a customer-list filter under a name, per restaurant. `filter` is the
 * parsed filter (amounts in cents); names are unique per restaurant in any case.
 */
export const customerSegments = pgTable(
  'customer_segments',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    filter: jsonb().notNull(),
    createdByUserId: integer().notNull(),
    createdAt: instant().notNull(),
    updatedAt: instant().notNull(),
  },
  (t) => [uniqueIndex('customer_segments_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`)],
);
