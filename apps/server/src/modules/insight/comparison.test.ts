import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TComparisonResponse } from '@ra/shared/insight/insight.schemas';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { num, rowsOf } from '../../db/sql-util.ts';

/**
 * The comparison across locations (issue 24) through its routes: who may see it and which restaurants,
 * the figures of both periods from the rollups, labour from shifts, sorting, paging, totals and export.
 * The figures sit in January 2025, before any demo sales, so every number here is the test's own.
 */
let ctx: TestContext;
let agent: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;
let ids: Record<string, number> = {};

const RANGE = 'from=2025-01-08&to=2025-01-14';

async function sales(
  restaurantId: number,
  day: string,
  net: number,
  orders: number,
  extra: Partial<Record<string, number>> = {},
) {
  await ctx.db.execute(sql`
    insert into daily_sales (restaurant_id, business_day, channel, order_count, guest_count, net_sales_cents,
      gross_sales_cents, refund_cents, refund_count, item_discount_cents, order_discount_cents)
    values (${restaurantId}, ${day}, ${extra.channel === 1 ? 'takeout' : 'dineIn'}, ${orders}, ${extra.guests ?? orders * 2}, ${net}, ${net},
      ${extra.refunds ?? 0}, ${extra.refundCount ?? 0}, ${extra.itemDiscount ?? 0}, ${extra.orderDiscount ?? 0})`);
  // The per-day sum over channels the comparison reads, as applyRollups files it beside daily_sales
  // (the orders tests check the two agree with the raw rows).
  await ctx.db.execute(sql`
    insert into daily_restaurant_sales as t (restaurant_id, business_day, order_count, guest_count, net_sales_cents,
      refund_count, refund_cents, discount_cents)
    values (${restaurantId}, ${day}, ${orders}, ${extra.guests ?? orders * 2}, ${net}, ${extra.refundCount ?? 0},
      ${extra.refunds ?? 0}, ${(extra.itemDiscount ?? 0) + (extra.orderDiscount ?? 0)})
    on conflict (restaurant_id, business_day) do update set order_count = t.order_count + excluded.order_count,
      guest_count = t.guest_count + excluded.guest_count, net_sales_cents = t.net_sales_cents + excluded.net_sales_cents,
      refund_count = t.refund_count + excluded.refund_count, refund_cents = t.refund_cents + excluded.refund_cents,
      discount_cents = t.discount_cents + excluded.discount_cents`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  agent = as(ctx.app, await tokenFor(ctx.app, 'agent@demo.test'));
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  const rows = await rowsOf(ctx.db, sql`select id, name from restaurants order by id`);
  ids = Object.fromEntries(rows.map((r) => [String(r.name), num(r.id)]));
  const harbor = ids['Harbor Bistro']!;
  const diner = ids['Maple Street Diner']!;
  // Harbor: two channels on one day plus another day; previous week a smaller day.
  await sales(harbor, '2025-01-08', 100_000, 20, {
    refunds: 1_500,
    refundCount: 1,
    itemDiscount: 700,
    orderDiscount: 300,
  });
  await sales(harbor, '2025-01-08', 20_000, 5, { channel: 1 });
  await sales(harbor, '2025-01-14', 30_000, 5);
  await sales(harbor, '2025-01-07', 60_000, 10);
  // The diner sells less now than the week before; a day outside both periods never counts.
  await sales(diner, '2025-01-10', 50_000, 10, { guests: 12 });
  await sales(diner, '2025-01-02', 80_000, 16);
  await sales(diner, '2025-01-15', 999_999, 99);
  // Labour at Harbor: one 8-hour shift at $20/h on the 9th, one 4-hour shift at $15/h on the 1st.
  const [staff] = await rowsOf(ctx.db, sql`select id from users where email = 'staff@demo.test'`);
  const staffId = num(staff!.id);
  await ctx.db.execute(sql`insert into work_shifts (restaurant_id, user_id, wage_cents, clock_in_at, clock_out_at)
    values (${harbor}, ${staffId}, 2000, '2025-01-09T15:00:00Z', '2025-01-09T23:00:00Z'),
           (${harbor}, ${staffId}, 1500, '2025-01-03T15:00:00Z', '2025-01-03T19:00:00Z')`);
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const rowOf = (body: TComparisonResponse, name: string) => body.rows.find((r) => r.name === name)!;

describe('who sees the comparison', () => {
  it('refuses a restaurant-level account, in words for both languages', async () => {
    const res = await owner({ method: 'GET', url: `/api/insight/comparison?${RANGE}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'insight.notSeveral' });
  });

  it("shows an agent their subtree's restaurants, and a team member only those assigned", async () => {
    const res = await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&sort=name&order=asc` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TComparisonResponse;
    const [inTree] = await rowsOf(
      ctx.db,
      sql`select count(*) as n from restaurants r join nodes n on n.id = r.node_id
          where n.path like (select path from nodes where id = (select node_id from users where email = 'agent@demo.test')) || '%'`,
    );
    expect(body.total).toBe(num(inTree!.n));
    expect(body.rows.map((r) => r.name)).toEqual([...body.rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));

    // Make the admin account a team member assigned only the diner: it sees that one alone.
    const [agentUser] = await rowsOf(ctx.db, sql`select id, node_id from users where email = 'agent@demo.test'`);
    const [staffUser] = await rowsOf(ctx.db, sql`select id from users where email = 'admin@demo.test'`);
    const memberId = num(staffUser!.id);
    await ctx.db
      .execute(sql`insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, created_at)
      values (${memberId}, ${num(agentUser!.node_id)}, 'member', ${num(agentUser!.id)}, now())`);
    await ctx.db.execute(
      sql`insert into agent_member_restaurants (user_id, restaurant_id) values (${memberId}, ${ids['Maple Street Diner']!})`,
    );
    const asMember = as(ctx.app, await tokenFor(ctx.app, 'admin@demo.test'));
    // Platform staff see every restaurant whatever else they are.
    const all = (
      await asMember({ method: 'GET', url: `/api/insight/comparison?${RANGE}` })
    ).json() as TComparisonResponse;
    expect(all.total).toBeGreaterThanOrEqual(body.total);
    await ctx.db.execute(sql`update users set is_admin = false where id = ${memberId}`);
    const member = as(ctx.app, await tokenFor(ctx.app, 'admin@demo.test'));
    const mine = (
      await member({ method: 'GET', url: `/api/insight/comparison?${RANGE}` })
    ).json() as TComparisonResponse;
    expect(mine.rows.map((r) => r.name)).toEqual(['Maple Street Diner']);
    expect(mine.totals.current.netSalesCents).toBe(50_000);
    await ctx.db.execute(sql`update users set is_admin = true where id = ${memberId}`);
    await ctx.db.execute(sql`delete from agent_member_restaurants where user_id = ${memberId}`);
    await ctx.db.execute(sql`delete from agent_team_members where user_id = ${memberId}`);
  });
});

describe('figures', () => {
  it('sums both periods per restaurant from the rollups, with labour from the shifts', async () => {
    const res = await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}` });
    const body = res.json() as TComparisonResponse;
    expect(body.range).toEqual({ from: '2025-01-08', to: '2025-01-14' });
    expect(body.previousRange).toEqual({ from: '2025-01-01', to: '2025-01-07' });
    const harbor = rowOf(body, 'Harbor Bistro');
    expect(harbor.current).toEqual({
      netSalesCents: 150_000,
      orders: 30,
      guests: 60,
      averageCheckCents: 5_000,
      laborCents: 16_000,
      laborShare: 16_000 / 150_000,
      refundsCents: 1_500,
      refundCount: 1,
      discountsCents: 1_000,
    });
    expect(harbor.previous).toMatchObject({ netSalesCents: 60_000, orders: 10, laborCents: 6_000, laborShare: 0.1 });
    const diner = rowOf(body, 'Maple Street Diner');
    expect(diner.current).toMatchObject({ netSalesCents: 50_000, orders: 10, guests: 12, laborCents: 0 });
    expect(diner.previous).toMatchObject({ netSalesCents: 80_000, orders: 16 });
    // Few restaurants: the totals carry labour too.
    expect(body.laborTotalsComplete).toBe(true);
    expect(body.totals.current).toMatchObject({ netSalesCents: 200_000, orders: 40, laborCents: 16_000 });
    expect(body.totals.previous).toMatchObject({ netSalesCents: 140_000, orders: 26, laborCents: 6_000 });
  });

  it('leaves labour out when asked, for the page to show the rollup figures first', async () => {
    const res = await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&labor=false` });
    const body = res.json() as TComparisonResponse;
    expect(rowOf(body, 'Harbor Bistro').current).toMatchObject({
      netSalesCents: 150_000,
      laborCents: null,
      laborShare: null,
    });
    expect(body.totals.current.laborCents).toBeNull();
    expect(body.laborTotalsComplete).toBe(false);
  });

  it('gives a daily trend of both periods lined up by day', async () => {
    const body = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}` })
    ).json() as TComparisonResponse;
    expect(body.trend.current).toHaveLength(7);
    expect(body.trend.current[0]).toMatchObject({ index: 0, day: '2025-01-08', netSalesCents: 120_000, orders: 25 });
    expect(body.trend.current[6]).toMatchObject({ day: '2025-01-14', netSalesCents: 30_000 });
    expect(body.trend.previous[6]).toMatchObject({ day: '2025-01-07', netSalesCents: 60_000 });
    expect(body.trend.previous[1]).toMatchObject({
      day: '2025-01-02',
      netSalesCents: 80_000,
      averageCheckCents: 5_000,
    });
  });

  it('sorts by a measure or by its change, pages, and searches by name', async () => {
    const bySales = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&sort=netSales&order=desc` })
    ).json() as TComparisonResponse;
    expect(bySales.rows.slice(0, 2).map((r) => r.name)).toEqual(['Harbor Bistro', 'Maple Street Diner']);
    const byChange = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&sort=netSalesChange&order=asc` })
    ).json() as TComparisonResponse;
    expect(byChange.rows[0]!.name).toBe('Maple Street Diner');
    const page2 = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&sort=netSales&pageSize=1&page=2` })
    ).json() as TComparisonResponse;
    expect(page2.rows.map((r) => r.name)).toEqual(['Maple Street Diner']);
    expect(page2.totals.current.netSalesCents).toBe(200_000);
    const past = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&page=999` })
    ).json() as TComparisonResponse;
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(bySales.total);
    expect(past.totals.current.netSalesCents).toBe(200_000);
    const found = (
      await agent({ method: 'GET', url: `/api/insight/comparison?${RANGE}&q=maple` })
    ).json() as TComparisonResponse;
    expect(found.rows.map((r) => r.name)).toEqual(['Maple Street Diner']);
  });

  it('refuses a reversed or too long period with the message, changing nothing', async () => {
    const res = await agent({ method: 'GET', url: '/api/insight/comparison?from=2025-01-14&to=2025-01-08' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.to).toBe('The end date cannot be before the start date');
    const long = await agent({ method: 'GET', url: '/api/insight/comparison?from=2024-01-01&to=2025-12-31' });
    expect(long.statusCode).toBe(400);
  });
});

describe('export', () => {
  it('writes every restaurant and a totals row as CSV in the chosen language', async () => {
    const res = await agent({
      method: 'GET',
      url: `/api/insight/comparison/export?${RANGE}&format=csv&lang=zh&sort=name&order=asc`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('净销售额');
    const harbor = lines.find((l) => l.startsWith('Harbor Bistro'))!;
    expect(harbor.split(',').slice(1, 3)).toEqual(['1500.00', '600.00']);
    expect(lines.at(-1)!.startsWith('合计,2000.00,1400.00')).toBe(true);
  });

  it('writes XLSX', async () => {
    const res = await agent({ method: 'GET', url: `/api/insight/comparison/export?${RANGE}&format=xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
