import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@ra/shared/errors';
import { taxCentsOf } from '@ra/shared/business/tax-rate';
import { ZIngestOrderRequest, type TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { REPORT_PATHS } from '@ra/shared/reports/reports.schemas';
import { restaurants } from '../../db/schema/restaurants.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { buildOrderRows } from './order-rows.ts';
import { OrdersRepository, ROLLUP_TABLES } from './orders.repository.ts';
import { num, rowsOf } from '../../db/sql-util.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;

beforeAll(async () => {
  // The orders here are from June to November 2026 (summer time, both clock changes): run at a fixed
  // instant after them, since pushes dated in the future are refused.
  ctx = await createTestContext({ config: { clock: new ManualClock('2026-12-01T12:00:00-05:00') } });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  const [row] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  harborId = row!.id!;
});
afterAll(async () => {
  await ctx?.close();
});

/** A closed dine-in check: two burgers (one with bacon), a beer; 10.1% tax; card with an 18% tip. */
function order(overrides: Partial<TIngestOrderInput> = {}): TIngestOrderInput {
  // items 2 x (1900 + 250) + 800 = 5100; tax 10.1% of 5100 = 515.1 -> 515; tip 918; total 6533
  return {
    posOrderId: 'T-1',
    orderNumber: '101',
    channel: 'dineIn',
    tableName: 'T4',
    partySize: 2,
    serverId: 'E1',
    serverName: 'Sofia Ramirez',
    status: 'closed',
    openedAt: '2026-06-10T16:00:00Z',
    closedAt: '2026-06-10T17:00:00Z',
    items: [
      {
        posItemId: 'B-BURG',
        name: 'Bistro burger',
        category: 'Mains',
        quantity: 2,
        unitPriceCents: 1900,
        options: [{ name: 'Bacon', group: 'Add-ons', priceCents: 250, quantity: 1 }],
      },
      { posItemId: 'B-IPA', name: 'Harbor IPA draft', category: 'Beer', quantity: 1, unitPriceCents: 800 },
    ],
    taxCents: 515,
    taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: 5100, taxCents: 515 }],
    tipCents: 918,
    payments: [
      {
        posPaymentId: 'T-1-p1',
        method: 'card',
        cardBrand: 'visa',
        cardLast4: '4242',
        amountCents: 6533,
        tipCents: 918,
        paidAt: '2026-06-10T16:59:00Z',
      },
    ],
    ...overrides,
  };
}

const push = (who: ReturnType<typeof as>, payload: unknown) =>
  who({ method: 'POST', url: '/api/api/pos/orders', payload: payload as object });

async function count(table: string): Promise<number> {
  const [row] = await rowsOf(
    ctx.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where restaurant_id = ${harborId}`,
  );
  return num(row?.n);
}

async function dailyNet(day: string): Promise<number> {
  const [row] = await rowsOf(
    ctx.db,
    sql`select coalesce(sum(net_sales_cents), 0)::float8 as net, coalesce(sum(order_count), 0)::int as n
        from daily_sales where restaurant_id = ${harborId} and business_day = ${day}::date`,
  );
  return num(row?.net);
}

/** Every rollup row of the restaurant, as text, for before/after comparisons. */
async function rollupSnapshot(restaurantId = harborId): Promise<string> {
  const parts: string[] = [];
  for (const table of ROLLUP_TABLES) {
    const rows = await rowsOf(
      ctx.db,
      sql`select t::text as r from ${sql.raw(table)} t where restaurant_id = ${restaurantId} order by 1`,
    );
    parts.push(`${table}:${rows.map((r) => String(r.r)).join('|')}`);
  }
  return parts.join('\n');
}

describe('POST /api/api/pos/orders', () => {
  it('files a new order under its business day and answers 201 created with the order id', async () => {
    const res = await push(owner, order());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ posOrderId: 'T-1', businessDay: '2026-06-10', result: 'created' });
    expect(res.json().orderId).toBeGreaterThan(0);
    expect(await dailyNet('2026-06-10')).toBe(5100);
    const [o] = await rowsOf(ctx.db, sql`select * from orders where pos_order_id = 'T-1'`);
    expect(num(o?.total_cents)).toBe(6533);
    expect(await count('order_items')).toBe(2);
    expect(await count('order_item_options')).toBe(1);
  });

  it('answers the same push again with the same order id, "unchanged", and counts it once', async () => {
    const before = await rollupSnapshot();
    const first = await push(owner, order());
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toBe('unchanged');
    const [o] = await rowsOf(ctx.db, sql`select id from orders where pos_order_id = 'T-1'`);
    expect(first.json().orderId).toBe(num(o?.id));
    expect(await rollupSnapshot()).toBe(before);
    expect(await count('orders')).toBe(1);
    expect(await dailyNet('2026-06-10')).toBe(5100);
  });

  it('replaces a changed push of the same order: old figures out, new ones in, same order id', async () => {
    const id = (await push(owner, order())).json().orderId;
    // The guest added a second beer: 5900, tax 596 (595.9), tip 918 -> total 7414.
    const changed = order({
      items: [
        ...(order().items ?? []).slice(0, 1),
        { posItemId: 'B-IPA', name: 'Harbor IPA draft', category: 'Beer', quantity: 2, unitPriceCents: 800 },
      ],
      taxCents: 596,
      taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: 5900, taxCents: 596 }],
      payments: [
        {
          posPaymentId: 'T-1-p1',
          method: 'card',
          cardBrand: 'visa',
          amountCents: 7414,
          tipCents: 918,
          paidAt: '2026-06-10T16:59:00Z',
        },
      ],
    });
    const res = await push(owner, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'updated', orderId: id });
    expect(await dailyNet('2026-06-10')).toBe(5900);
    const [items] = await rowsOf(
      ctx.db,
      sql`select sum(quantity)::int as q from daily_item_sales where restaurant_id = ${harborId} and pos_item_id = 'B-IPA'`,
    );
    expect(num(items?.q)).toBe(2);
    expect(await count('orders')).toBe(1);
    // Back to the original, so later tests start from the first order.
    expect((await push(owner, order())).json().result).toBe('updated');
  });

  it('rejects totals that do not balance with a field error, and writes nothing', async () => {
    const before = await rollupSnapshot();
    const res = await push(owner, order({ posOrderId: 'T-bad', tipCents: 900 }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ERROR_CODES.badRequest);
    expect(body.errors.tipCents).toMatch(/Tips on the payments add up to 9.18/);
    expect(body.errors.payments).toMatch(/Payments add up to 65.33/);
    const missing = await push(owner, { ...order({ posOrderId: 'T-bad2' }), channel: 'drone' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toContain('channel');
    expect(await count('orders')).toBe(1);
    expect(await rollupSnapshot()).toBe(before);
  });

  it('rolls back a whole batch, rows and rollups, when the database refuses one order in it', async () => {
    const repo = new OrdersRepository(ctx.db);
    const batch = ['T-batch-1', 'T-batch-2'].map((posOrderId) => ZIngestOrderRequest.parse(order({ posOrderId })));
    const build: typeof buildOrderRows = (o, clock) => {
      const rows = buildOrderRows(o, clock);
      // Past validation, but the orders_channel_check constraint refuses it.
      if (o.posOrderId === 'T-batch-2') rows.order.channel = 'drone';
      return rows;
    };
    const before = await rollupSnapshot();
    await expect(repo.ingestOrders(harborId, batch, { now: ctx.config.clock.now() }, build)).rejects.toThrow();
    expect(await count('orders')).toBe(1);
    expect(await count('payments')).toBe(1);
    expect(await rollupSnapshot()).toBe(before);
  });

  it('needs canOrder: staff may push (they ring up orders), a caller without a session may not', async () => {
    const res = await push(
      staff,
      order({ posOrderId: 'T-staff', openedAt: '2026-06-11T16:00:00Z', closedAt: '2026-06-11T17:00:00Z' }),
    );
    expect(res.statusCode).toBe(201);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/api/pos/orders', payload: order() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses orders for a restaurant that has not chosen its time zone', async () => {
    await ctx.db.update(restaurants).set({ timeZone: null }).where(eq(restaurants.id, harborId));
    try {
      const res = await push(owner, order({ posOrderId: 'T-nozone' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/time zone/);
    } finally {
      await ctx.db.update(restaurants).set({ timeZone: 'America/New_York' }).where(eq(restaurants.id, harborId));
    }
  });
});

describe('tax rates with three decimals (New York City 8.875%)', () => {
  // the same check as order(), a day later, taxed at 8.875%: 8.875% of 5100 = 452.625 -> 453
  const nyc = (overrides: Partial<TIngestOrderInput> = {}) => {
    const taxCents = taxCentsOf(5100, 8875);
    return order({
      posOrderId: 'NYC-1',
      openedAt: '2026-06-11T16:00:00Z',
      closedAt: '2026-06-11T17:00:00Z',
      taxCents,
      taxes: [{ name: 'NYC sales tax', rateMilliPercent: 8875, taxableCents: 5100, taxCents }],
      payments: [
        {
          posPaymentId: 'NYC-1-p1',
          method: 'card',
          cardBrand: 'visa',
          cardLast4: '4242',
          amountCents: 5100 + taxCents + 918,
          tipCents: 918,
          paidAt: '2026-06-11T16:59:00Z',
        },
      ],
      ...overrides,
    });
  };

  it('files the 8.875% rate as sent and its tax to the cent, and the taxes report shows both', async () => {
    expect(taxCentsOf(5100, 8875)).toBe(453);
    const res = await push(owner, nyc());
    expect(res.statusCode).toBe(201);
    const [o] = await rowsOf(ctx.db, sql`select tax_cents, total_cents from orders where pos_order_id = 'NYC-1'`);
    expect([num(o?.tax_cents), num(o?.total_cents)]).toEqual([453, 5100 + 453 + 918]);
    const [tax] = await rowsOf(
      ctx.db,
      sql`select tx.rate_milli_percent, tx.tax_cents from order_taxes tx join orders o on o.id = tx.order_id
          where o.pos_order_id = 'NYC-1'`,
    );
    expect([num(tax?.rate_milli_percent), num(tax?.tax_cents)]).toEqual([8875, 453]);

    const report = await owner({ method: 'GET', url: `/api${REPORT_PATHS.taxes}?from=2026-06-11&to=2026-06-11` });
    expect(report.statusCode).toBe(200);
    expect(report.json().rows).toContainEqual({
      name: 'NYC sales tax',
      rateMilliPercent: 8875,
      taxableCents: 5100,
      taxCents: 453,
    });
  });

  it('still reads a rate in basis points from older POS builds, ten times larger', async () => {
    // order() sends its 10.1% as rateBasisPoints 1010 (filed by the first test, or here when run alone)
    expect([200, 201]).toContain((await push(owner, order())).statusCode);
    const [tax] = await rowsOf(
      ctx.db,
      sql`select tx.rate_milli_percent from order_taxes tx join orders o on o.id = tx.order_id
          where o.pos_order_id = 'T-1'`,
    );
    expect(num(tax?.rate_milli_percent)).toBe(10_100);
  });

  it('refuses a rate given in both units when they differ, and a rate with a fraction of a thousandth', async () => {
    const before = await rollupSnapshot();
    const twice = await push(
      owner,
      nyc({
        posOrderId: 'NYC-2',
        taxes: [
          { name: 'NYC sales tax', rateBasisPoints: 888, rateMilliPercent: 8875, taxableCents: 5100, taxCents: 453 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('The tax rate is given twice and the two differ');
    const fraction = await push(
      owner,
      nyc({
        posOrderId: 'NYC-3',
        taxes: [{ name: 'NYC sales tax', rateMilliPercent: 8875.5, taxableCents: 5100, taxCents: 453 }],
      }),
    );
    expect(fraction.statusCode).toBe(400);
    expect(await rollupSnapshot()).toBe(before);
  });
});

describe('business day assignment (New York, hourOffsetEndOfDay 3)', () => {
  const at = (posOrderId: string, openedAt: string) => {
    const closedAt = new Date(Date.parse(openedAt) + 20 * 60_000).toISOString();
    const o = order({ posOrderId, openedAt, closedAt });
    o.payments = o.payments?.map((p) => ({ ...p, posPaymentId: `${posOrderId}-p1`, paidAt: closedAt }));
    return o;
  };

  it('files a 01:30 order under the previous day and a 03:30 one under its own day', async () => {
    // 2026-06-13 01:30 EDT = 05:30Z; 03:30 EDT = 07:30Z.
    expect((await push(owner, at('BD-1', '2026-06-13T05:30:00Z'))).json().businessDay).toBe('2026-06-12');
    expect((await push(owner, at('BD-2', '2026-06-13T07:30:00Z'))).json().businessDay).toBe('2026-06-13');
  });

  it('keeps the boundary at 03:00 local across the spring-forward night (2026-03-08)', async () => {
    // 01:30 EST (06:30Z) is before the boundary; 03:30 EDT (07:30Z) after; 02:59 does not exist.
    expect((await push(owner, at('DST-1', '2026-03-08T06:30:00Z'))).json().businessDay).toBe('2026-03-07');
    expect((await push(owner, at('DST-2', '2026-03-08T07:30:00Z'))).json().businessDay).toBe('2026-03-08');
  });

  it('keeps the boundary at 03:00 local across the fall-back night (2026-11-01)', async () => {
    // 02:30 EST (07:30Z) comes after the repeated hour but before 03:00; 03:00 EST is 08:00Z.
    expect((await push(owner, at('DST-3', '2026-11-01T07:30:00Z'))).json().businessDay).toBe('2026-10-31');
    expect((await push(owner, at('DST-4', '2026-11-01T07:59:59Z'))).json().businessDay).toBe('2026-10-31');
    expect((await push(owner, at('DST-5', '2026-11-01T08:00:00Z'))).json().businessDay).toBe('2026-11-01');
  });

  it('re-files orders and rebuilds the rollups when hourOffsetEndOfDay changes', async () => {
    const summary = async (day: string) =>
      (await owner({ method: 'GET', url: `/api/api/reports/sales-summary?from=${day}&to=${day}&compare=false` })).json()
        .current;
    expect((await summary('2026-06-12')).orderCount).toBe(1);
    const incremental = await rollupSnapshot();
    const set = (value: string) =>
      owner({ method: 'POST', url: '/api/api/updateRestConfig', payload: { name: 'hourOffsetEndOfDay', value } });
    expect((await set('0')).statusCode).toBe(200);
    // With the day ending at midnight, the 01:30 order belongs to 2026-06-13 with the 03:30 one.
    expect((await summary('2026-06-12')).orderCount).toBe(0);
    expect((await summary('2026-06-13')).orderCount).toBe(2);
    const [o] = await rowsOf(ctx.db, sql`select business_day::text as d from orders where pos_order_id = 'BD-1'`);
    expect(o?.d).toBe('2026-06-13');
    expect((await set('3')).statusCode).toBe(200);
    // Rebuilt from the base rows, the rollups equal the ones kept up push by push.
    expect(await rollupSnapshot()).toBe(incremental);
  });
});

describe('POST /api/api/pos/payouts', () => {
  const payout = {
    posPayoutId: 'PO-1',
    amountCents: 4500,
    reason: 'Ice delivery',
    by: 'Marcus Lee',
    at: '2026-06-10T14:00:00Z',
  };

  it('files a cash payout once and answers a repeat as unchanged', async () => {
    const first = await manager({ method: 'POST', url: '/api/api/pos/payouts', payload: payout });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ posPayoutId: 'PO-1', businessDay: '2026-06-10', result: 'created' });
    const again = await manager({ method: 'POST', url: '/api/api/pos/payouts', payload: payout });
    expect(again.json().result).toBe('unchanged');
    const changed = await manager({
      method: 'POST',
      url: '/api/api/pos/payouts',
      payload: { ...payout, amountCents: 5000 },
    });
    expect(changed.json().result).toBe('updated');
    expect(await count('payouts')).toBe(1);
  });

  it('needs the cashDrawer authority, which staff do not have', async () => {
    const res = await staff({
      method: 'POST',
      url: '/api/api/pos/payouts',
      payload: { ...payout, posPayoutId: 'PO-2' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POS pushes arriving together (group commit)', () => {
  it('stores every concurrent push with its own caller; a changed second push of the same order replaces the first', async () => {
    const day = { openedAt: '2026-07-21T16:00:00Z', closedAt: '2026-07-21T17:00:00Z' };
    const pay = (id: string) => [
      { ...order().payments![0]!, posPaymentId: `${id}-p1`, paidAt: '2026-07-21T16:59:00Z' },
    ];
    const callers = [owner, manager, staff];
    const pushes = Array.from({ length: 12 }, (_, i) =>
      push(callers[i % 3]!, order({ ...day, posOrderId: `GC-${i}`, orderNumber: String(i), payments: pay(`GC-${i}`) })),
    );
    // The same new order twice at once with different tables: one is stored, the other replaces it.
    const twice = [
      push(owner, order({ ...day, posOrderId: 'GC-X', tableName: 'T1', payments: pay('GC-X') })),
      push(owner, order({ ...day, posOrderId: 'GC-X', tableName: 'T9', payments: pay('GC-X') })),
    ];
    const answers = await Promise.all([...pushes, ...twice]);
    expect(answers.slice(0, 12).map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(answers.slice(0, 12).map((r) => r.json().orderId)).size).toBe(12);
    // Whichever reached the server second replaces the other (requests may overtake each other).
    const results = answers.slice(12).map((r) => r.json().result as string);
    expect([...results].sort()).toEqual(['created', 'updated']);
    const lastTable = results[0] === 'updated' ? 'T1' : 'T9';

    const [stored] = await rowsOf(ctx.db, sql`select table_name from orders where pos_order_id = 'GC-X'`);
    expect(stored?.table_name).toBe(lastTable);
    const [rollup] = await rowsOf(
      ctx.db,
      sql`select sum(order_count)::int as n from daily_sales where restaurant_id = ${harborId} and business_day = '2026-07-21'`,
    );
    expect(num(rollup?.n)).toBe(13);
    // The replacement's audit row names the caller who sent it.
    const [audit] = await rowsOf(
      ctx.db,
      sql`select actor_user_id from audit_log where action = 'order.replace' and details->>'posOrderId' = 'GC-X'`,
    );
    const [ownerRow] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
    expect(num(audit?.actor_user_id)).toBe(ownerRow!.id);
  });
});
