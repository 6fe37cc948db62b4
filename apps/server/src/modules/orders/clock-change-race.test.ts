import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';
import { seedDemoOrders } from '../../demo/demo-orders.ts';
import { OrdersRepository, ROLLUP_TABLES } from './orders.repository.ts';
import { num, rowsOf, str } from '../../db/sql-util.ts';

/**
 * The race measured from outside before clock changes became one transaction: 8 POS clients push
 * orders opened around 03:30 in New York while the owner switches the end-of-day hour between 3 and
 * 4 six times. Each switch re-files every order; an order whose push read the old hour and was
 * written after the re-filing stayed under the previous business day (7 of 607 then). Now every
 * order must end up under the final clock, and the rollups must equal the sums of the raw rows.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL, where the pushes really run in parallel.
 */

const ZONE = 'America/New_York';
const CLIENTS = 8;
const ORDERS_PER_CLIENT = 12;
const FLIPS = ['4', '3', '4', '3', '4', '3'];

let ctx: TestContext;
let harborId: number;
let owner: ReturnType<typeof as>;

beforeAll(async () => {
  ctx = await createTestContext();
  harborId = (await harbor(ctx.db)).id;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  // A week of history, so each switch has orders, payments and rollups to re-file.
  await seedDemoOrders(ctx.db, {
    days: 7,
    now: ctx.config.clock.now(),
    restaurantIds: [harborId],
    busiestPerDay: 40,
    seed: 99,
    runId: 'week',
  });
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

/** A small paid check opened on 2026-03-14 between 03:00 and 04:00 EDT (07:00Z-08:00Z). */
function earlyOrder(client: number, n: number): TIngestOrderInput {
  const openedMs = Date.parse('2026-03-14T07:00:00Z') + (((client * ORDERS_PER_CLIENT + n) * 37_000) % 3_600_000);
  const openedAt = new Date(openedMs).toISOString();
  const closedAt = new Date(openedMs + 10 * 60_000).toISOString();
  const price = 500 + 25 * n + client;
  return {
    posOrderId: `race-${client}-${n}`,
    channel: client % 2 === 0 ? 'toGo' : 'dineIn',
    partySize: 1 + (n % 3),
    status: 'closed',
    openedAt,
    closedAt,
    items: [
      { posItemId: `I-${n % 4}`, name: `Item ${n % 4}`, category: 'Late night', quantity: 1, unitPriceCents: price },
    ],
    payments: [{ posPaymentId: `race-${client}-${n}-p`, method: 'cash', amountCents: price, paidAt: closedAt }],
  };
}

const snapshot = async () => {
  const parts: string[] = [];
  for (const table of ROLLUP_TABLES) {
    const rows = await rowsOf(
      ctx.db,
      sql`select t::text as r from ${sql.raw(table)} t where restaurant_id = ${harborId} order by 1`,
    );
    parts.push(`${table}:${rows.map((r) => str(r.r)).join('|')}`);
  }
  return parts.join('\n');
};

describe('pushing orders while the end-of-day hour changes', () => {
  it('files every order by the final clock and keeps the rollups equal to the raw rows', async () => {
    const statuses: number[] = [];
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; n < ORDERS_PER_CLIENT; n += 1) {
        const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: earlyOrder(client, n) });
        statuses.push(res.statusCode);
      }
    });
    const flips = (async () => {
      for (const value of FLIPS) {
        const res = await owner({
          method: 'POST',
          url: '/api/api/updateRestConfig',
          payload: { name: 'hourOffsetEndOfDay', value },
        });
        expect(res.statusCode).toBe(200);
        // Let a few pushes through between switches.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all([...clients, flips]);

    expect(statuses).toHaveLength(CLIENTS * ORDERS_PER_CLIENT);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const [setting] = await rowsOf(
      ctx.db,
      sql`select hour_offset_end_of_day as h from restaurants where id = ${harborId}`,
    );
    const offset = num(setting?.h);
    expect(offset).toBe(3);

    // Every order, line and payment carries the business day of the final clock.
    const orders = await rowsOf(
      ctx.db,
      sql`select pos_order_id, business_day::text as day, (extract(epoch from opened_at) * 1000)::float8 as opened_ms
          from orders where restaurant_id = ${harborId}`,
    );
    const misfiled = orders.filter((o) => str(o.day) !== businessDayOf(new Date(num(o.opened_ms)), ZONE, offset));
    expect(misfiled.map((o) => str(o.pos_order_id))).toEqual([]);
    expect(orders.filter((o) => str(o.pos_order_id).startsWith('race-')).every((o) => o.day === '2026-03-14')).toBe(
      true,
    );
    const payments = await rowsOf(
      ctx.db,
      sql`select business_day::text as day, (extract(epoch from paid_at) * 1000)::float8 as paid_ms
          from payments where restaurant_id = ${harborId}`,
    );
    expect(payments.filter((p) => str(p.day) !== businessDayOf(new Date(num(p.paid_ms)), ZONE, offset))).toEqual([]);
    const [lines] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
          where i.restaurant_id = ${harborId} and i.business_day <> o.business_day`,
    );
    expect(num(lines?.n)).toBe(0);

    // The daily figures equal sums over the raw rows, day by day and channel by channel.
    const differing = await rowsOf(
      ctx.db,
      sql`select coalesce(raw.business_day, roll.business_day)::text as day
          from (
            -- net sales less the refunds' net sales of closed orders, on the day each refund was made
            select business_day, channel, sum(orders) as orders, sum(net) as net, sum(guests) as guests from (
              select business_day, channel, count(*) as orders, sum(net_sales_cents) as net, sum(party_size) as guests
              from orders where restaurant_id = ${harborId} and status = 'closed' group by 1, 2
              union all
              select r.business_day, o.channel, 0, -sum(r.net_cents), 0
              from refunds r join orders o on o.id = r.order_id
              where r.restaurant_id = ${harborId} and o.status = 'closed' group by 1, 2
            ) parts group by 1, 2 having sum(orders) <> 0
          ) raw
          full join (
            select business_day, channel, order_count as orders, net_sales_cents as net, guest_count as guests
            from daily_sales where restaurant_id = ${harborId} and order_count <> 0
          ) roll using (business_day, channel)
          where raw.orders is distinct from roll.orders or raw.net is distinct from roll.net
            or raw.guests is distinct from roll.guests`,
    );
    expect(differing).toEqual([]);
    // The comparison's rollup (daily_restaurant_sales, no channel) equals the raw rows day by day too.
    const perDay = await rowsOf(
      ctx.db,
      sql`select coalesce(raw.business_day, roll.business_day)::text as day
          from (
            select business_day, sum(orders) as orders, sum(guests) as guests, sum(net) as net,
              sum(discounts) as discounts, sum(refund_n) as refund_n, sum(refunds) as refunds from (
              select business_day, count(*) as orders, sum(party_size) as guests, sum(net_sales_cents) as net,
                sum(item_discount_cents + order_discount_cents) as discounts, 0 as refund_n, 0 as refunds
              from orders where restaurant_id = ${harborId} and status = 'closed' group by 1
              union all
              select r.business_day, 0, 0, sum(case when o.status = 'closed' then -r.net_cents else 0 end), 0,
                count(*), sum(r.amount_cents)
              from refunds r join orders o on o.id = r.order_id
              where r.restaurant_id = ${harborId} group by 1
            ) parts group by 1
          ) raw
          full join (
            select business_day, order_count as orders, guest_count as guests, net_sales_cents as net,
              discount_cents as discounts, refund_count as refund_n, refund_cents as refunds
            from daily_restaurant_sales where restaurant_id = ${harborId}
          ) roll using (business_day)
          where coalesce(raw.orders, 0) <> coalesce(roll.orders, 0) or coalesce(raw.guests, 0) <> coalesce(roll.guests, 0)
            or coalesce(raw.net, 0) <> coalesce(roll.net, 0) or coalesce(raw.discounts, 0) <> coalesce(roll.discounts, 0)
            or coalesce(raw.refund_n, 0) <> coalesce(roll.refund_n, 0) or coalesce(raw.refunds, 0) <> coalesce(roll.refunds, 0)`,
    );
    expect(perDay).toEqual([]);
    const [filed] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n, coalesce(sum(net_sales_cents), 0)::float8 as net
          from daily_restaurant_sales where restaurant_id = ${harborId}`,
    );
    expect(num(filed?.n)).toBeGreaterThanOrEqual(7);
    expect(num(filed?.net)).toBeGreaterThan(0);
    const paid = await rowsOf(
      ctx.db,
      sql`select coalesce(raw.business_day, roll.business_day)::text as day
          from (
            select business_day, count(*) as n, sum(amount_cents) as amount
            from payments where restaurant_id = ${harborId} group by 1
          ) raw
          full join (
            select business_day, sum(count) as n, sum(amount_cents) as amount
            from daily_payment_sales where restaurant_id = ${harborId} group by 1 having sum(count) <> 0
          ) roll using (business_day)
          where raw.n is distinct from roll.n or raw.amount is distinct from roll.amount`,
    );
    expect(paid).toEqual([]);

    // And every rollup table equals a rebuild from the base rows.
    const kept = await snapshot();
    await new OrdersRepository(ctx.db).rebuildRollups(harborId);
    expect(await snapshot()).toBe(kept);
  }, 300_000);
});
