import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { enumerateDays } from '@ra/shared/business-day/date-range';
import { ZAnalyticsOverviewResponse } from '@ra/shared/analytics/analytics.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { seedDemoOrders } from '../../demo/demo-orders.ts';
import { rowsOf } from '../../db/sql-util.ts';
import { harbor } from '../team/team.test-support.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let clock: ManualClock;
let raw: Array<{ day: string; openedMs: number; hour: number; status: string; net: number }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  const harborId = (await harbor(ctx.db)).id;
  // Two weeks of Harbor Bistro's orders up to Saturday 19:30 (TEST_NOW); nothing a year earlier.
  await seedDemoOrders(ctx.db, { days: 15, now: new Date(TEST_NOW), restaurantIds: [harborId], busiestPerDay: 30 });
  raw = (
    await rowsOf(
      ctx.db,
      sql`select business_day::text as day, (extract(epoch from opened_at) * 1000)::float8 as opened_ms, status,
            opened_hour as hour, net_sales_cents::float8 as net from orders where restaurant_id = ${harborId}`,
    )
  ).map((r) => ({
    day: String(r.day),
    openedMs: Number(r.opened_ms),
    hour: Number(r.hour),
    status: String(r.status),
    net: Number(r.net),
  }));
}, 180_000);

afterAll(async () => {
  clock?.set(TEST_NOW);
  await ctx?.close();
});

const overview = async (from: string, to: string, who = owner) => {
  const res = await who({ method: 'GET', url: `/api/api/analytics/overview?from=${from}&to=${to}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZAnalyticsOverviewResponse.parse(res.json());
};

/** Closed orders of the days, the last one only up to `lastBefore`. */
function closed(days: string[], lastBefore = Infinity) {
  const last = days.at(-1);
  const rows = raw.filter(
    (o) => days.includes(o.day) && o.status === 'closed' && (o.day !== last || o.openedMs < lastBefore),
  );
  return { orders: rows.length, netSalesCents: rows.reduce((t, o) => t + o.net, 0) };
}

describe('analytic center comparisons', () => {
  it('sets this week so far against last week up to the same time on Saturday, and says so', async () => {
    const body = await overview('2026-02-15', '2026-03-14');
    const { current, previous } = body.weekOverWeek;
    expect(body.today).toBe('2026-03-14');
    expect(current.partial).toEqual({ day: '2026-03-14', until: new Date(TEST_NOW).toISOString() });
    // 19:30 on Saturday, March 7 (EST, before the clocks changed)
    expect(previous.partial).toEqual({ day: '2026-03-07', until: '2026-03-08T00:30:00.000Z' });
    const lastWeek = enumerateDays({ from: '2026-03-01', to: '2026-03-07' });
    const sameTime = closed(lastWeek, Date.parse('2026-03-08T00:30:00Z'));
    expect(previous.orders).toBe(sameTime.orders);
    expect(previous.netSalesCents).toBe(sameTime.netSalesCents);
    // not the whole of last Saturday
    expect(previous.orders).toBeLessThan(closed(lastWeek).orders);
    expect(current.orders).toBe(closed(enumerateDays({ from: '2026-03-08', to: '2026-03-14' })).orders);
  });

  it('compares whole weeks when the range ends before today', async () => {
    const { current, previous } = (await overview('2026-02-15', '2026-03-13')).weekOverWeek;
    expect(current.partial).toBeNull();
    expect(previous.partial).toBeNull();
    expect(previous.orders).toBe(closed(enumerateDays({ from: '2026-02-28', to: '2026-03-06' })).orders);
  });

  it('has no figures a year earlier and no percentage change from nothing', async () => {
    const { previous, change } = (await overview('2026-03-08', '2026-03-14')).yearOverYear;
    expect(previous.range).toEqual({ from: '2025-03-09', to: '2025-03-15' });
    expect(previous.partial?.day).toBe('2025-03-15');
    expect(previous.orders).toBe(0);
    expect(change.netSales).toBeNull();
  });
});

describe('busiest hours', () => {
  /** Closed orders opened on `day` in local hour `hour`. */
  const ordersAt = (day: string, hour: number) =>
    raw.filter((o) => o.day === day && o.hour === hour && o.status === 'closed').length;

  it('averages each hour over the days that reached it: today only for its hours that are over', async () => {
    // two weeks up to Saturday 19:30 (TEST_NOW): two Saturdays, March 7 and today
    const body = await overview('2026-03-01', '2026-03-14');
    const cell = (weekday: number, hour: number) => body.heatmap.find((c) => c.weekday === weekday && c.hour === hour)!;
    // 18:00 is over today: both Saturdays, today's orders included
    expect(ordersAt('2026-03-14', 18)).toBeGreaterThan(0);
    expect(cell(6, 18)).toMatchObject({
      days: 2,
      orders: ordersAt('2026-03-07', 18) + ordersAt('2026-03-14', 18),
    });
    expect(cell(6, 18).averageOrders).toBe(Math.round((cell(6, 18).orders / 2) * 10) / 10);
    // 19:00 is in progress and 21:00 still to come: last Saturday alone, not halved by today
    expect(cell(6, 19)).toMatchObject({ days: 1, orders: ordersAt('2026-03-07', 19) });
    expect(cell(6, 19).averageOrders).toBe(ordersAt('2026-03-07', 19));
    expect(cell(6, 21)).toMatchObject({ days: 1, orders: ordersAt('2026-03-07', 21) });
    // other weekdays count both their days at every hour
    expect(cell(5, 21)).toMatchObject({
      days: 2,
      orders: ordersAt('2026-03-06', 21) + ordersAt('2026-03-13', 21),
    });
  });

  it('leaves out the orders of the hour in progress until it is over', async () => {
    clock.set('2026-03-14T18:45:00-04:00');
    try {
      const body = await overview('2026-03-01', '2026-03-14', as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner)));
      // today's 18:00 orders (closed by 19:30, see above) wait for the hour to end
      expect(body.heatmap.find((c) => c.weekday === 6 && c.hour === 18)).toMatchObject({
        days: 1,
        orders: ordersAt('2026-03-07', 18),
      });
      expect(body.heatmap.find((c) => c.weekday === 6 && c.hour === 17)?.days).toBe(2);
    } finally {
      clock.set(TEST_NOW);
    }
  });

  it('counts every day whole in a range that is over', async () => {
    const body = await overview('2026-03-01', '2026-03-13');
    expect(body.heatmap.find((c) => c.weekday === 6 && c.hour === 19)).toMatchObject({
      days: 1,
      orders: ordersAt('2026-03-07', 19),
    });
    expect(body.heatmap.find((c) => c.weekday === 5 && c.hour === 19)?.days).toBe(2);
  });
});

describe('average check by week', () => {
  it('at 03:30 on a Monday, shows the new week as in progress with no average instead of $0', async () => {
    clock.set('2026-03-16T03:30:00-04:00');
    try {
      // a session of this morning (the one from Saturday evening has expired by now)
      const early = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
      // a range running past today: days still to come make no weeks
      const body = await overview('2026-02-23', '2026-03-22', early);
      expect(body.today).toBe('2026-03-16');
      expect(body.averageCheckTrend.map((w) => w.week)).toEqual([
        '2026-02-23',
        '2026-03-02',
        '2026-03-09',
        '2026-03-16',
      ]);
      const [, , whole, current] = body.averageCheckTrend;
      expect(current).toMatchObject({ days: 1, inProgress: true, orders: 0, averageCheckCents: null });
      expect(whole?.inProgress).toBe(false);
      expect(whole?.days).toBe(7);
      expect(whole?.averageCheckCents).toBeGreaterThan(0);
      // this week has no orders by 03:30, nor had last Monday by 03:30
      expect(body.weekOverWeek.current.orders).toBe(
        closed(enumerateDays({ from: '2026-03-10', to: '2026-03-16' })).orders,
      );
    } finally {
      clock.set(TEST_NOW);
    }
  });
});
