import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the local default SMS provider and payment processor keep (customers/sms-sender.ts,
 * customers/payment-charger.ts), like the email outbox: a real provider remembers every message it
 * accepted and every charge by its idempotency key whatever happens to our server, so the local ones
 * keep theirs in the database too. A server killed between the provider's answer and our own write
 * then finds, after the restart, that the message went out (nobody texted twice) and that the charge
 * exists (charged once), and every server of a deployment sees the same provider.
 */
const instant = () => timestamp({ withTimezone: true });

export const localSmsMessages = pgTable(
  'local_sms_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sid: text().notNull(),
    /** Our idempotency reference, `c<campaignId>:<phone>`. */
    reference: text().notNull(),
    to: text().notNull(),
    from: text().notNull(),
    body: text().notNull(),
    statusCallback: text().notNull(),
    createdAt: instant().notNull(),
  },
  (t) => [index('local_sms_messages_reference_idx').on(t.reference), index('local_sms_messages_to_idx').on(t.to)],
);

export const localPaymentCharges = pgTable('local_payment_charges', {
  reference: text().primaryKey(),
  chargeId: text().notNull(),
  nodeId: integer().notNull(),
  amountCents: integer().notNull(),
  createdAt: instant().notNull(),
});
