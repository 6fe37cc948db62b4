import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { nodes } from './nodes.ts';

/**
 * Named settings kept with the restaurant (SPEC 3 "Work-hour config flags", SPEC 1 tip wording,
 * SPEC 6 admin-only config). Stored as one jsonb document: each is read with the restaurant and none
 * is queried across restaurants. Missing keys mean "default" (see restaurant.settings.ts).
 */
export interface TRestaurantConfigDoc {
  version?: string;
  enableOrderToGoWithDateSelect?: boolean;
  workHoursSteps?: number;
  enableCaptureSignature?: boolean;
  captureSignature?: boolean;
  requireSignatureForWorkHoursEdit?: boolean;
  enableClockingOutWaitingTime?: boolean;
  tipWord?: string;
  tipWordZh?: string;
  enablePremiumCoupon?: boolean;
}

/** SPEC 3 "Restaurant": business hours per weekday (closed flag, open and close times), holiday dates. */
export interface TBusinessHoursDoc {
  weekly: Array<{ day: number; closed: boolean; open: string; close: string }>;
  holidays: string[];
}

export const restaurants = pgTable(
  'restaurants',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nodeId: integer()
      .notNull()
      .unique('restaurants_node_id_unique')
      .references(() => nodes.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    fullname: text().notNull().default(''),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** IANA zone; null until someone picks one, which the login flow then asks for (SPEC 4). */
    timeZone: text(),
    /** POS languages (SPEC 9: English and Chinese). */
    posLocales: text()
      .array()
      .notNull()
      .default(sql`'{en,zh}'::text[]`),
    /** A business day ends this many hours after midnight, local time (SPEC 3 "hourOffsetEndOfDay"). */
    hourOffsetEndOfDay: integer().notNull().default(0),
    config: jsonb().$type<TRestaurantConfigDoc>().notNull().default({}),
    businessHours: jsonb().$type<TBusinessHoursDoc>().notNull().default({ weekly: [], holidays: [] }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('restaurants_hour_offset_check', sql`${t.hourOffsetEndOfDay} between 0 and 12`)],
);
