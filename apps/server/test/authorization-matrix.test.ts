import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDecoder, createSigner } from 'fast-jwt';
import type { InjectOptions } from 'fastify';
import {
  ROLE_FLAG_TO_OPERATION_AUTHORITY,
  ROLE_FLAG_TO_PAGE_PERMISSION,
  ROLE_FLAGS,
  type TRoleFlag,
} from '@ra/shared/permissions';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../src/demo/seed.ts';
import type { TRouteAccess, TRouteAccessEntry } from '../src/plugins/access-control.ts';
import { API_DOCS_PREFIX } from '../src/plugins/api-docs.ts';
import {
  createPerson,
  flagsWith,
  harbor,
  restaurantByName,
  roleIdByName,
  userIdByEmail,
} from '../src/modules/team/team.test-support.ts';
import { as, createTestContext, signin, TEST_JWT_SECRET, tokenFor } from './helper.ts';
import type { TBuilder, TMatrixEnv } from './matrix/types.ts';
import { mediaBuilders } from './matrix/media.ts';
import { menuBuilders } from './matrix/menu.ts';
import { businessBuilders } from './matrix/business.ts';
import { devicesBuilders, pairMatrixDevice } from './matrix/devices.ts';
import { deliveryBuilders } from './matrix/delivery.ts';
import { couponsBuilders } from './matrix/coupons.ts';
import { giftcardsBuilders } from './matrix/giftcards.ts';
import { workHoursBuilders } from './matrix/work-hours.ts';
import { tipsBuilders } from './matrix/tips.ts';
import { agentBuilders } from './matrix/agent.ts';
import { customersBuilders } from './matrix/customers.ts';
import { providersBuilders } from './matrix/providers.ts';
import { liveBuilders } from './matrix/live.ts';
import { reportMailBuilders } from './matrix/report-mail.ts';
import { insightBuilders } from './matrix/insight.ts';
import { refundsBuilders } from './matrix/refunds.ts';
import { segmentsBuilders } from './matrix/segments.ts';
import { rewardsBuilders } from './matrix/rewards.ts';

/**
 * The authorization matrix: every route in app.routeAccess x every kind of caller, with the answer
 * each must get. It is driven by the route table, so a route someone adds later is covered the
 * moment it exists, and it fails until that route has a request builder below.
 *
 * Callers: no token, a forged token, an expired token, a person at the restaurant whose role lacks
 * the route's flag, one whose role has exactly that flag, and the owner of another restaurant asking
 * for this restaurant's ids (who must get 404/403, and must never see this restaurant's data), and an
 * agent of another subtree (who must never see the demo agent's tree).
 */

// Built at collection time so each route gets its own test case.
const ctx = await createTestContext();
afterAll(async () => {
  await ctx.close();
});

const home = await harbor(ctx.db);
const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
await createPerson(ctx.db, dragon, {
  email: 'owner@dragon.test',
  existingRole: 'Owner',
  firstName: 'Wei',
  lastName: 'Zhang',
});

/**
 * Sales at both restaurants in the report range, each with names and an amount found nowhere else, so
 * a report that forgot its restaurant filter shows the other restaurant's figures and fails below.
 */
const REPORT_RANGE = { from: '2026-01-05', to: '2026-01-11' };
const SALES = {
  home: {
    item: 'Matrix Oyster Platter',
    category: 'Matrix Shellfish',
    option: 'Matrix Mignonette',
    tax: 'Matrix Harbor Tax',
    payout: 'Matrix ice delivery',
    orderNumber: 'MXH-1',
    cents: 98_765,
  },
  other: {
    item: 'Matrix Dragon Dumplings',
    category: 'Matrix Dim Sum',
    option: 'Matrix Chili Oil',
    tax: 'Matrix Dragon Tax',
    payout: 'Matrix wok repair',
    orderNumber: 'MXD-1',
    cents: 12_345,
  },
};
/** How an amount of cents appears in JSON (cents) and in exports (dollars). */
const amountPattern = (cents: number) =>
  new RegExp(`\\b${cents}\\b|${Math.floor(cents / 100)}\\.${String(cents % 100).padStart(2, '0')}`);

async function pushSales(email: string, s: (typeof SALES)['home']): Promise<void> {
  const owner = as(ctx.app, await tokenFor(ctx.app, email));
  const order = await owner({
    method: 'POST',
    url: '/api/api/pos/orders',
    payload: {
      posOrderId: `matrix-${s.orderNumber}`,
      orderNumber: s.orderNumber,
      channel: 'dineIn',
      partySize: 2,
      status: 'closed',
      openedAt: '2026-01-07T23:00:00Z',
      closedAt: '2026-01-08T00:00:00Z',
      items: [
        {
          posItemId: `${s.orderNumber}-item`,
          name: s.item,
          category: s.category,
          quantity: 1,
          unitPriceCents: s.cents,
          options: [{ name: s.option, group: 'Matrix sauces', priceCents: 0, quantity: 1 }],
        },
      ],
      taxCents: 0,
      taxes: [{ name: s.tax, rateBasisPoints: 0, taxableCents: s.cents, taxCents: 0 }],
      tipCents: 0,
      payments: [
        {
          posPaymentId: `${s.orderNumber}-pay`,
          method: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
          amountCents: s.cents,
          tipCents: 0,
          paidAt: '2026-01-07T23:59:00Z',
        },
      ],
    },
  });
  if (order.statusCode >= 300) throw new Error(`matrix order for ${email}: ${order.statusCode} ${order.body}`);
  const payout = await owner({
    method: 'POST',
    url: '/api/api/pos/payouts',
    payload: {
      posPayoutId: `${s.orderNumber}-payout`,
      amountCents: 4_321,
      reason: s.payout,
      by: 'Matrix',
      at: '2026-01-07T22:00:00Z',
    },
  });
  if (payout.statusCode >= 300) throw new Error(`matrix payout for ${email}: ${payout.statusCode} ${payout.body}`);
}
await pushSales(DEMO_EMAILS.owner, SALES.home);
await pushSales('owner@dragon.test', SALES.other);

/** Things only Harbor Bistro has, which must never appear in an answer to Golden Dragon's owner. */
const HOME_MARKERS: Array<string | RegExp> = [
  'Harbor',
  '@demo.test',
  'Miller',
  'Matrix Sommelier',
  SALES.home.item,
  SALES.home.category,
  SALES.home.option,
  SALES.home.tax,
  SALES.home.payout,
  SALES.home.orderNumber,
  amountPattern(SALES.home.cents),
];

/** Harbor's ids, put into the requests. */
const ids = {
  restaurantXid: home.xid,
  // Team targets hold no flag beyond editAccounts, so the caller holding just that flag may manage
  // them (nobody may change an account or role carrying flags they lack).
  roleId: (
    await createPerson(ctx.db, home, {
      email: 'sommelier@demo.test',
      roleName: 'Matrix Sommelier',
      flags: flagsWith('editAccounts'),
    })
  ).roleId,
  userId: await userIdByEmail(ctx.db, 'sommelier@demo.test'),
  /** Deleted by the caller that is allowed to delete it. */
  disposableRoleId: (await createPerson(ctx.db, home, { email: 'temp-role@demo.test', roleName: 'Matrix Temp' }))
    .roleId,
  disposableUserId: (await createPerson(ctx.db, home, { email: 'leaving@demo.test', roleName: 'Matrix Blank' })).userId,
  blankRoleId: await roleIdByName(ctx.db, home.id, 'Matrix Blank'),
};
// The temp role must be empty to be deletable: move its holder to Staff.
await ctx.db.execute(sql`update user_roles set role_id = ${ids.blankRoleId} where role_id = ${ids.disposableRoleId}`);

/** A Harbor order when the demo data has one; otherwise an id nobody has (still must not be 401/403). */
const orderRows = await ctx.db.execute(sql`select id from orders where restaurant_id = ${home.id} order by id limit 1`);
const orderId = Number((orderRows as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
if (!Number.isInteger(orderId)) throw new Error('the matrix order at Harbor Bistro is missing');

const report = (name: string, own?: TBuilder['own']): Record<string, TBuilder> => ({
  [`GET /api/api/reports/${name}`]: { build: () => ({ url: `/api/api/reports/${name}`, query: REPORT_RANGE }), own },
  [`GET /api/api/reports/${name}/export`]: {
    build: () => ({ url: `/api/api/reports/${name}/export`, query: { ...REPORT_RANGE, format: 'csv' } }),
    own,
  },
});
const byAmount: TBuilder['own'] = (mine) => amountPattern(mine.cents);

/**
 * A minimal request per route. A new route without an entry fails the matrix: add one here, with
 * Harbor's ids wherever the route takes an id.
 */
const BUILDERS: Record<string, TBuilder> = {
  'POST /api/account/acquireToken': { build: () => ({ url: '/api/account/acquireToken', payload: {} }) },
  'GET /api/account/logout': { build: () => ({ url: '/api/account/logout' }) },
  'POST /api/account/swtichRestByXid': {
    build: () => ({ url: '/api/account/swtichRestByXid', payload: { xid: ids.restaurantXid } }),
    crossTenant: [403],
  },
  'POST /api/account/unlock': { build: () => ({ url: '/api/account/unlock', payload: { password: DEMO_PASSWORD } }) },
  'POST /api/account/changePassword': {
    // A wrong current password: the allowed caller reaches the check without changing anything.
    build: () => ({
      url: '/api/account/changePassword',
      payload: { oldPassword: 'not-the-password', newPassword: 'long enough 1', confirmPassword: 'long enough 1' },
    }),
  },
  'GET /api/api/getUserInfo': { build: () => ({ url: '/api/api/getUserInfo' }) },
  'POST /api/api/getChildrenNodeByXid': {
    build: () => ({ url: '/api/api/getChildrenNodeByXid', payload: { xid: ids.restaurantXid, code: 'RA-NODE-TREE' } }),
    crossTenant: [403],
  },
  'GET /api/api/getrest': { build: () => ({ url: '/api/api/getrest' }) },
  'GET /api/api/restaurant/profile': { build: () => ({ url: '/api/api/restaurant/profile' }) },
  'POST /api/api/updaterest': {
    // Each caller saves its own restaurant's current profile, so nothing is renamed.
    build: (caller) => ({
      url: '/api/api/updaterest',
      payload:
        caller === 'home'
          ? {
              name: 'Harbor Bistro',
              fullname: 'Harbor Bistro & Oyster Bar',
              street: '120 Atlantic Ave',
              city: 'Boston',
              state: 'MA',
              zip: '02110',
              phone: '(617) 555-0142',
            }
          : {
              name: '金龙餐厅 Golden Dragon',
              fullname: '金龙餐厅 Golden Dragon Restaurant',
              street: '38 Mott St',
              city: 'New York',
              state: 'NY',
              zip: '10013',
              phone: '(212) 555-0188',
            },
    }),
    // Golden Dragon's owner may change Golden Dragon: the route has no id to point elsewhere.
    crossTenant: [200],
  },
  'POST /api/api/getRestConfig': { build: () => ({ url: '/api/api/getRestConfig', payload: { name: 'timezone' } }) },
  'POST /api/api/updateRestConfig': {
    build: () => ({ url: '/api/api/updateRestConfig', payload: { name: 'workHoursSteps', value: '15' } }),
  },
  'POST /api/api/updateRestAdminConfig': {
    build: () => ({ url: '/api/api/updateRestAdminConfig', payload: { enablePremiumCoupon: false } }),
  },
  'POST /api/api/clearrestcacheLite': { build: () => ({ url: '/api/api/clearrestcacheLite' }) },

  'GET /api/api/getrestperm': { build: () => ({ url: '/api/api/getrestperm' }) },
  'POST /api/api/updaterestperm': {
    build: () => ({
      url: '/api/api/updaterestperm',
      payload: { id: ids.roleId, name: 'Matrix Sommelier', flags: { editAccounts: true } },
    }),
    crossTenant: [404],
  },
  'POST /api/api/deleterestperm': {
    build: () => ({ url: '/api/api/deleterestperm', payload: { id: ids.disposableRoleId } }),
    crossTenant: [404],
  },
  'GET /api/api/role/:id/history': { build: () => ({ url: `/api/api/role/${ids.roleId}/history` }) },
  'GET /api/api/user': { build: () => ({ url: '/api/api/user' }) },
  'POST /api/api/user': {
    build: () => ({
      url: '/api/api/user',
      payload: {
        firstName: 'Matrix',
        lastName: 'Hire',
        email: `matrix-hire-${Math.random().toString(36).slice(2, 8)}@demo.test`,
        roleIds: [ids.blankRoleId],
        pin: String(10_000 + Math.floor(Math.random() * 89_999)),
      },
    }),
    // Harbor's role id is not Golden Dragon's: the role field is refused.
    crossTenant: [400],
  },
  'GET /api/api/user/:id': {
    build: () => ({ url: `/api/api/user/${ids.userId}`, query: { ignoreDeletedAt: 'true' } }),
  },
  'PUT /api/api/user/:id': { build: () => ({ url: `/api/api/user/${ids.userId}`, payload: { firstName: 'Matrix' } }) },
  'DELETE /api/api/user/:id': { build: () => ({ url: `/api/api/user/${ids.disposableUserId}` }) },
  'GET /api/api/user/:id/history': { build: () => ({ url: `/api/api/user/${ids.userId}/history` }) },

  // Orders and reports (docs/api/reports.md). An empty order is refused by its schema: enough to show
  // the caller got past the access check.
  'POST /api/api/pos/orders': { build: () => ({ url: '/api/api/pos/orders', payload: {} }) },
  'POST /api/api/pos/payouts': { build: () => ({ url: '/api/api/pos/payouts', payload: {} }) },
  ...report('sales-summary', byAmount),
  ...report('sales-trends', byAmount),
  ...report('operation', byAmount),
  ...report('payment-methods', byAmount),
  ...report('item-sales', (mine) => mine.item),
  ...report('category-sales', (mine) => mine.category),
  ...report('option-sales', (mine) => mine.option),
  ...report('discounts'),
  ...report('comps-voids'),
  ...report('taxes', (mine) => mine.tax),
  ...report('payouts', (mine) => mine.payout),
  'GET /api/api/transactions': {
    build: () => ({ url: '/api/api/transactions', query: REPORT_RANGE }),
    own: (mine) => mine.orderNumber,
  },
  'GET /api/api/transactions/export': {
    build: () => ({ url: '/api/api/transactions/export', query: { ...REPORT_RANGE, format: 'csv' } }),
    own: (mine) => mine.orderNumber,
  },
  'GET /api/api/transactions/order/:orderId': {
    build: () => ({ url: `/api/api/transactions/order/${orderId}` }),
    own: (mine) => mine.item,
  },
  'GET /api/api/order-calendar': { build: () => ({ url: '/api/api/order-calendar', query: { month: '2026-01' } }) },
  'GET /api/api/order-calendar/year': {
    build: () => ({ url: '/api/api/order-calendar/year', query: { year: '2026' } }),
  },
  'GET /api/api/dashboard/today': { build: () => ({ url: '/api/api/dashboard/today' }) },
  'GET /api/api/analytics/overview': {
    build: () => ({ url: '/api/api/analytics/overview', query: REPORT_RANGE }),
    own: (mine) => mine.item,
  },
};

// Each domain keeps its builders in ./matrix/<domain>.ts; they may add rows of their own and markers.
const matrixEnv: TMatrixEnv = {
  app: ctx.app,
  db: ctx.db,
  home: { id: home.id, xid: home.xid, nodeId: home.nodeId },
  other: { id: dragon.id, xid: dragon.xid, nodeId: dragon.nodeId },
  tokenFor: (email) => tokenFor(ctx.app, email),
  homeMarkers: HOME_MARKERS,
};
for (const domain of [
  mediaBuilders,
  menuBuilders,
  businessBuilders,
  devicesBuilders,
  deliveryBuilders,
  couponsBuilders,
  giftcardsBuilders,
  workHoursBuilders,
  tipsBuilders,
  agentBuilders,
  customersBuilders,
  providersBuilders,
  liveBuilders,
  reportMailBuilders,
  insightBuilders,
  refundsBuilders,
  segmentsBuilders,
  rewardsBuilders,
]) {
  for (const [key, builder] of Object.entries(await domain(matrixEnv))) {
    if (BUILDERS[key]) throw new Error(`two request builders for ${key}`);
    BUILDERS[key] = builder;
  }
}

// --- callers ---------------------------------------------------------------------------------

/** The role flag that grants a page permission or an operation authority (packages/shared). */
function flagFor(access: TRouteAccess): TRoleFlag | undefined {
  if (access.kind === 'page') return ROLE_FLAGS.find((f) => ROLE_FLAG_TO_PAGE_PERMISSION[f] === access.permission);
  if (access.kind === 'operation') {
    return ROLE_FLAGS.find((f) => f !== 'fullAccess' && ROLE_FLAG_TO_OPERATION_AUTHORITY[f] === access.authority);
  }
  return undefined;
}

const routes: TRouteAccessEntry[] = ctx.app.routeAccess.filter(
  (r) => r.access.kind !== 'public' && r.method !== 'HEAD' && !r.url.startsWith(API_DOCS_PREFIX),
);

// Two people per flag the routes need: one whose role has that flag alone, and one whose role has
// every flag but that one (and not full access), so no other flag can stand in for the route's.
const onlyFlag = new Map<TRoleFlag, string>();
const allButFlag = new Map<TRoleFlag, string>();
for (const flag of new Set(routes.map((r) => flagFor(r.access)).filter((f): f is TRoleFlag => !!f))) {
  const email = `only-${flag.toLowerCase()}@demo.test`;
  await createPerson(ctx.db, home, { email, roleName: `Only ${flag}`, flags: flagsWith(flag) });
  onlyFlag.set(flag, email);
  const allBut = `all-but-${flag.toLowerCase()}@demo.test`;
  // Several flags can grant one authority ('order' and 'placeOrders' both give canOrder): leave out all.
  const grantsSame = (f: TRoleFlag) =>
    f === flag ||
    (ROLE_FLAG_TO_PAGE_PERMISSION[flag] !== undefined &&
      ROLE_FLAG_TO_PAGE_PERMISSION[f] === ROLE_FLAG_TO_PAGE_PERMISSION[flag]) ||
    (ROLE_FLAG_TO_OPERATION_AUTHORITY[flag] !== undefined &&
      ROLE_FLAG_TO_OPERATION_AUTHORITY[f] === ROLE_FLAG_TO_OPERATION_AUTHORITY[flag]);
  const others = ROLE_FLAGS.filter((f) => !grantsSame(f) && f !== 'fullAccess');
  await createPerson(ctx.db, home, { email: allBut, roleName: `All but ${flag}`, flags: flagsWith(...others) });
  allButFlag.set(flag, allBut);
}
await createPerson(ctx.db, home, { email: 'no-flags@demo.test', roleName: 'No flags' });

/** An agent with a tree of its own (issue 13): every route must keep the demo agent's tree from them. */
const OTHER_SUBTREE_AGENT = 'agent@silverfork.test';
{
  const inserted = await ctx.db.execute(
    sql`insert into nodes (parent_id, type, first_name, last_name, path, depth) values (null, 'agent', 'Silver Fork', 'Partners', '', 0) returning id`,
  );
  const nodeId = Number((inserted as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
  await ctx.db.execute(sql`update nodes set path = '/' || id || '/' where id = ${nodeId}`);
  await ctx.db.execute(
    sql`insert into users (email, password_hash, first_name, last_name, node_id)
        select ${OTHER_SUBTREE_AGENT}, password_hash, 'Olga', 'Berg', ${nodeId} from users where email = ${DEMO_EMAILS.agent}`,
  );
}

const adminToken = await tokenFor(ctx.app, DEMO_EMAILS.admin);
await as(ctx.app, adminToken)({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: home.xid } });
const noFlagsToken = await tokenFor(ctx.app, 'no-flags@demo.test');
const ownerToken = await tokenFor(ctx.app, DEMO_EMAILS.owner);
/** A paired device's own credential at Harbor (issue 9): refused everywhere but device routes. */
const deviceToken = (await pairMatrixDevice(matrixEnv, 'Matrix Harbor Caller')).token;

const claims = createDecoder()(ownerToken) as { sub: string; sid: string; exp: number };
const forgedToken = createSigner({ key: 'not-our-secret-0123456789abcdef0123456789', algorithm: 'HS256' })({
  sub: claims.sub,
  sid: claims.sid,
  exp: Math.floor(ctx.config.clock.now().getTime() / 1000) + 3600,
});
const expiredToken = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' })({
  sub: claims.sub,
  sid: claims.sid,
  exp: Math.floor(ctx.config.clock.now().getTime() / 1000) - 60,
});

/** A fresh session per allowed call, so a route that signs out or rotates a session cannot spoil the next. */
async function allowedToken(access: TRouteAccess): Promise<string> {
  if (access.kind === 'admin') return adminToken;
  if (access.kind === 'device') return deviceToken;
  const flag = flagFor(access);
  return tokenFor(ctx.app, flag ? onlyFlag.get(flag)! : DEMO_EMAILS.owner);
}

/** Every answer the matrix saw, by operation: each must be one the API document lists for it. */
const answered = new Map<string, Set<number>>();

async function inject(route: TRouteAccessEntry, token: string | undefined, caller: 'home' | 'other' = 'home') {
  const request = BUILDERS[`${route.method} ${route.url}`]!.build(caller);
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: request.url,
    query: request.query,
    headers: token ? { authorization: token } : {},
  };
  if (route.method !== 'GET' && route.method !== 'DELETE') options.payload = request.payload ?? {};
  const response = await ctx.app.inject(options);
  const key = `${route.method} ${route.url}`;
  answered.set(key, (answered.get(key) ?? new Set()).add(response.statusCode));
  return response;
}

describe('authorization matrix', () => {
  it('has a request builder for every route, and none for routes that are gone', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((k) => !BUILDERS[k])).toEqual([]);
    expect(Object.keys(BUILDERS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('signs people in as the matrix expects', async () => {
    expect((await signin(ctx.app, 'owner@dragon.test')).statusCode).toBe(200);
    expect(onlyFlag.size).toBeGreaterThan(0);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (key, route) => {
    const builder = BUILDERS[key];
    expect(builder, `add a request builder for ${key} in BUILDERS`).toBeDefined();

    const none = await inject(route, undefined);
    expect(none.statusCode, 'no token').toBe(401);
    expect(none.json().code, 'no token').toBe(50012);

    const forged = await inject(route, forgedToken);
    expect(forged.statusCode, 'forged token').toBe(401);
    expect(forged.json().code, 'forged token').toBe(50012);

    const expired = await inject(route, expiredToken);
    expect(expired.statusCode, 'expired token').toBe(401);
    expect(expired.json().code, 'expired token').toBe(50014);

    // A device credential reaches device routes and the routes that say they accept devices, nothing else.
    const asDevice = await inject(route, deviceToken);
    if (route.access.kind === 'device' || route.devices) {
      expect([401, 403], `a device credential: ${asDevice.statusCode} ${asDevice.body}`).not.toContain(
        asDevice.statusCode,
      );
    } else {
      expect(asDevice.statusCode, `a device credential: ${asDevice.body}`).toBe(403);
      expect(asDevice.json().code).toBe(40300);
    }

    if (route.access.kind === 'page' || route.access.kind === 'operation' || route.access.kind === 'admin') {
      const flag = flagFor(route.access);
      const callers =
        route.access.kind === 'admin'
          ? [ownerToken]
          : [noFlagsToken, await tokenFor(ctx.app, allButFlag.get(flag as TRoleFlag)!)];
      for (const token of callers) {
        const without = await inject(route, token);
        expect(without.statusCode, 'a role without the flag').toBe(403);
        expect(without.json().code).toBe(40300);
      }
    }

    // Another restaurant's owner, with every flag there, asking with this restaurant's ids.
    const cross = await inject(route, await tokenFor(ctx.app, 'owner@dragon.test'), 'other');
    expect(cross.statusCode, `another restaurant's owner is signed in: ${cross.body}`).not.toBe(401);
    const expectedCross = builder!.crossTenant ?? (route.url.includes(':') ? [404, 403] : undefined);
    if (expectedCross)
      expect(expectedCross, `another restaurant: ${cross.statusCode} ${cross.body}`).toContain(cross.statusCode);
    for (const marker of HOME_MARKERS) {
      if (typeof marker === 'string') expect(cross.body, `another restaurant saw '${marker}'`).not.toContain(marker);
      else expect(cross.body, `another restaurant saw ${marker}`).not.toMatch(marker);
    }
    if (builder!.own && cross.statusCode === 200)
      expect(cross.body, "another restaurant's owner gets their own data").toMatch(builder!.own(SALES.other));

    // An agent of another subtree (Silver Fork), asking with Harbor's and the demo agent's ids.
    const outsider = await inject(route, await tokenFor(ctx.app, OTHER_SUBTREE_AGENT), 'home');
    expect(outsider.statusCode, `an agent of another subtree is signed in: ${outsider.body}`).not.toBe(401);
    if (route.url.includes(':'))
      expect([403, 404, 409], `agent of another subtree: ${outsider.statusCode} ${outsider.body}`).toContain(
        outsider.statusCode,
      );
    for (const marker of HOME_MARKERS) {
      if (typeof marker === 'string')
        expect(outsider.body, `another subtree's agent saw '${marker}'`).not.toContain(marker);
      else expect(outsider.body, `another subtree's agent saw ${marker}`).not.toMatch(marker);
    }

    const allowed = await inject(
      route,
      builder!.allowedAs ? await tokenFor(ctx.app, builder!.allowedAs) : await allowedToken(route.access),
    );
    expect([401, 403], `a role with the flag: ${allowed.statusCode} ${allowed.body}`).not.toContain(allowed.statusCode);
    expect(allowed.statusCode, `a role with the flag: ${allowed.body}`).toBeLessThan(500);
    if (builder!.own) {
      expect(allowed.statusCode, `a role with the flag: ${allowed.body}`).toBe(200);
      expect(allowed.body, "the answer carries the caller restaurant's own data").toMatch(builder!.own(SALES.home));
    }
  });

  it('answers only with statuses the API document lists for each operation', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(answered.size).toBeGreaterThan(200);
    const undocumented: string[] = [];
    for (const [key, statuses] of answered) {
      const [method, url] = key.split(' ') as [string, string];
      const path = url.replace(/:(\w+)/g, '{$1}');
      const documented = Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {});
      for (const status of statuses)
        if (!documented.includes(String(status)) && !(status < 300 && documented.some((d) => d.startsWith('2'))))
          undocumented.push(`${key} answered ${status}`);
    }
    expect(undocumented).toEqual([]);
  });
});
