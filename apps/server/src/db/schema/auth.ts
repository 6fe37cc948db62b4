import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';
import { users } from './users.ts';

/**
 * Server-side sessions: a token only names its session, so logging out, deactivating a user or
 * switching restaurants takes effect on the next request (docs/decisions.md "Tokens").
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The selected restaurant; null for an agent who has not picked one yet (SPEC 6). */
    restaurantId: integer().references(() => restaurants.id, { onDelete: 'set null' }),
    currentNodeXid: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    /**
     * Wrong passwords at this session's lock screen since it was last unlocked. They have their own
     * limit and do not count toward sign-in, so staff fumbling at one register cannot lock the owner
     * out (docs/decisions.md "Unlock has its own limit").
     */
    unlockFailures: integer().notNull().default(0),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_restaurant_id_idx').on(t.restaurantId)],
);

/** Email verification codes for sign-in (SPEC 1 "optional email verification code"); only a hash is kept. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_user_id_idx').on(t.userId)],
);

/**
 * Failed sign-in attempts, kept in the database so the limit holds across several API servers
 * (docs/decisions.md "Rate limiting lives in the database"). Not tenant data: an email or IP may
 * belong to no restaurant at all.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_at_idx').on(t.createdAt),
  ],
);

/**
 * "Forgot password" requests (docs/decisions.md "Password reset"). Every request is a row, also for
 * an email with no account (userId and tokenHash null), so the per-address and per-email limits count
 * what was asked, not what was sent. Only a hash of the emailed token is kept; `usedAt` makes it work once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    ip: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().unique('password_resets_token_hash_unique'),
    expiresAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('password_resets_email_idx').on(t.email, t.createdAt),
    index('password_resets_ip_idx').on(t.ip, t.createdAt),
    index('password_resets_user_id_idx').on(t.userId),
  ],
);
