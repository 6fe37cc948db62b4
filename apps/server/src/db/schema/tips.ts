import { date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TTipRule } from '@ra/shared/tips/allocation';
import type { TTipPeriodResponse } from '@ra/shared/tips/tips.schemas';
import { restaurants } from './restaurants.ts';

const instant = () => timestamp({ withTimezone: true });

/** A restaurant's tip rule (issue 23): pools, tip-outs, what counts and the period. Absent: the default. */
export const tipRules = pgTable('tip_rules', {
  restaurantId: integer()
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  rule: jsonb().$type<TTipRule>().notNull(),
  updatedAt: instant().notNull().defaultNow(),
  updatedBy: integer(),
});

/**
 * The tips of a closed (locked) pay period as computed when it closed: a locked period keeps them
 * whatever orders or shifts change later. Reopening the period deletes the row (tips are live again).
 */
export const tipPeriodSnapshots = pgTable(
  'tip_period_snapshots',
  {
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    startDay: date({ mode: 'string' }).notNull(),
    endDay: date({ mode: 'string' }).notNull(),
    result: jsonb().$type<TTipPeriodResponse>().notNull(),
    lockedAt: instant().notNull(),
    lockedBy: integer(),
    note: text(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.startDay] })],
);
