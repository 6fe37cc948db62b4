import { sql } from 'drizzle-orm';
import type { TRoleFlags } from '@ra/shared/permissions';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { nodes } from './nodes.ts';
import { restaurants } from './restaurants.ts';

export const USER_STATUSES = ['active', 'inactive'] as const;
export type TUserStatus = (typeof USER_STATUSES)[number];

/** Login ids ('U100001') shown to people, never the internal row id (SPEC 3 "login id (xid)"). */
export const userXidSeq = pgSequence('user_xid_seq', { startWith: 100001 });

/**
 * Dashboard accounts and restaurant employees in one table (SPEC 3 "User / employee"): an employee
 * with a password signs in to the dashboard, one without uses only the POS pin. Agent accounts have
 * no restaurant and sign in at an agent or team node.
 */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    xid: text()
      .notNull()
      .unique()
      .default(sql`('U' || nextval('user_xid_seq'))`),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    employeeNumber: text(),
    pin: text(),
    status: text().$type<TUserStatus>().notNull().default('active'),
    restaurantId: integer().references(() => restaurants.id, { onDelete: 'restrict' }),
    nodeId: integer()
      .notNull()
      .references(() => nodes.id, { onDelete: 'restrict' }),
    isAdmin: boolean().notNull().default(false),
    requireEmailCode: boolean().notNull().default(false),
    /**
     * The restaurant's authorized representative for payments (SPEC 4): one per restaurant, and never
     * a deactivated or deleted employee.
     */
    authorizedRepresentative: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A deleted account frees its email so the restaurant can hire the person again.
    uniqueIndex('users_email_live_idx')
      .on(t.email)
      .where(sql`${t.deletedAt} is null`),
    index('users_restaurant_id_idx').on(t.restaurantId),
    index('users_node_id_idx').on(t.nodeId),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_pin_check', sql`${t.pin} is null or ${t.pin} ~ '^[0-9]+$'`),
    // The POS identifies an employee by PIN alone, so two live employees of one restaurant never share one.
    uniqueIndex('users_restaurant_pin_live_idx')
      .on(t.restaurantId, t.pin)
      .where(sql`${t.deletedAt} is null and ${t.pin} is not null`),
    uniqueIndex('users_restaurant_representative_idx')
      .on(t.restaurantId)
      .where(sql`${t.authorizedRepresentative} and ${t.deletedAt} is null`),
    check(
      'users_representative_active_check',
      sql`not ${t.authorizedRepresentative} or (${t.status} = 'active' and ${t.deletedAt} is null)`,
    ),
  ],
);

/** A restaurant's roles (SPEC 6: customizable, flags from SPEC 3 "Role"). */
export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    flags: jsonb().$type<Partial<TRoleFlags>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Leads with restaurant_id, so it is also the tenant index.
  (t) => [uniqueIndex('roles_restaurant_name_idx').on(t.restaurantId, sql`lower(${t.name})`)],
);

/** restaurant_id is repeated here so the table can be co-located with its restaurant when sharded. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_roles_role_id_idx').on(t.roleId),
    index('user_roles_restaurant_id_idx').on(t.restaurantId),
  ],
);
