import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TCommissionSegment } from '@ra/shared/agent/commission';
import { nodes } from './nodes.ts';
import { restaurants } from './restaurants.ts';
import { users } from './users.ts';

/**
 * The agent area (issue 13; SPEC 1 agent/team area, 3 "Agent", 4 application states). Every row is
 * keyed by the agent node it belongs to (`agent_node_id`) and, where it concerns one, by the
 * restaurant, so each query is scoped by the caller's subtree and the tenant index stays usable.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const day = () => date({ mode: 'string' });
const cents = () => bigint({ mode: 'number' });

/** What the agent knows about each restaurant it looks after: lifecycle status, plan and fee. */
export const agentPortfolio = pgTable(
  'agent_portfolio',
  {
    restaurantId: integer()
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    status: text().notNull().default('onboarding'),
    plan: text().notNull().default('starter'),
    monthlyFeeCents: integer().notNull().default(0),
    /** The day it went live (new this month counts these). */
    since: day(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('agent_portfolio_status_check', sql`${t.status} in ('live', 'onboarding', 'paused', 'churned')`),
    check('agent_portfolio_plan_check', sql`${t.plan} in ('starter', 'pro', 'enterprise')`),
  ],
);

/** Team members of an agent: their role within the team (an agent account with no row is an admin). */
export const agentTeamMembers = pgTable(
  'agent_team_members',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    teamRole: text().notNull().default('member'),
    invitedByUserId: integer(),
    inviteExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_team_members_node_idx').on(t.agentNodeId),
    check('agent_team_members_role_check', sql`${t.teamRole} in ('admin', 'member')`),
  ],
);

/** Restaurants assigned to a team member (a member sees only these). */
export const agentMemberRestaurants = pgTable(
  'agent_member_restaurants',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.restaurantId] }),
    index('agent_member_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

/** A commission rule: for one restaurant or one plan, in basis points of the fee or card volume. */
export const agentCommissionRules = pgTable(
  'agent_commission_rules',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    restaurantId: integer().references(() => restaurants.id, { onDelete: 'cascade' }),
    plan: text(),
    basis: text().notNull(),
    rateBps: integer().notNull(),
    startsOn: day().notNull(),
    endsOn: day(),
    createdByUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_commission_rules_node_idx').on(t.agentNodeId),
    check('agent_commission_rules_target_check', sql`(${t.restaurantId} is null) <> (${t.plan} is null)`),
    check('agent_commission_rules_basis_check', sql`${t.basis} in ('subscription', 'cardVolume')`),
    check('agent_commission_rules_rate_check', sql`${t.rateBps} between 1 and 10000`),
    check('agent_commission_rules_dates_check', sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
  ],
);

/**
 * Earnings per pay period and restaurant. A reversal (clawback) is its own negative row pointing at
 * the commission it reverses, never an edit of it. `segments` is what the figure is made of.
 */
export const agentEarnings = pgTable(
  'agent_earnings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    periodStart: day().notNull(),
    periodEnd: day().notNull(),
    kind: text().notNull().default('commission'),
    basis: text().notNull(),
    baseCents: cents().notNull().default(0),
    amountCents: cents().notNull(),
    status: text().notNull().default('pending'),
    reason: text(),
    reversesId: bigint({ mode: 'number' }),
    segments: jsonb().$type<TCommissionSegment[]>().notNull().default([]),
    paycheckId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    createdByUserId: integer(),
    approvedAt: timestamp({ withTimezone: true }),
    approvedByUserId: integer(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('agent_earnings_node_period_idx').on(t.agentNodeId, t.periodStart),
    index('agent_earnings_restaurant_idx').on(t.restaurantId, t.periodStart),
    uniqueIndex('agent_earnings_commission_idx')
      .on(t.agentNodeId, t.restaurantId, t.periodStart, t.basis)
      .where(sql`${t.kind} = 'commission'`),
    check('agent_earnings_kind_check', sql`${t.kind} in ('commission', 'clawback')`),
    check('agent_earnings_status_check', sql`${t.status} in ('pending', 'approved', 'paid')`),
    check(
      'agent_earnings_clawback_check',
      sql`${t.kind} = 'commission' or (${t.amountCents} < 0 and ${t.reason} is not null and ${t.reversesId} is not null)`,
    ),
  ],
);

/** Semi-monthly paychecks with the minimum payout's carry-over. */
export const agentPaychecks = pgTable(
  'agent_paychecks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    periodStart: day().notNull(),
    periodEnd: day().notNull(),
    earnedCents: cents().notNull(),
    carriedInCents: cents().notNull(),
    netPayCents: cents().notNull(),
    carriedOutCents: cents().notNull(),
    status: text().notNull(),
    paidOn: day(),
    paidByUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_paychecks_node_period_idx').on(t.agentNodeId, t.periodStart),
    check('agent_paychecks_status_check', sql`${t.status} in ('due', 'paid', 'carried')`),
  ],
);

/** Files sent with notifications (a PDF or an image, at most 10 MB, type checked by content). */
export const agentFiles = pgTable('agent_files', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  agentNodeId: integer()
    .notNull()
    .references(() => nodes.id, { onDelete: 'cascade' }),
  fileName: text().notNull(),
  mime: text().notNull(),
  sizeBytes: integer().notNull(),
  content: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

export const agentNotifications = pgTable(
  'agent_notifications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    senderUserId: integer().notNull(),
    messageEn: text().notNull(),
    messageZh: text().notNull(),
    fileId: integer().references(() => agentFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('agent_notifications_node_idx').on(t.agentNodeId, t.createdAt)],
);

/** One row per restaurant a notification went to; read state is the restaurant's. */
export const agentNotificationDeliveries = pgTable(
  'agent_notification_deliveries',
  {
    notificationId: integer()
      .notNull()
      .references(() => agentNotifications.id, { onDelete: 'cascade' }),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
    readByUserId: integer(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.restaurantId] }),
    index('agent_notification_deliveries_restaurant_idx').on(t.restaurantId, t.notificationId),
  ],
);

/** Member and restaurant applications (SPEC 4: pending, then approved or rejected with a reason). */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    agentNodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    status: text().notNull().default('pending'),
    businessName: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    plan: text(),
    message: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewerUserId: integer(),
    rejectReason: text(),
    rejectNote: text(),
    createdRestaurantId: integer(),
    createdUserId: integer(),
  },
  (t) => [
    index('agent_applications_node_idx').on(t.agentNodeId, t.status, t.createdAt),
    check('agent_applications_kind_check', sql`${t.kind} in ('restaurant', 'member')`),
    check('agent_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'agent_applications_reject_check',
      sql`${t.status} <> 'rejected' or (${t.rejectReason} is not null and ${t.rejectNote} is not null)`,
    ),
  ],
);
