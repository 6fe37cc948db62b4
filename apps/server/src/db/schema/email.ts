import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mail the local email adapter "sends" (ARCHITECTURE.md "External services"): a developer reads
 * verification codes here or in the server log.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);
