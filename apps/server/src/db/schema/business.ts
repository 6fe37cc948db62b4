import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { nodes } from './nodes.ts';
import { restaurants } from './restaurants.ts';

export const BANK_ACCOUNT_STATUSES = [
  'pending_deposit',
  'awaiting_verification',
  'verified',
  'failed',
  'expired',
] as const;
export type TBankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/**
 * Where a node's money goes (SPEC 3 "Bank account"). Keyed by NODE, not restaurant: a restaurant node
 * has one, and so can an agent node (agent paychecks). One live account per node; a reset replaces the
 * row's details and starts verification again.
 *
 * The account number is only ever stored encrypted (AES-256-GCM, key derived from the server secret:
 * modules/business/bank-crypto.ts) with its last 4 digits beside it for display. The two micro-deposit
 * amounts stay with the provider (adapters/bank): the owner proves they read them from their statement.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nodeId: integer()
      .notNull()
      .unique('bank_accounts_node_id_unique')
      .references(() => nodes.id, { onDelete: 'restrict' }),
    holderName: text().notNull(),
    accountType: text().notNull(),
    routingNumber: text().notNull(),
    accountNumberEnc: text().notNull(),
    accountLast4: text().notNull(),
    providerCustomerId: text().notNull(),
    status: text().$type<TBankAccountStatus>().notNull(),
    /** Wrong verification tries since the deposits were sent (3 fail the account). */
    attempts: integer().notNull().default(0),
    /** The provider's reference for the deposit batch (the simulated provider's outbox row). */
    providerRef: text(),
    /**
     * How the owner proves the deposits (the provider decides): 'amounts' (two small deposits) or
     * 'descriptor_code' (one deposit whose statement descriptor carries a 6-character code, SM....).
     */
    microdepositType: text().$type<'amounts' | 'descriptor_code'>().notNull().default('amounts'),
    /** The queued "deposits arrive" job, so a reset can cancel it. */
    depositJobId: text(),
    /** When the deposits were sent and when they are expected to land (1 to 3 business days). */
    depositsSentAt: timestamp({ withTimezone: true }),
    depositsArriveAt: timestamp({ withTimezone: true }),
    /** Verification ends in `expired` after this (10 days after the deposits were sent). */
    expiresAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bank_accounts_status_check',
      sql`${t.status} in ('pending_deposit', 'awaiting_verification', 'verified', 'failed', 'expired')`,
    ),
    check('bank_accounts_type_check', sql`${t.accountType} in ('checking', 'savings')`),
    check('bank_accounts_attempts_check', sql`${t.attempts} between 0 and 3`),
  ],
);

/**
 * The simulated payment provider's outbox: what it "sent" to a bank account (the two micro-deposit
 * amounts), readable by the account's owner on the outbox panel, the way a real owner reads them
 * from their bank statement. Real providers keep this on their side; nothing else reads it.
 */
export const bankProviderOutbox = pgTable(
  'bank_provider_outbox',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'restrict' }),
    reference: text().notNull().unique('bank_provider_outbox_reference_unique'),
    accountLast4: text().notNull(),
    amount1Cents: integer().notNull(),
    amount2Cents: integer().notNull(),
    /** A descriptor-code deposit's code (one deposit of amount1Cents; amount2Cents 0); else null. */
    descriptorCode: text(),
    /** Null until the deposits "land" (the queued job ran); the panel shows only landed ones. */
    postedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_provider_outbox_node_idx').on(t.nodeId, t.createdAt)],
);

export const SERVICE_FEE_KINDS = ['fixed', 'percent'] as const;
export type TServiceFeeKind = (typeof SERVICE_FEE_KINDS)[number];

/**
 * SPEC 3 "Service fee item": a charge added to checks. Fixed fees are integer cents; percentage fees
 * are hundredths of a percent (basis points, 0..10000) so 3.5% is 350 and money stays integral.
 */
export const serviceFees = pgTable(
  'service_fees',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    description: text().notNull(),
    kind: text().$type<TServiceFeeKind>().notNull(),
    amountCents: integer(),
    percentBps: integer(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    orderTypes: text().array().notNull(),
    minimumCheckCents: integer().notNull().default(0),
    taxable: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_fees_restaurant_idx').on(t.restaurantId),
    check('service_fees_kind_check', sql`${t.kind} in ('fixed', 'percent')`),
    check(
      'service_fees_amount_check',
      sql`(${t.kind} = 'fixed' and ${t.amountCents} >= 0 and ${t.percentBps} is null) or (${t.kind} = 'percent' and ${t.percentBps} between 0 and 10000 and ${t.amountCents} is null)`,
    ),
    check('service_fees_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
