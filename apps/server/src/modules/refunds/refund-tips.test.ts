import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTipPeriodResponse } from '@ra/shared/tips/tips.schemas';
import { auditLog } from '../../db/schema/audit.ts';
import { tipAdjustments } from '../../db/schema/tip-adjustments.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';

/**
 * A refund crossing a locked pay period, and its tip adjustment (issue 23): the locked period keeps
 * the tips it paid; the refund's tip comes back, in exact cents, from the people who shared it there,
 * in the open period (tips page, payroll export, the employee's own view), audited with the refund.
 */
const LOCKED = { start: '2026-02-23', end: '2026-03-08' };
/** The pay period of TEST_NOW (14 March), open. */
const OPEN = '2026-03-09';

let ctx: TestContext;
const clock = new ManualClock(TEST_NOW);
let restId: number;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;

async function period(start: string, call = manager): Promise<TTipPeriodResponse> {
  const res = await call({ method: 'GET', url: '/api/api/tips/period', query: { start } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A closed order served by Sofia on `day`, $40.00 of food, no tax, paid in cash with a card tip. */
async function pushOrder(n: number, day: string, tipCents: number): Promise<number> {
  const res = await owner({
    method: 'POST',
    url: '/api/api/pos/orders',
    payload: {
      posOrderId: `RTIP-${n}`,
      channel: 'dineIn',
      partySize: 2,
      serverName: 'Sofia Ramirez',
      status: 'closed',
      openedAt: `${day}T23:00:00Z`,
      closedAt: `${day}T23:50:00Z`,
      items: [{ posItemId: 'T-1', name: 'Soup', category: 'Mains', quantity: 1, unitPriceCents: 4000 }],
      taxCents: 0,
      tipCents,
      payments: [
        {
          posPaymentId: `RTIP-${n}-p`,
          method: 'card',
          amountCents: 4000 + tipCents,
          tipCents,
          paidAt: `${day}T23:49:00Z`,
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return Number(res.json().orderId);
}

async function refundWhole(orderId: number, key: string) {
  const res = await owner({
    method: 'POST',
    url: `/api/api/refunds/order/${orderId}`,
    payload: { idempotencyKey: key, scope: 'order', tender: 'cash', reason: 'serviceIssue', note: 'called back' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; status: string; tipCents: number; amountCents: number };
}

async function lastAudit(action: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.restaurantId, restId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((r) => r.split(','));
}

beforeAll(async () => {
  ctx = await createTestContext({ config: { clock } });
  restId = (await harbor(ctx.db)).id;
  owner = as(ctx.app, await tokenFor(ctx.app, 'owner@demo.test'));
  manager = as(ctx.app, await tokenFor(ctx.app, 'manager@demo.test'));
  staff = as(ctx.app, await tokenFor(ctx.app, 'staff@demo.test'));
});
afterAll(async () => {
  await ctx?.close();
});

describe('a refund crossing a locked pay period, and its tip adjustment', () => {
  it('an order of an open period: no adjustment (nothing is locked)', async () => {
    const orderId = await pushOrder(1, '2026-03-10', 700);
    const refund = await refundWhole(orderId, 'rtip-open-1');
    expect(refund).toMatchObject({ status: 'succeeded', tipCents: 700 });
    expect(await ctx.db.select().from(tipAdjustments).where(eq(tipAdjustments.refundId, refund.id))).toEqual([]);
    expect((await period(OPEN)).adjustmentCents).toBe(0);
  });

  it('keeps the locked tips and takes the refunded tip back in the open period, split like the locked shares', async () => {
    // An odd tip on 3 March, in the period about to be locked.
    const orderId = await pushOrder(2, '2026-03-03', 1001);
    const close = await manager({ method: 'POST', url: '/api/api/work-hours/periods/close', payload: LOCKED });
    expect(close.statusCode, close.body).toBe(200);
    const locked = await period(LOCKED.start);
    expect(locked.status).toBe('locked');
    const openBefore = await period(OPEN);

    const refund = await refundWhole(orderId, 'rtip-locked-1');
    expect(refund).toMatchObject({ status: 'succeeded', amountCents: 5001, tipCents: 1001 });

    // The locked period is unchanged.
    expect(await period(LOCKED.start)).toEqual({ ...locked, computedAt: locked.computedAt });

    // The expected parts: 1001 cents in proportion to the locked shares, floors, then the cents left
    // to the largest remainders (ties to the lower employee id); negative.
    const sharers = locked.lines.filter((l) => l.finalCents > 0).sort((a, b) => a.userId - b.userId);
    expect(sharers.length).toBeGreaterThanOrEqual(2);
    const total = sharers.reduce((s, l) => s + l.finalCents, 0);
    const exact = sharers.map((l) => ({
      userId: l.userId,
      floor: Math.floor((1001 * l.finalCents) / total),
      rem: (1001 * l.finalCents) % total,
    }));
    let left = 1001 - exact.reduce((s, e) => s + e.floor, 0);
    for (const e of [...exact].sort((a, b) => b.rem - a.rem || a.userId - b.userId)) {
      if (left-- > 0) e.floor += 1;
    }
    const expected = exact.map((e) => ({ userId: e.userId, cents: -e.floor }));
    expect(expected.reduce((s, e) => s + e.cents, 0)).toBe(-1001);

    const open = await period(OPEN);
    expect(open.status).toBe('open');
    expect(open.adjustmentCents).toBe(-1001);
    expect(open.adjustments).toEqual([
      { refundId: refund.id, orderId, lockedPeriodStart: LOCKED.start, cents: -1001, parts: expected },
    ]);
    for (const e of expected) {
      const line = open.lines.find((l) => l.userId === e.userId)!;
      const was = openBefore.lines.find((l) => l.userId === e.userId);
      expect(line.adjustmentCents).toBe(e.cents);
      expect(line.finalCents).toBe((was?.finalCents ?? 0) + e.cents);
    }

    // Audited with the refund, in the same transaction.
    expect((await lastAudit('tips.refund.adjust'))?.details).toEqual({
      refundId: refund.id,
      orderId,
      lockedPeriodStart: LOCKED.start,
      periodStart: OPEN,
      tipCents: 1001,
      parts: expected,
    });

    // The tips export has the adjustment as its own column.
    const tips = await manager({
      method: 'GET',
      url: '/api/api/tips/period/export',
      query: { start: OPEN, format: 'csv' },
    });
    const [tipHeader, ...tipRows] = csvRows(tips.body);
    const adj = tipHeader!.indexOf('Tip adjustments');
    expect(adj).toBeGreaterThan(0);
    const sofia = open.lines.find((l) => l.name === 'Sofia Ramirez')!;
    expect(tipRows.find((r) => r[0] === 'Sofia Ramirez')![adj]).toBe((sofia.adjustmentCents / 100).toFixed(2));

    // Sofia sees her own part, and nobody else's.
    const mine = await staff({ method: 'GET', url: '/api/api/tips/mine', query: { start: OPEN } });
    expect(mine.statusCode, mine.body).toBe(200);
    const own = mine.json() as TTipPeriodResponse;
    expect(own.lines.map((l) => l.name)).toEqual(['Sofia Ramirez']);
    expect(own.lines[0]!.adjustmentCents).toBe(expected.find((e) => e.userId === sofia.userId)!.cents);

    // A retry of the same refund request changes nothing more.
    await refundWhole(orderId, 'rtip-locked-1');
    expect((await period(OPEN)).adjustmentCents).toBe(-1001);

    // Once the open period has ended and is closed, it keeps the adjustment, and its payroll export pays
    // tips after it.
    clock.set('2026-03-23T15:00:00-04:00');
    manager = as(ctx.app, await tokenFor(ctx.app, 'manager@demo.test'));
    // the demo's people on the clock on the 14th went home that night
    await ctx.db.execute(
      sql`update work_shifts set clock_out_at = clock_in_at + interval '4 hours' where restaurant_id = ${restId} and clock_out_at is null`,
    );
    const closeOpen = await manager({
      method: 'POST',
      url: '/api/api/work-hours/periods/close',
      payload: { start: OPEN },
    });
    expect(closeOpen.statusCode, closeOpen.body).toBe(200);
    const keptOpen = await period(OPEN);
    expect(keptOpen.status).toBe('locked');
    expect(keptOpen.adjustmentCents).toBe(-1001);
    // (hours moved: the shifts above were clocked out) the adjustments stay as they were
    expect(keptOpen.lines.map((l) => [l.userId, l.adjustmentCents])).toEqual(
      open.lines.map((l) => [l.userId, l.adjustmentCents]),
    );
    const payroll = await manager({ method: 'GET', url: '/api/api/work-hours/periods/export', query: { start: OPEN } });
    expect(payroll.statusCode, payroll.body).toBe(200);
    const [header, ...rows] = csvRows(payroll.body);
    const col = header!.indexOf('Tips after pooling');
    for (const e of expected) {
      const line = open.lines.find((l) => l.userId === e.userId)!;
      const row = rows.find((r) => r[0] === line.name)!;
      expect(row[col]).toBe((line.finalCents / 100).toFixed(2));
    }
  });
});
