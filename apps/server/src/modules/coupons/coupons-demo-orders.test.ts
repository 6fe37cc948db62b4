import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { DemoOrderGenerator, seedDemoOrders } from '../../demo/demo-orders.ts';
import { OrdersRepository } from '../orders/orders.repository.ts';
import { num, rowsOf, str } from '../../db/sql-util.ts';
import { harbor, restaurantByName } from '../team/team.test-support.ts';
import { demoCouponCatalogue } from '../../demo/coupons.seed.ts';

/**
 * The demo orders' coupon discounts are the restaurant's own coupons, each with its consumed
 * redemption: the coupon performance figures (coupon page, sales report's Discount tab) add up to the
 * coupon lines of the discounts report for the same days, at each restaurant.
 */

const ZONE = 'America/New_York';
const DAYS = 7;

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let harborId: number;
let dragonId: number;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  harborId = (await harbor(ctx.db)).id;
  const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
  dragonId = dragon.id;
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  await admin({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: dragon.xid } });
  const result = await seedDemoOrders(ctx.db, {
    days: DAYS,
    now: new Date(TEST_NOW),
    restaurantIds: [harborId, dragonId],
    busiestPerDay: 40,
    othersPerDay: 30,
    seed: 31,
    runId: 'cpn',
  });
  expect(result.couponUses).toBeGreaterThan(0);
  today = businessDayOf(new Date(TEST_NOW), ZONE, 3);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
});

/** The coupon lines of the restaurant's closed orders of the days, by name, tied to a coupon of the same name and code. */
async function couponLines(restaurantId: number, from: string, to: string) {
  const rows = await rowsOf(
    ctx.db,
    sql`select d.name, count(*)::int as n, sum(d.amount_cents)::float8 as amount,
          count(c.id)::int as tied
        from order_discounts d
          join orders o on o.id = d.order_id
          left join coupons c on c.restaurant_id = o.restaurant_id and c.code = d.coupon_code and c.name = d.name
        where o.restaurant_id = ${restaurantId} and o.status = 'closed' and d.kind = 'coupon'
          and o.business_day between ${from}::date and ${to}::date
        group by d.name`,
  );
  return rows.map((r) => ({ name: str(r.name), uses: num(r.n), discountCents: num(r.amount), tied: num(r.tied) }));
}

const sum = (rows: { uses: number; discountCents: number }[]) =>
  rows.reduce((t, r) => ({ uses: t.uses + r.uses, discountCents: t.discountCents + r.discountCents }), {
    uses: 0,
    discountCents: 0,
  });

describe('demo orders redeem the restaurant’s coupons', () => {
  it.each([
    ['Harbor Bistro', () => ({ call: manager, id: harborId })],
    ['Golden Dragon', () => ({ call: admin, id: dragonId })],
  ])('at %s the coupon performance equals the discounts report’s coupon lines', async (_name, who) => {
    const { call, id } = who();
    for (const [from, to] of [
      [addDays(today, -DAYS + 1), today],
      [addDays(today, -4), addDays(today, -2)],
    ] as const) {
      const lines = await couponLines(id, from, to);
      expect(lines.length).toBeGreaterThan(0);
      // every coupon line is one of the restaurant's coupons, under its own name and code
      for (const l of lines) expect(l.tied, l.name).toBe(l.uses);

      const performance = await call({ method: 'GET', url: '/api/api/coupon/performance', query: { from, to } });
      expect(performance.statusCode, performance.body).toBe(200);
      const rows = (performance.json() as { rows: { name: string; uses: number; discountCents: number }[] }).rows;
      expect(sum(rows)).toEqual(sum(lines));
      expect(rows.map((r) => ({ name: r.name, uses: r.uses, discountCents: r.discountCents }))).toEqual(
        expect.arrayContaining(lines.map((l) => ({ name: l.name, uses: l.uses, discountCents: l.discountCents }))),
      );

      // the Discount tab's table, right above the coupons section, says the same
      const report = await call({ method: 'GET', url: `/api/api/reports/discounts?from=${from}&to=${to}` });
      expect(report.statusCode, report.body).toBe(200);
      const coupons = (report.json() as { rows: { kind: string; count: number; amountCents: number }[] }).rows
        .filter((r) => r.kind === 'coupon')
        .map((r) => ({ uses: r.count, discountCents: r.amountCents }));
      expect(sum(coupons)).toEqual(sum(rows));
    }
  });

  it('files one consumed redemption per coupon order, of the line’s amount, in the order’s business day', async () => {
    const rows = await rowsOf(
      ctx.db,
      sql`select r.status, r.discount_cents::float8 as redeemed, d.amount_cents::float8 as line,
            o.business_day::text as day, r.created_at, o.opened_at, r.channel, o.channel as order_channel,
            rs.time_zone, rs.hour_offset_end_of_day as end_hour
          from coupon_redemptions r
            join restaurants rs on rs.id = r.restaurant_id
            left join orders o on o.restaurant_id = r.restaurant_id and o.pos_order_id = r.order_ref
            left join order_discounts d on d.order_id = o.id and d.kind = 'coupon' and d.coupon_code = r.code
          where r.restaurant_id in (${harborId}, ${dragonId})`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.status).toBe('consumed');
      expect(num(r.redeemed)).toBe(num(r.line));
      expect(businessDayOf(new Date(r.created_at as string), str(r.time_zone), num(r.end_hour))).toBe(str(r.day));
      expect(new Date(r.created_at as string).getTime()).toBeGreaterThan(new Date(r.opened_at as string).getTime());
      expect(r.channel).toBe({ dineIn: 'pos', toGo: 'pos', kiosk: 'kiosk', delivery: 'online' }[str(r.order_channel)]);
    }
    // and each coupon, and its code, counts its uses
    const counts = await rowsOf(
      ctx.db,
      sql`select c.code, c.used_count as coupon_used, k.used_count as code_used,
            (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions
          from coupons c join coupon_codes k on k.coupon_id = c.id and k.code = c.code
          where c.restaurant_id in (${harborId}, ${dragonId})`,
    );
    for (const c of counts) {
      expect(num(c.coupon_used), str(c.code)).toBe(num(c.redemptions));
      expect(num(c.code_used), str(c.code)).toBe(num(c.redemptions));
    }
    // limited coupons are never used by the generator (HARBOR10: 500 uses, one per customer)
    expect(counts.find((c) => c.code === 'HARBOR10')?.redemptions).toBe(0);
  });

  it('is deterministic: the same seed gives the same coupon uses', async () => {
    const [row] = (await new OrdersRepository(ctx.db).listRestaurantsForDemo()).filter((r) => r.id === harborId);
    const catalogue = await demoCouponCatalogue(ctx.db, harborId);
    const restaurant = {
      id: harborId,
      name: row!.name,
      clock: { timeZone: ZONE, hourOffsetEndOfDay: 3 },
      weekly: row!.weekly,
      menu: 'bistro' as const,
      ordersPerDay: 80,
    };
    const run = () => {
      const generator = new DemoOrderGenerator(restaurant, 5, 'det', catalogue);
      return ['2026-03-06', '2026-03-07'].flatMap((day) => generator.generateDay(day, 80).couponUses);
    };
    const first = run();
    expect(first.length).toBeGreaterThan(0);
    expect(run()).toEqual(first);
    // without the coupons there is nothing to redeem, and no coupon line
    const bare = new DemoOrderGenerator(restaurant, 5, 'det').generateDay('2026-03-06', 80);
    expect(bare.couponUses).toEqual([]);
    expect(
      bare.orders.flatMap((o) => [...(o.discounts ?? []), ...(o.items ?? []).flatMap((l) => l.discounts ?? [])]),
    ).not.toContainEqual(expect.objectContaining({ kind: 'coupon' }));
  });
});
