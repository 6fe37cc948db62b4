import { and, count, eq, inArray } from 'drizzle-orm';
import { emptyRoleFlags, allRoleFlags, type TRoleFlag, type TRoleFlags } from '@ra/shared/permissions';
import { hashPassword } from '../lib/passwords.ts';
import { seedDemoOrders, type TSeedOrdersOptions, type TSeedOrdersResult } from './demo-orders.ts';
import type { Database } from '../db/client.ts';
import { nodes, type TNodeType } from '../db/schema/nodes.ts';
import { restaurants, type TBusinessHoursDoc, type TRestaurantConfigDoc } from '../db/schema/restaurants.ts';
import { roles, userRoles, users } from '../db/schema/users.ts';
import { seedDomains } from './domain-seeds.ts';
import { seedRefundsDemo } from './refunds.seed.ts';
import { seedCustomersFromDemoOrders } from './customers.seed.ts';
import { seedRewardsHistory } from './rewards.seed.ts';
import { seedAgentEarnings } from './agent.seed.ts';
import { seedDemoBankAccount } from './business.seed.ts';
import { seedLivingExtras } from './living.seed.ts';
import { closeDemoTipPeriod } from './tips.seed.ts';

/**
 * Demo data for a first start and for tests: one agent group with a team, four restaurants, and an
 * account for each kind of person who signs in. All accounts use DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_EMAILS = {
  owner: 'owner@demo.test',
  manager: 'manager@demo.test',
  staff: 'staff@demo.test',
  agent: 'agent@demo.test',
  verify: 'verify@demo.test',
  admin: 'admin@demo.test',
} as const;

function flags(...on: TRoleFlag[]): TRoleFlags {
  const result = emptyRoleFlags();
  for (const flag of on) result[flag] = true;
  return result;
}

/** SPEC 6 leaves "which role has which permission" open; these are what a US full-service place uses. */
const DEMO_ROLES: Array<{ name: string; flags: TRoleFlags }> = [
  { name: 'Owner', flags: allRoleFlags() },
  {
    name: 'Manager',
    flags: flags(
      'editMenu',
      'editCoupon',
      'viewSalesReport',
      'viewWorkHours',
      'order',
      'placeOrders',
      'deleteItems',
      'cashPayment',
      'updateTip',
      'voidOrders',
      'quickStats',
      'deleteOrders',
      'adjustPrice',
      'sendRewardCoupon',
      'soldOut',
      'editWorkHour',
      'cashDrawer',
      'modifyServerForTip',
      'loginPosOnOwnDevice',
    ),
  },
  {
    name: 'Staff',
    flags: flags('viewWorkHours', 'order', 'placeOrders', 'cashPayment', 'updateTip', 'clockInRequired'),
  },
];

type TWeekly = TBusinessHoursDoc['weekly'];
const week = (
  open: string,
  close: string,
  overrides: Partial<Record<number, [string, string] | 'closed'>> = {},
): TWeekly =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const o = overrides[day];
    if (o === 'closed') return { day, closed: true, open, close };
    return { day, closed: false, open: o?.[0] ?? open, close: o?.[1] ?? close };
  });

interface TDemoRestaurant {
  key: 'harbor' | 'dragon' | 'maple' | 'sakura';
  under: 'agent' | 'team';
  restname: string;
  name: string;
  fullname: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  timeZone: string | null;
  hourOffsetEndOfDay: number;
  config: TRestaurantConfigDoc;
  weekly: TWeekly;
}

const DEMO_RESTAURANTS: TDemoRestaurant[] = [
  {
    key: 'harbor',
    under: 'agent',
    restname: 'Harbor Bistro',
    name: 'Harbor Bistro',
    fullname: 'Harbor Bistro & Oyster Bar',
    street: '120 Atlantic Ave',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    phone: '(617) 555-0142',
    timeZone: 'America/New_York',
    // Closes at 1 am on weekends: the late covers belong to the previous business day.
    hourOffsetEndOfDay: 3,
    config: { version: '1.0.0', workHoursSteps: 15, enableCaptureSignature: true },
    weekly: week('11:00', '22:00', { 5: ['11:00', '01:00'], 6: ['10:00', '01:00'], 0: ['10:00', '21:00'] }),
  },
  {
    key: 'dragon',
    under: 'agent',
    restname: '金龙餐厅 Golden Dragon',
    name: '金龙餐厅 Golden Dragon',
    fullname: '金龙餐厅 Golden Dragon Restaurant',
    street: '38 Mott St',
    city: 'New York',
    state: 'NY',
    zip: '10013',
    phone: '(212) 555-0188',
    timeZone: 'America/New_York',
    hourOffsetEndOfDay: 2,
    config: { version: '1.0.0', tipWordZh: '服务费' },
    weekly: week('10:30', '23:00', { 2: 'closed' }),
  },
  {
    key: 'maple',
    under: 'team',
    restname: 'Maple Street Diner',
    name: 'Maple Street Diner',
    fullname: 'Maple Street Diner',
    street: '415 Maple St',
    city: 'Burlington',
    state: 'VT',
    zip: '05401-2210',
    phone: '802-555-0117',
    timeZone: 'America/New_York',
    hourOffsetEndOfDay: 0,
    config: { version: '1.0.0' },
    weekly: week('06:30', '15:00'),
  },
  {
    key: 'sakura',
    under: 'team',
    restname: 'Sakura Ramen',
    name: 'Sakura Ramen',
    fullname: 'Sakura Ramen House',
    street: '2210 Walnut St',
    city: 'Philadelphia',
    state: 'PA',
    zip: '19103',
    phone: '(215) 555-0163',
    // Never chosen: an agent picking this restaurant is asked for the time zone (SPEC 4).
    timeZone: null,
    hourOffsetEndOfDay: 0,
    config: { version: '1.0.0' },
    weekly: week('11:30', '21:30', { 1: 'closed' }),
  },
];

interface TDemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** Restaurant users sign in at their restaurant; agents at the agent node. */
  at: 'harbor' | 'agent';
  role?: 'Owner' | 'Manager' | 'Staff';
  employeeNumber?: string;
  pin?: string;
  isAdmin?: boolean;
  requireEmailCode?: boolean;
  /** The restaurant's owner for payments (SPEC 4), whose account only they or platform staff change. */
  authorizedRepresentative?: boolean;
}

const DEMO_ACCOUNTS: TDemoAccount[] = [
  {
    email: DEMO_EMAILS.owner,
    firstName: 'Grace',
    lastName: 'Miller',
    at: 'harbor',
    role: 'Owner',
    employeeNumber: '1001',
    pin: '4821',
    authorizedRepresentative: true,
  },
  {
    email: DEMO_EMAILS.manager,
    firstName: 'Marcus',
    lastName: 'Lee',
    at: 'harbor',
    role: 'Manager',
    employeeNumber: '1002',
    pin: '5930',
  },
  {
    email: DEMO_EMAILS.staff,
    firstName: 'Sofia',
    lastName: 'Ramirez',
    at: 'harbor',
    role: 'Staff',
    employeeNumber: '1003',
    pin: '7314',
  },
  {
    email: DEMO_EMAILS.verify,
    firstName: 'Victor',
    lastName: 'Nguyen',
    at: 'harbor',
    role: 'Owner',
    employeeNumber: '1004',
    pin: '2657',
    requireEmailCode: true,
  },
  { email: DEMO_EMAILS.agent, firstName: 'Linda', lastName: 'Chen', at: 'agent' },
  // Platform staff, so the admin-only config (SPEC 6) can be tried out.
  { email: DEMO_EMAILS.admin, firstName: 'Sam', lastName: 'Patel', at: 'agent', isAdmin: true },
];

/**
 * More of Harbor Bistro's team, so the team pages have something to search, filter and page through:
 * a mix of roles, some POS-only (no dashboard password), one deactivated. None holds a 'Cashier'
 * role, so a walkthrough can create one. Same password as the demo accounts where they have one.
 */
export const DEMO_EMPLOYEES: Array<{
  email: string;
  firstName: string;
  lastName: string;
  employeeNumber: string;
  pin: string;
  roles: Array<'Manager' | 'Staff'>;
  password: boolean;
  status: 'active' | 'inactive';
  authorizedRepresentative?: boolean;
}> = [
  {
    email: 'priya.shah@demo.test',
    firstName: 'Priya',
    lastName: 'Shah',
    employeeNumber: '1005',
    pin: '6278',
    roles: ['Manager'],
    password: true,
    status: 'active',
  },
  {
    email: 'daniel.kim@demo.test',
    firstName: 'Daniel',
    lastName: 'Kim',
    employeeNumber: '1006',
    pin: '3142',
    roles: ['Staff'],
    password: true,
    status: 'active',
  },
  {
    email: 'mei.wong@demo.test',
    firstName: 'Mei',
    lastName: 'Wong',
    employeeNumber: '1007',
    pin: '9156',
    roles: ['Staff'],
    password: true,
    status: 'active',
  },
  {
    email: 'tom.oconnor@demo.test',
    firstName: 'Tom',
    lastName: "O'Connor",
    employeeNumber: '1008',
    pin: '8403',
    roles: ['Staff'],
    password: false,
    status: 'active',
  },
  {
    email: 'elena.rossi@demo.test',
    firstName: 'Elena',
    lastName: 'Rossi',
    employeeNumber: '1009',
    pin: '7741',
    roles: ['Manager', 'Staff'],
    password: false,
    status: 'active',
  },
  {
    email: 'jamal.brooks@demo.test',
    firstName: 'Jamal',
    lastName: 'Brooks',
    employeeNumber: '1010',
    pin: '2590',
    roles: ['Staff'],
    password: false,
    status: 'inactive',
  },
];

/**
 * Adds whichever DEMO_EMPLOYEES are missing at the owner's restaurant, so a database seeded before
 * they existed gets them too. Idempotent: an employee whose email was ever used (even deleted) is
 * left alone, and a PIN someone has taken since makes that one employee skip rather than fail.
 */
async function ensureDemoEmployees(db: Database): Promise<number> {
  const [owner] = await db
    .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  if (!owner?.restaurantId) return 0;
  const restaurantId = owner.restaurantId;
  const known = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            DEMO_EMPLOYEES.map((e) => e.email),
          ),
        )
    ).map((r) => r.email),
  );
  const missing = DEMO_EMPLOYEES.filter((e) => !known.has(e.email));
  if (missing.length === 0) return 0;
  const hash = await hashPassword(DEMO_PASSWORD);
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.restaurantId, restaurantId), inArray(roles.name, ['Manager', 'Staff'])));
  const [taken] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.restaurantId, restaurantId), eq(users.authorizedRepresentative, true)));
  let added = 0;
  await db.transaction(async (tx) => {
    for (const employee of missing) {
      const [row] = await tx
        .insert(users)
        .values({
          email: employee.email,
          passwordHash: employee.password ? hash : null,
          firstName: employee.firstName,
          lastName: employee.lastName,
          employeeNumber: employee.employeeNumber,
          pin: employee.pin,
          status: employee.status,
          authorizedRepresentative: (employee.authorizedRepresentative ?? false) && (taken?.n ?? 0) === 0,
          restaurantId,
          nodeId: owner.nodeId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!row) continue;
      added += 1;
      const roleIds = roleRows.filter((r) => (employee.roles as string[]).includes(r.name)).map((r) => r.id);
      if (roleIds.length) {
        await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId, restaurantId })));
      }
    }
  });
  return added;
}

async function insertNode(
  tx: Database,
  parent: { id: number; path: string; depth: number } | null,
  values: { type: TNodeType; firstName?: string; lastName?: string; restname?: string },
) {
  const depth = parent ? parent.depth + 1 : 0;
  const [row] = await tx
    .insert(nodes)
    .values({ ...values, parentId: parent?.id ?? null, path: '', depth })
    .returning({ id: nodes.id, xid: nodes.xid });
  if (!row) throw new Error('node insert returned nothing');
  // The path holds the node's own id, known only after the insert.
  const path = `${parent?.path ?? '/'}${row.id}/`;
  await tx.update(nodes).set({ path }).where(eq(nodes.id, row.id));
  return { id: row.id, xid: row.xid, path, depth };
}

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

export interface TSeedDemoOptions {
  /**
   * Also generate demo orders (demo/demo-orders.ts) once the restaurants exist. Off unless
   * asked for, so tests start fast and bring their own orders; the first `npm start` asks for 90 days.
   */
  orders?: TSeedOrdersOptions;
  /** The instant each domain's demo data is written as of (default: the orders' `now`, else the wall clock). */
  now?: Date;
  /**
   * The server's account-number key (config.jwtSecret). With the demo orders it links and verifies the
   * owner's bank account, so SMS can be tried on a first start.
   */
  accountKey?: string;
}

/**
 * Idempotent: when the demo accounts exist it does nothing, and it runs in one transaction, so a
 * failed run leaves nothing half-made behind. Demo orders, when asked for, are added afterwards in
 * batches of their own.
 */
export async function seedDemoData(
  db: Database,
  options: TSeedDemoOptions = {},
): Promise<{ seeded: boolean; orders?: TSeedOrdersResult }> {
  const { seeded } = await seedDemoAccounts(db);
  const now = options.now ?? options.orders?.now ?? new Date();
  if (seeded) await seedDomains({ db, now, ordersFollow: !!options.orders });
  if (!seeded) return { seeded };
  if (!options.orders) {
    await seedAgentEarnings(db, now);
    return { seeded };
  }
  const orders = await seedDemoOrders(db, options.orders);
  const withOrders = orders.restaurants.filter((r) => r.orders > 0).map((r) => r.id);
  // Back-office refunds on past orders (issue 23), before anything is computed from the orders' payments.
  await seedRefundsDemo(db, options.orders.now ?? now);
  // Customers come from the orders: give a share of them repeat customers' phones (issue 12); the
  // owner's restaurant gets a few thousand (issue 25: paging, segments and the 1,000-recipient limit).
  const [owner] = await db
    .select({ restaurantId: users.restaurantId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  await seedCustomersFromDemoOrders(db, withOrders, options.orders.now ?? now, owner?.restaurantId ?? null);
  // Rewards redeemed with the points those customers earned (issue 24).
  await seedRewardsHistory(db, options.orders.now ?? now);
  // Harbor's last closed pay period keeps the tips of the orders it covered.
  await closeDemoTipPeriod(db);
  await seedLivingRestaurant(db, now, options.accountKey);
  // The agent's commissions are computed from the orders' card payments, as the product computes them.
  await seedAgentEarnings(db, now);
  return { seeded, orders };
}

/**
 * What makes the owner's restaurant a living one on a first `npm start` (issue 25): a verified bank
 * account (SMS can be sent), the order-to-go-with-date page, and what demo/living.seed.ts adds. Only with the demo orders:
 * the test databases keep the plain accounts, which their tests build on.
 */
async function seedLivingRestaurant(db: Database, now: Date, accountKey: string | undefined): Promise<void> {
  const [owner] = await db
    .select({ restaurantId: users.restaurantId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  if (!owner?.restaurantId) return;
  // The order-to-go-with-date page (SPEC 2 "enableOrderToGoWithDateSelect") is on at the owner's place.
  const [row] = await db
    .select({ config: restaurants.config })
    .from(restaurants)
    .where(eq(restaurants.id, owner.restaurantId));
  if (row)
    await db
      .update(restaurants)
      .set({ config: { ...row.config, enableOrderToGoWithDateSelect: true } })
      .where(eq(restaurants.id, owner.restaurantId));
  if (!accountKey) return;
  await seedDemoBankAccount(db, now, accountKey);
  // Menu groups, premium codes and a sent SMS campaign (which needs the verified bank).
  await seedLivingExtras(db, now);
}

async function seedDemoAccounts(db: Database): Promise<{ seeded: boolean }> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_EMAILS)))
    .limit(1);
  if (existing.length > 0) {
    await ensureDemoEmployees(db);
    return { seeded: false };
  }

  // Hash outside the transaction: argon2 is slow on purpose and the transaction should be short.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    // Agent and team nodes have no name column: the tree shows "firstName lastName" (SPEC 3 node properties).
    const agent = await insertNode(tx, null, { type: 'agent', firstName: 'Golden Spoon', lastName: 'Group' });
    const team = await insertNode(tx, agent, { type: 'team', firstName: 'East', lastName: 'Team' });

    const restaurantIds = new Map<TDemoRestaurant['key'], { id: number; nodeId: number }>();
    for (const r of DEMO_RESTAURANTS) {
      const node = await insertNode(tx, r.under === 'agent' ? agent : team, {
        type: 'restaurant',
        restname: r.restname,
      });
      const [row] = await tx
        .insert(restaurants)
        .values({
          nodeId: node.id,
          name: r.name,
          fullname: r.fullname,
          street: r.street,
          city: r.city,
          state: r.state,
          zip: r.zip,
          phone: r.phone,
          timeZone: r.timeZone,
          posLocales: ['en', 'zh'],
          hourOffsetEndOfDay: r.hourOffsetEndOfDay,
          config: r.config,
          businessHours: { weekly: r.weekly, holidays: ['2025-12-25', '2026-01-01'] },
        })
        .returning({ id: restaurants.id });
      if (!row) throw new Error('restaurant insert returned nothing');
      restaurantIds.set(r.key, { id: row.id, nodeId: node.id });
    }

    const roleIds = new Map<string, number>();
    for (const { id } of restaurantIds.values()) {
      const inserted = await tx
        .insert(roles)
        .values(DEMO_ROLES.map((role) => ({ restaurantId: id, name: role.name, flags: role.flags })))
        .returning({ id: roles.id, name: roles.name });
      for (const role of inserted) roleIds.set(`${id}:${role.name}`, role.id);
    }

    const harbor = restaurantIds.get('harbor');
    if (!harbor) throw new Error('demo restaurant missing');
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const atHarbor = account.at === 'harbor';
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: hashes[i] ?? null,
          firstName: account.firstName,
          lastName: account.lastName,
          employeeNumber: account.employeeNumber ?? null,
          pin: account.pin ?? null,
          restaurantId: atHarbor ? harbor.id : null,
          nodeId: atHarbor ? harbor.nodeId : agent.id,
          isAdmin: account.isAdmin ?? false,
          requireEmailCode: account.requireEmailCode ?? false,
          authorizedRepresentative: account.authorizedRepresentative ?? false,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      if (account.role) {
        const roleId = roleIds.get(`${harbor.id}:${account.role}`);
        if (roleId === undefined) throw new Error(`demo role ${account.role} missing`);
        await tx.insert(userRoles).values({ userId: user.id, roleId, restaurantId: harbor.id });
      }
    }
  });
  await ensureDemoEmployees(db);
  return { seeded: true };
}
