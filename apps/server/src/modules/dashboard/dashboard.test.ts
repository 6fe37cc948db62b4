import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { ZDashboardTodayResponse } from '@ra/shared/dashboard/dashboard.schemas';
import { ZOrderCalendarResponse, ZOrderCalendarYearResponse } from '@ra/shared/dashboard/order-calendar.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { seedDemoOrders } from '../../demo/demo-orders.ts';
import { rowsOf } from '../../db/sql-util.ts';
import { harbor } from '../team/team.test-support.ts';
import { comparisonPartialDay } from '@ra/shared/reports/partial-day';

const NEW_YORK = { timeZone: 'America/New_York', hourOffsetEndOfDay: 3 };

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;
let clock: ManualClock;

interface TRawOrder {
  day: string;
  openedMs: number;
  status: string;
  net: number;
  partySize: number;
}
let raw: TRawOrder[] = [];
/** Refunds of closed orders: their net sales come off the day they were made (issue 23). */
let refunds: Array<{ day: string; atMs: number; closedMs: number; net: number }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  harborId = (await harbor(ctx.db)).id;
  // Three weeks of Harbor Bistro's orders up to Saturday 19:30 (TEST_NOW), today included so far.
  await seedDemoOrders(ctx.db, { days: 21, now: new Date(TEST_NOW), restaurantIds: [harborId], busiestPerDay: 40 });
  raw = (
    await rowsOf(
      ctx.db,
      sql`select business_day::text as day, (extract(epoch from opened_at) * 1000)::float8 as opened_ms, status,
            net_sales_cents::float8 as net, party_size from orders where restaurant_id = ${harborId}`,
    )
  ).map((r) => ({
    day: String(r.day),
    openedMs: Number(r.opened_ms),
    status: String(r.status),
    net: Number(r.net),
    partySize: Number(r.party_size),
  }));
  refunds = (
    await rowsOf(
      ctx.db,
      sql`select r.business_day::text as day, (extract(epoch from r.refunded_at) * 1000)::float8 as at_ms,
            (extract(epoch from o.closed_at) * 1000)::float8 as closed_ms, r.net_cents::float8 as net
          from refunds r join orders o on o.id = r.order_id
          where r.restaurant_id = ${harborId} and o.status = 'closed'`,
    )
  ).map((r) => ({ day: String(r.day), atMs: Number(r.at_ms), closedMs: Number(r.closed_ms), net: Number(r.net) }));
}, 180_000);

afterAll(async () => {
  clock?.set(TEST_NOW);
  await ctx?.close();
});

/** Closed orders of a business day, optionally only those opened before an instant. */
function closed(day: string, beforeMs = Infinity) {
  const rows = raw.filter((o) => o.day === day && o.status === 'closed' && o.openedMs < beforeMs);
  const refunded = refunds
    .filter((r) => r.day === day && r.atMs < beforeMs && r.closedMs < beforeMs)
    .reduce((t, r) => t + r.net, 0);
  return { orders: rows.length, netSalesCents: rows.reduce((t, o) => t + o.net, 0) - refunded };
}

describe('dashboard today', () => {
  it('compares today so far with last Saturday up to the same time, not with all of last Saturday', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/dashboard/today' });
    expect(res.statusCode).toBe(200);
    const body = ZDashboardTodayResponse.parse(res.json());
    expect(body.today.businessDay).toBe('2026-03-14');
    expect(body.sameTimeLastWeek.businessDay).toBe('2026-03-07');
    // 19:30 on Saturday, March 7 (EST: the clocks changed on the 8th)
    expect(body.sameTimeLastWeek.until).toBe('2026-03-08T00:30:00.000Z');
    const sameTime = closed('2026-03-07', Date.parse('2026-03-08T00:30:00Z'));
    expect(sameTime.orders).toBeGreaterThan(0);
    expect(sameTime.orders).toBeLessThan(closed('2026-03-07').orders);
    expect(body.sameTimeLastWeek.orders).toBe(sameTime.orders);
    expect(body.sameTimeLastWeek.netSalesCents).toBe(sameTime.netSalesCents);
    expect(body.today.orders).toBe(closed('2026-03-14').orders);
  });

  it('marks today as the one partial day of the 14-day chart', async () => {
    const body = ZDashboardTodayResponse.parse(
      (await owner({ method: 'GET', url: '/api/api/dashboard/today' })).json(),
    );
    expect(body.last14Days).toHaveLength(14);
    expect(body.last14Days.filter((d) => d.partial).map((d) => d.day)).toEqual(['2026-03-14']);
    const march10 = body.last14Days.find((d) => d.day === '2026-03-10');
    expect(march10?.netSalesCents).toBe(closed('2026-03-10').netSalesCents);
  });

  it('at 03:30, before the first order, has an empty today and last week to 03:30 on the daylight-saving day', async () => {
    clock.set('2026-03-15T03:30:00-04:00');
    try {
      const body = ZDashboardTodayResponse.parse(
        (await owner({ method: 'GET', url: '/api/api/dashboard/today' })).json(),
      );
      expect(body.today).toMatchObject({ businessDay: '2026-03-15', orders: 0, netSalesCents: 0 });
      // half an hour into March 8's business day, which started at 03:00 EDT, just after the clocks moved
      expect(body.sameTimeLastWeek.until).toBe('2026-03-08T07:30:00.000Z');
      expect(body.last14Days.at(-1)).toMatchObject({ day: '2026-03-15', partial: true, orders: 0 });
      expect(body.last14Days.at(-2)?.orders).toBe(closed('2026-03-14').orders);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});

describe('comparisonPartialDay', () => {
  it('measures the time into the business day from each day’s own start across a clock change', () => {
    // 22:00 EDT on Sunday March 8 is 19 hours into a 23-hour day; on March 1 that is 22:00 EST
    const now = new Date('2026-03-09T02:00:00Z');
    const { day, until: at } = comparisonPartialDay('2026-03-08', now, NEW_YORK, -7);
    expect(day).toBe('2026-03-01');
    expect(at.toISOString()).toBe('2026-03-02T03:00:00.000Z');
    expect(at.getTime() - businessDayBounds('2026-03-01', 'America/New_York', 3).start.getTime()).toBe(19 * 3_600_000);
  });
});

describe('order calendar', () => {
  it('gives each day of the month its orders and parties, and says which day is today', async () => {
    const body = ZOrderCalendarResponse.parse(
      (await owner({ method: 'GET', url: '/api/api/order-calendar?month=2026-03' })).json(),
    );
    expect(body.today).toBe('2026-03-14');
    expect(body.days).toHaveLength(31);
    const day = body.days.find((d) => d.day === '2026-03-10')!;
    const rows = raw.filter((o) => o.day === '2026-03-10' && o.status === 'closed');
    expect(day.orders).toBe(rows.length);
    expect(day.parties).toBe(rows.filter((o) => o.partySize > 0).length);
  });

  it('answers the year view with twelve months whose totals are the month views’ totals', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/order-calendar/year?year=2026' });
    expect(res.statusCode).toBe(200);
    const year = ZOrderCalendarYearResponse.parse(res.json());
    expect(year.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    for (const month of ['2026-02', '2026-03']) {
      const view = ZOrderCalendarResponse.parse(
        (await owner({ method: 'GET', url: `/api/api/order-calendar?month=${month}` })).json(),
      );
      expect(year.months.find((m) => m.month === month)).toEqual({ month, ...view.totals });
    }
    expect(year.totals.orders).toBe(raw.filter((o) => o.status === 'closed').length);
    expect(year.months.find((m) => m.month === '2026-04')?.orders).toBe(0);
    expect(year.today).toBe('2026-03-14');
  });

  it('refuses a malformed year with a field error, and staff without the page', async () => {
    const bad = await owner({ method: 'GET', url: '/api/api/order-calendar/year?year=26' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please choose a year (YYYY)');
    expect((await staff({ method: 'GET', url: '/api/api/order-calendar/year?year=2026' })).statusCode).toBe(403);
  });
});
