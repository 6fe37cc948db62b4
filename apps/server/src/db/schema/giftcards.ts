import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';

/**
 * Gift cards and their ledger (issue 10 "Gift cards"). The ledger is append-only (a trigger in the
 * migration refuses UPDATE); `balance_cents` on the card is the ledger's running sum, moved only by a
 * conditional update in the same transaction as the ledger row, and can never go below zero.
 */
const instant = () => timestamp({ withTimezone: true });

export const giftcards = pgTable(
  'giftcards',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    number: text().notNull(),
    kind: text().notNull(),
    state: text().notNull(),
    balanceCents: bigint({ mode: 'number' }).notNull().default(0),
    holderName: text().notNull().default(''),
    holderEmail: text().notNull().default(''),
    createdAt: instant().notNull(),
    /** The last money movement (breakage counts months since this). */
    lastActivityAt: instant().notNull(),
  },
  (t) => [
    uniqueIndex('giftcards_restaurant_number_unique').on(t.restaurantId, t.number),
    index('giftcards_restaurant_state_idx').on(t.restaurantId, t.state, t.lastActivityAt),
    check('giftcards_balance_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

export const giftcardLedger = pgTable(
  'giftcard_ledger',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    cardId: integer()
      .notNull()
      .references(() => giftcards.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    balanceAfterCents: bigint({ mode: 'number' }).notNull(),
    stateAfter: text().notNull(),
    reason: text().notNull().default(''),
    orderRef: text().notNull().default(''),
    actorUserId: integer(),
    actorName: text().notNull().default(''),
    createdAt: instant().notNull(),
  },
  (t) => [
    index('giftcard_ledger_card_idx').on(t.restaurantId, t.cardId, t.id),
    index('giftcard_ledger_time_idx').on(t.restaurantId, t.createdAt),
    index('giftcard_ledger_order_idx').on(t.restaurantId, t.cardId, t.orderRef),
  ],
);
