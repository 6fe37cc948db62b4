import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { smsCampaigns } from './customers.ts';

/**
 * What the payment processor said about a campaign's charges (issue 20): an ACH debit through Stripe
 * answers "processing" and fails or succeeds days later by webhook. A failed charge is counted here so
 * that the next Send Now charges under a new idempotency key (Stripe replays the failed answer for a key
 * it has seen), while a retry of the same attempt keeps its key and is never charged twice.
 */
export const smsCampaignCharges = pgTable('sms_campaign_charges', {
  campaignId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => smsCampaigns.id, { onDelete: 'cascade' }),
  failedAttempts: integer().notNull().default(0),
  /** processing | succeeded | failed: the processor's last word. */
  lastStatus: text().notNull(),
  lastPaymentRef: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
