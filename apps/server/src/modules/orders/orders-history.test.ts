import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@ra/shared/errors';
import { ORDER_CHANGE_MESSAGES } from '@ra/shared/orders/order-changes';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { createPerson, flagsWith, harbor } from '../team/team.test-support.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { ROLLUP_TABLES } from './orders.repository.ts';
import { num, rowsOf, str } from '../../db/sql-util.ts';

/**
 * Past sales cannot be rewritten quietly (docs/decisions.md "Past business days"): the clock is
 * pinned at TEST_NOW, Saturday 2026-03-14 19:30 in New York (day end 03:00), so business day
 * 2026-03-13 has ended and 2026-03-14 is today.
 */

let ctx: TestContext;
let clock: ManualClock;
let harborId: number;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
/** canOrder and canVoid only. */
let voider: ReturnType<typeof as>;
let staffUserId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  const home = await harbor(ctx.db);
  harborId = home.id;
  await createPerson(ctx.db, home, {
    email: 'voider@demo.test',
    roleName: 'Voider',
    flags: flagsWith('order', 'voidOrders'),
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  voider = as(ctx.app, await tokenFor(ctx.app, 'voider@demo.test'));
  const [row] = await rowsOf(ctx.db, sql`select id from users where email = ${DEMO_EMAILS.staff}`);
  staffUserId = num(row?.id);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  clock.set(TEST_NOW);
});

const YESTERDAY_EVENING = '2026-03-13T23:00:00Z'; // 19:00 EDT on 2026-03-13
const TODAY_EVENING = '2026-03-14T22:00:00Z'; // 18:00 EDT on 2026-03-14

const addMinutes = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();

/** A closed check: burger 18.00 and beer 7.00, tax 2.00, card payment with a 3.00 tip (total 30.00). */
function check(posOrderId: string, openedAt: string, overrides: Partial<TIngestOrderInput> = {}): TIngestOrderInput {
  const closedAt = addMinutes(openedAt, 50);
  return {
    posOrderId,
    channel: 'dineIn',
    tableName: 'T2',
    partySize: 2,
    status: 'closed',
    openedAt,
    closedAt,
    items: [
      { posItemId: 'BURG', name: 'Burger', category: 'Mains', quantity: 1, unitPriceCents: 1800 },
      { posItemId: 'IPA', name: 'IPA', category: 'Beer', quantity: 1, unitPriceCents: 700 },
    ],
    taxCents: 200,
    tipCents: 300,
    payments: [
      {
        posPaymentId: `${posOrderId}-p1`,
        method: 'card',
        cardBrand: 'visa',
        amountCents: 3000,
        tipCents: 300,
        paidAt: closedAt,
      },
    ],
    ...overrides,
  };
}

/** The same check voided by the POS (refunded in full, as a voided order must be). */
function voided(base: TIngestOrderInput): TIngestOrderInput {
  const at = addMinutes(base.closedAt!, 5);
  return {
    ...base,
    status: 'voided',
    voided: { by: 'Sam', reason: 'Walked out', at },
    refunds: [
      {
        posRefundId: `${base.posOrderId}-r1`,
        posPaymentId: `${base.posOrderId}-p1`,
        amountCents: base.payments![0]!.amountCents,
        method: 'card',
        reason: 'Void',
        by: 'Sam',
        at,
      },
    ],
  };
}

/** A tip adjustment: 3.00 -> 5.00 on the order and the card payment. */
function tipped(base: TIngestOrderInput): TIngestOrderInput {
  return { ...base, tipCents: 500, payments: base.payments!.map((p) => ({ ...p, amountCents: 3200, tipCents: 500 })) };
}

/** The burger at 1.00 instead of 18.00 (and the payment to match). */
function cheaper(base: TIngestOrderInput): TIngestOrderInput {
  return {
    ...base,
    items: [{ ...base.items![0]!, unitPriceCents: 100 }, base.items![1]!],
    payments: base.payments!.map((p) => ({ ...p, amountCents: 1300 })),
  };
}

const push = (who: ReturnType<typeof as>, payload: TIngestOrderInput, ip = '203.0.113.7') =>
  who({ method: 'POST', url: '/api/api/pos/orders', payload, remoteAddress: ip });

/** What a refused push must leave exactly as it was. */
async function stateOf(posOrderId: string): Promise<string> {
  const parts = [
    await rowsOf(
      ctx.db,
      sql`select o::text as r from orders o where restaurant_id = ${harborId} and pos_order_id = ${posOrderId}`,
    ),
    await rowsOf(ctx.db, sql`select count(*)::int as r from order_versions where restaurant_id = ${harborId}`),
    await rowsOf(ctx.db, sql`select count(*)::int as r from audit_log where restaurant_id = ${harborId}`),
    await rowsOf(ctx.db, sql`select p::text as r from payments p where restaurant_id = ${harborId} order by id`),
  ];
  for (const table of ROLLUP_TABLES) {
    parts.push(
      await rowsOf(
        ctx.db,
        sql`select t::text as r from ${sql.raw(table)} t where restaurant_id = ${harborId} order by 1`,
      ),
    );
  }
  return JSON.stringify(parts.map((rows) => rows.map((r) => str(r.r))));
}

async function orderRow(posOrderId: string) {
  const [row] = await rowsOf(
    ctx.db,
    sql`select id, status, version, received_late, business_day::text as business_day, net_sales_cents,
          created_at::text as created_at, (extract(epoch from updated_at) * 1000)::float8 as updated_ms
        from orders where restaurant_id = ${harborId} and pos_order_id = ${posOrderId}`,
  );
  return row;
}

describe('orders dated in the future', () => {
  it('refuses an order dated five years ahead with a 400 naming the field, and writes nothing', async () => {
    const before = await stateOf('F-1');
    const res = await push(owner, check('F-1', '2031-03-14T22:00:00Z'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ERROR_CODES.badRequest,
      errors: {
        openedAt: ORDER_CHANGE_MESSAGES['orders.inFuture'].en,
        closedAt: ORDER_CHANGE_MESSAGES['orders.inFuture'].en,
        'payments.0.paidAt': ORDER_CHANGE_MESSAGES['orders.inFuture'].en,
      },
    });
    expect(await stateOf('F-1')).toBe(before);
  });

  it('allows a few minutes of clock skew but not more', async () => {
    // Paid 4 minutes "after" the server's now: a POS clock slightly fast.
    const fast = check('F-2', addMinutes(TEST_NOW, -46));
    expect((await push(owner, fast)).statusCode).toBe(201);
    const tooFast = check('F-3', addMinutes(TEST_NOW, -44));
    const res = await push(owner, tooFast);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['closedAt', 'payments.0.paidAt']);
  });

  it('refuses a cash payout dated in the future', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/pos/payouts',
      payload: { posPayoutId: 'FP-1', amountCents: 1000, reason: 'Ice', by: 'Sam', at: '2027-01-01T12:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ at: ORDER_CHANGE_MESSAGES['orders.inFuture'].en });
  });
});

describe('late orders', () => {
  it('accepts a new order for a business day that has ended and marks it late; today’s is not late', async () => {
    const late = await push(staff, check('L-1', YESTERDAY_EVENING));
    expect(late.statusCode).toBe(201);
    expect(late.json()).toMatchObject({ businessDay: '2026-03-13', result: 'created', late: true });
    expect((await orderRow('L-1'))?.received_late).toBe(true);

    const onTime = await push(staff, check('L-2', TODAY_EVENING));
    expect(onTime.json()).toMatchObject({ businessDay: '2026-03-14', late: false });
    expect((await orderRow('L-2'))?.received_late).toBe(false);
  });

  it('counts 01:30 as the day before: an order opened then is not late until 03:00', async () => {
    // 2026-03-15 01:30 EDT belongs to business day 2026-03-14, which ends at 03:00.
    clock.set('2026-03-15T06:00:00Z');
    const res = await push(staff, check('L-3', '2026-03-15T05:00:00Z'));
    expect(res.json()).toMatchObject({ businessDay: '2026-03-14', late: false });
  });
});

describe('replacing an order of a business day that has ended', () => {
  it('refuses staff voiding yesterday’s order (no canVoid): 403 naming the permission, nothing changes', async () => {
    const original = check('P-1', YESTERDAY_EVENING);
    expect((await push(owner, original)).statusCode).toBe(201);
    const before = await stateOf('P-1');
    const res = await push(staff, voided(original));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: ERROR_CODES.forbidden,
      key: 'orders.pastDayChangeRefused',
      params: { day: '2026-03-13', posOrderId: 'P-1', permissions: 'Void orders' },
      message: 'Business day 2026-03-13 has ended: this change to order P-1 needs the Void orders permission',
    });
    expect(await stateOf('P-1')).toBe(before);
  });

  it('refuses staff changing a price (adjDish) or dropping a payment (delOrder)', async () => {
    const original = check('P-2', YESTERDAY_EVENING);
    await push(owner, original);
    const before = await stateOf('P-2');
    const price = await push(staff, cheaper(original));
    expect(price.statusCode).toBe(403);
    expect(price.json().message).toMatch(/needs the Adjust price permission$/);
    const cash = {
      ...original,
      payments: [
        {
          posPaymentId: 'P-2-cash',
          method: 'cash' as const,
          amountCents: 3000,
          tipCents: 300,
          paidAt: original.closedAt!,
        },
      ],
    };
    const dropped = await push(staff, cash);
    expect(dropped.statusCode).toBe(403);
    expect(dropped.json().message).toMatch(/needs the Delete orders permission$/);
    expect(await stateOf('P-2')).toBe(before);
  });

  it('lets a role with only canVoid void it, but not void and reprice at once', async () => {
    const original = check('P-3', YESTERDAY_EVENING);
    await push(owner, original);
    const both = await push(voider, voided(cheaper(original)));
    expect(both.statusCode).toBe(403);
    expect(both.json().message).toMatch(/needs the Adjust price permission$/);
    const res = await push(voider, voided(original));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'updated', businessDay: '2026-03-13' });
    expect((await orderRow('P-3'))?.status).toBe('voided');
  });

  it('lets staff adjust a tip on yesterday’s order (updateTip) and audits it', async () => {
    const original = check('P-4', YESTERDAY_EVENING);
    await push(owner, original);
    const res = await push(staff, tipped(original));
    expect(res.statusCode).toBe(200);
    const [audit] = await rowsOf(
      ctx.db,
      sql`select details from audit_log where action = 'order.replace' and details->>'posOrderId' = 'P-4'`,
    );
    expect(audit?.details).toMatchObject({ changes: ['tip'], pastDay: true });
  });

  it('moves the end of the day by the server’s clock: today’s order becomes a past one after 03:00', async () => {
    const original = check('P-5', TODAY_EVENING);
    await push(owner, original);
    clock.set('2026-03-15T06:59:00Z'); // 02:59 EDT: business day 2026-03-14 still open
    expect((await push(staff, cheaper(original))).statusCode).toBe(200);
    clock.set('2026-03-15T07:00:00Z'); // 03:00 EDT: it has ended
    const res = await push(staff, original);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Business day 2026-03-14 has ended/);
  });

  it('treats moving an order into an ended day as changing that day', async () => {
    const original = check('P-6', TODAY_EVENING);
    await push(owner, original);
    const moved = check('P-6', YESTERDAY_EVENING);
    const res = await push(staff, moved);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Business day 2026-03-13 has ended/);
  });
});

describe('every replacement is kept and audited', () => {
  it('keeps the previous version, the original created_at, and records who, when, from where, before and after', async () => {
    const original = check('H-1', TODAY_EVENING);
    clock.set('2026-03-14T23:00:00Z');
    expect((await push(staff, original)).statusCode).toBe(201);
    const first = await orderRow('H-1');
    expect(first?.version).toBe(1);

    clock.set('2026-03-14T23:20:00Z');
    const res = await push(staff, tipped(original), '198.51.100.23');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'updated', orderId: num(first?.id) });

    const second = await orderRow('H-1');
    expect(second?.version).toBe(2);
    expect(second?.created_at).toBe(first?.created_at);
    expect(num(second?.updated_ms)).toBe(Date.parse('2026-03-14T23:20:00Z'));

    const versions = await rowsOf(
      ctx.db,
      sql`select version, payload, total_cents, (extract(epoch from received_at) * 1000)::float8 as received_ms,
            (extract(epoch from replaced_at) * 1000)::float8 as replaced_ms, replaced_by_user_id, replaced_from_ip
          from order_versions where restaurant_id = ${harborId} and order_id = ${num(first?.id)}`,
    );
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      version: 1,
      replaced_by_user_id: staffUserId,
      replaced_from_ip: '198.51.100.23',
    });
    expect(num(versions[0]?.total_cents)).toBe(3000);
    expect((versions[0]?.payload as { tipCents: number }).tipCents).toBe(300);
    expect(num(versions[0]?.received_ms)).toBe(Date.parse('2026-03-14T23:00:00Z'));
    expect(num(versions[0]?.replaced_ms)).toBe(Date.parse('2026-03-14T23:20:00Z'));

    const audits = await rowsOf(
      ctx.db,
      sql`select actor_user_id, ip, target_type, target_id, details,
            (extract(epoch from created_at) * 1000)::float8 as at_ms
          from audit_log where action = 'order.replace' and restaurant_id = ${harborId} and details->>'posOrderId' = 'H-1'`,
    );
    expect(audits).toHaveLength(1);
    const audit = audits[0]!;
    expect(audit).toMatchObject({
      actor_user_id: staffUserId,
      ip: '198.51.100.23',
      target_type: 'order',
      target_id: str(first?.id),
    });
    expect(num(audit.at_ms)).toBe(Date.parse('2026-03-14T23:20:00Z'));
    const details = audit.details as Record<string, { tipCents?: number } | unknown>;
    expect(details).toMatchObject({
      version: 2,
      changes: ['tip'],
      pastDay: false,
      businessDay: { before: '2026-03-14', after: '2026-03-14' },
    });
    expect((details.before as { tipCents: number }).tipCents).toBe(300);
    expect((details.after as { tipCents: number }).tipCents).toBe(500);
  });

  it('writes no version and no audit row for the same push again', async () => {
    const original = check('H-2', TODAY_EVENING);
    await push(staff, original);
    const before = await stateOf('H-2');
    const again = await push(staff, original);
    expect(again.json().result).toBe('unchanged');
    expect(await stateOf('H-2')).toBe(before);
  });

  it('keeps the first receipt’s lateness through replacements', async () => {
    const original = check('H-3', YESTERDAY_EVENING);
    expect((await push(owner, original)).json().late).toBe(true);
    const res = await push(owner, tipped(original));
    expect(res.json()).toMatchObject({ result: 'updated', late: true });
    expect((await orderRow('H-3'))?.version).toBe(2);
  });
});
