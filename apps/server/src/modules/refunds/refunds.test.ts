import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { REPORT_PATHS } from '@ra/shared/reports/reports.schemas';
import { REFUNDS_MESSAGES } from '@ra/shared/refunds/refunds.messages';
import { LocalPayments } from '../../adapters/payments/local-payments.ts';
import { PaymentsDeclined, type TPaymentsProvider } from '../../adapters/payments/payments-provider.ts';
import { num, rowsOf } from '../../db/sql-util.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';

/**
 * Back-office refunds (issue 23): money rules under concurrency, tenders, tax/tip split, idempotency,
 * the processor's answers, approval above a role limit, 403s, and where the refund lands (sales
 * report of the day it was made, payment methods, the POS's next sync).
 */
const DAY = '2026-03-14'; // TEST_NOW's business day: refunds land here, not on the sale's day

/** Lets a test make the processor fail: the next call throws what was queued, else the local stand-in answers. */
class FlakyPayments implements TPaymentsProvider {
  inner?: LocalPayments;
  queued: Error[] = [];
  calls = 0;
  async refund(input: { paymentRef: string; amountCents: number; idempotencyKey: string }) {
    this.calls += 1;
    const failure = this.queued.shift();
    if (failure) throw failure;
    return this.inner!.refund(input);
  }
}

const payments = new FlakyPayments();
let ctx: TestContext;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;
let seq = 0;

/** A closed check: two burgers with bacon and a beer, 10.1% tax, 18% tip; paid as told. */
function order(posOrderId: string, pay: 'card' | 'cash' = 'card', overrides: Partial<TIngestOrderInput> = {}) {
  return {
    posOrderId,
    channel: 'dineIn',
    partySize: 2,
    serverName: 'Sofia Ramirez',
    status: 'closed',
    openedAt: '2026-03-10T16:00:00Z',
    closedAt: '2026-03-10T17:00:00Z',
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
        posPaymentId: `${posOrderId}-p1`,
        method: pay,
        ...(pay === 'card' ? { cardBrand: 'visa', cardLast4: '4242' } : {}),
        amountCents: 6533,
        tipCents: 918,
        paidAt: '2026-03-10T16:59:00Z',
      },
    ],
    ...overrides,
  };
}

async function pushOrder(
  posOrderId: string,
  pay: 'card' | 'cash' = 'card',
  overrides: Partial<TIngestOrderInput> = {},
) {
  const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: order(posOrderId, pay, overrides) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return num(res.json().orderId);
}

const key = () => `test-key-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
type TWho = ReturnType<typeof as>;
const refund = (who: TWho, orderId: number, body: Record<string, unknown>) =>
  who({
    method: 'POST',
    url: `/api/api/refunds/order/${orderId}`,
    payload: { idempotencyKey: key(), reason: 'foodQuality', ...body },
  });
const state = async (orderId: number) =>
  (await owner({ method: 'GET', url: `/api/api/refunds/order/${orderId}` })).json() as {
    paidCents: number;
    refundedCents: number;
    remainingCents: number;
    lines: Array<{ lineNo: number; quantity: number; refundedQuantity: number; netCents: number; taxCents: number }>;
    cardPayments: Array<{ paymentId: number; remainingCents: number }>;
    refunds: Array<{ id: number; status: string; amountCents: number; requestedBy: string; approvedBy: string | null }>;
  };
const summary = async () =>
  (await owner({ method: 'GET', url: `/api${REPORT_PATHS.salesSummary}?from=${DAY}&to=${DAY}&compare=false` })).json()
    .current as { refundCents: number; totalCollectedCents: number };
const visaRefunds = async () => {
  const res = await owner({
    method: 'GET',
    url: `/api${REPORT_PATHS.paymentMethods}?from=${DAY}&to=${DAY}&compare=false`,
  });
  const rows = res.json().rows as Array<{ method: string; cardBrand: string | null; refundCents: number }>;
  return rows.filter((r) => r.method === 'card' && r.cardBrand === 'visa').reduce((a, r) => a + r.refundCents, 0);
};
const refundsRowsOf = async (orderId: number) =>
  rowsOf(
    ctx.db,
    sql`select pos_refund_id, amount_cents::int as amount_cents, business_day::text as day from refunds where order_id = ${orderId} order by id`,
  );

beforeAll(async () => {
  ctx = await createTestContext({ payments });
  payments.inner = new LocalPayments(ctx.db, ctx.config.clock);
  harborId = (await harbor(ctx.db)).id;
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
});
afterAll(async () => {
  await ctx?.close();
});

describe('refunds from the back office', () => {
  it('refunds a whole card order once: tax and tip split as taxed, on the day it was made, in the reports', async () => {
    const orderId = await pushOrder('RF-1');
    const before = { summary: await summary(), visa: await visaRefunds() };
    const { cardPayments } = await state(orderId);
    const body = {
      idempotencyKey: key(),
      reason: 'wrongItem',
      note: 'called',
      scope: 'order',
      tender: 'card',
      paymentId: cardPayments[0]!.paymentId,
    };
    const res = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'succeeded',
      amountCents: 6533,
      netCents: 5100,
      taxCents: 515,
      tipCents: 918,
      businessDay: DAY,
    });
    // The same request again (a retry) answers the same refund and moves nothing.
    const again = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: body });
    expect(again.json().id).toBe(res.json().id);
    const [processor] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n, sum(amount_cents)::int as s from local_payment_refunds where payment_ref = ${`payment:${cardPayments[0]!.paymentId}`}`,
    );
    expect([num(processor?.n), num(processor?.s)]).toEqual([1, 6533]);
    expect(await refundsRowsOf(orderId)).toEqual([
      { pos_refund_id: `office-${res.json().id}`, amount_cents: 6533, day: DAY },
    ]);
    const after = await summary();
    expect(after.refundCents - before.summary.refundCents).toBe(6533);
    expect(before.summary.totalCollectedCents - after.totalCollectedCents).toBe(6533);
    expect((await visaRefunds()) - before.visa).toBe(6533);
    // Nothing is left: another refund is refused and changes nothing.
    const more = await refund(owner, orderId, { scope: 'amount', amountCents: 1, tender: 'cash' });
    expect(more.statusCode).toBe(409);
    expect(more.json().key).toBe('refunds.exceedsOrder');
    expect((await summary()).refundCents).toBe(after.refundCents);
    // Audited with who, why and what.
    const [audit] = await rowsOf(
      ctx.db,
      sql`select action, details from audit_log where action = 'refund.create' and target_id = ${String(orderId)}`,
    );
    expect(audit?.details).toMatchObject({
      reason: 'wrongItem',
      note: 'called',
      amountCents: 6533,
      requestedBy: expect.any(String),
    });
  });

  it('takes a refund’s net and tax off net sales and taxes on the day it was made, for office and POS refunds', async () => {
    const figures = async (day: string, compare = false) => {
      const q = `from=${day}&to=${day}&compare=${compare}`;
      const s = (await owner({ method: 'GET', url: `/api${REPORT_PATHS.salesSummary}?${q}` })).json();
      const taxes = (await owner({ method: 'GET', url: `/api${REPORT_PATHS.taxes}?${q}` })).json();
      const hours = (
        await owner({ method: 'GET', url: `/api${REPORT_PATHS.salesTrends}?${q}&granularity=hour` })
      ).json();
      return {
        net: s.current.netSalesCents as number,
        tax: s.current.taxCents as number,
        refunds: s.current.refundCents as number,
        previousNet: (s.previous?.netSalesCents ?? null) as number | null,
        taxReport: taxes.totals.taxCents as number,
        hourly: (hours.points as Array<{ netSalesCents: number }>).reduce((a, p) => a + p.netSalesCents, 0),
      };
    };
    const SALE_DAY = '2026-03-10';
    const orderId = await pushOrder('RF-NET-1', 'cash');
    const before = { day: await figures(DAY, true), sale: await figures(SALE_DAY) };
    // An office refund of two lines: one burger and the beer.
    const res = await refund(owner, orderId, {
      scope: 'lines',
      lines: [
        { lineNo: 1, quantity: 1 },
        { lineNo: 2, quantity: 1 },
      ],
      tender: 'cash',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { netCents, taxCents, amountCents } = res.json();
    // burger line 2 x (1900 + 250) = 4300 -> one is 2150; beer 800; tax by net: 434 x 2150/4300 + 81
    expect([netCents, taxCents]).toEqual([2950, 298]);
    let after = await figures(DAY, true);
    expect(before.day.net - after.net).toBe(netCents);
    expect(before.day.tax - after.tax).toBe(taxCents);
    expect(before.day.taxReport - after.taxReport).toBe(taxCents);
    expect(before.day.hourly - after.hourly).toBe(netCents);
    expect(after.refunds - before.day.refunds).toBe(amountCents);
    // the sale's day and the comparison period are untouched
    expect(after.previousNet).toBe(before.day.previousNet);
    expect(await figures(SALE_DAY)).toEqual(before.sale);

    // A POS refund (amount only) counts the same way: its net and tax in the order's proportions.
    const posOrder = await pushOrder('RF-NET-2', 'cash');
    const beforePos = await figures(DAY);
    const posRefund = {
      posRefundId: 'RF-NET-2-r1',
      amountCents: 1001,
      method: 'cash',
      reason: 'Cold fries',
      by: 'Sofia Ramirez',
      at: '2026-03-14T22:00:00Z',
    };
    const pushed = await owner({
      method: 'POST',
      url: '/api/api/pos/orders',
      payload: { ...order('RF-NET-2', 'cash'), refunds: [posRefund] },
    });
    expect(pushed.statusCode, pushed.body).toBeLessThan(300);
    expect(num(pushed.json().orderId)).toBe(posOrder);
    after = await figures(DAY);
    // 1001 x (5100, 0, 515, 918) / 6533 -> net 781, tax 79 (as an office amount refund splits)
    expect(beforePos.net - after.net).toBe(781);
    expect(beforePos.tax - after.tax).toBe(79);
    expect(beforePos.taxReport - after.taxReport).toBe(79);
    expect(after.refunds - beforePos.refunds).toBe(1001);
    expect(await figures(SALE_DAY)).toMatchObject({ tax: before.sale.tax + 515, net: before.sale.net + 5100 });
  });

  it('refunds lines by quantity: the parts add up to the line exactly, never a unit more', async () => {
    const orderId = await pushOrder('RF-2', 'cash');
    const burger = (await state(orderId)).lines.find((l) => l.lineNo === 1)!;
    expect(burger.quantity).toBe(2);
    const one = await refund(owner, orderId, { scope: 'lines', lines: [{ lineNo: 1, quantity: 1 }], tender: 'cash' });
    expect(one.statusCode, one.body).toBe(200);
    const two = await refund(owner, orderId, { scope: 'lines', lines: [{ lineNo: 1, quantity: 1 }], tender: 'cash' });
    expect(two.statusCode, two.body).toBe(200);
    expect(one.json().netCents + two.json().netCents).toBe(burger.netCents);
    expect(one.json().taxCents + two.json().taxCents).toBe(burger.taxCents);
    expect(one.json().tipCents + two.json().tipCents).toBe(0);
    const third = await refund(owner, orderId, { scope: 'lines', lines: [{ lineNo: 1, quantity: 1 }], tender: 'cash' });
    expect(third.statusCode).toBe(409);
    expect(third.json().key).toBe('refunds.lineNotRefundable');
    const unknown = await refund(owner, orderId, {
      scope: 'lines',
      lines: [{ lineNo: 9, quantity: 1 }],
      tender: 'cash',
    });
    expect(unknown.statusCode).toBe(400);
    expect((await state(orderId)).lines.find((l) => l.lineNo === 1)!.refundedQuantity).toBe(2);
  });

  it('splits an amount into net, tax and tip in the order’s proportions, to the cent', async () => {
    const orderId = await pushOrder('RF-3', 'cash');
    const res = await refund(owner, orderId, { scope: 'amount', amountCents: 1001, tender: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.netCents + r.taxCents + r.tipCents).toBe(1001);
    // 1001 x (5100, 515, 918) / 6533 = 781.4, 78.9, 140.7 -> 781, 79, 141
    expect([r.netCents, r.taxCents, r.tipCents]).toEqual([781, 79, 141]);
  });

  it('20 parallel refunds of one order leave exactly what the rules allow', async () => {
    const orderId = await pushOrder('RF-4');
    const { paymentId } = (await state(orderId)).cardPayments[0]!;
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      idempotencyKey: key(),
      ...(i % 2 === 0
        ? { scope: 'amount', amountCents: 500, tender: 'card', paymentId }
        : { scope: 'amount', amountCents: 500, tender: 'cash' }),
    }));
    const send = (body: Record<string, unknown>) => refund(owner, orderId, body);
    // A request the busy database could not take (503 with Retry-After, nothing written) is sent
    // again with its key, as a client does; every request ends refunded or refused.
    const results = await Promise.all(
      bodies.map(async (body) => {
        let res = await send(body);
        for (let i = 0; i < 3 && res.statusCode === 503; i += 1) res = await send(body);
        return res;
      }),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    // 6533 paid: 13 refunds of 500 fit (6500), the other 7 are refused.
    expect(ok.length).toBe(13);
    expect(refused.length).toBe(7);
    for (const r of refused) expect(['refunds.exceedsOrder', 'refunds.exceedsPayment']).toContain(r.json().key);
    const s = await state(orderId);
    expect(s.refundedCents).toBe(6500);
    expect(s.remainingCents).toBe(33);
    const [sum] = await rowsOf(
      ctx.db,
      sql`select sum(amount_cents)::int as s from refunds where order_id = ${orderId}`,
    );
    expect(num(sum?.s)).toBe(6500);
    // The same request sent 5 times at once is one refund.
    const body = { idempotencyKey: key(), reason: 'other', scope: 'amount', amountCents: 33, tender: 'cash' };
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: body }),
      ),
    );
    expect(new Set(same.map((r) => r.json().id)).size).toBe(1);
    expect((await state(orderId)).refundedCents).toBe(6533);
  });

  it('puts a gift card refund back on the card’s ledger', async () => {
    const orderId = await pushOrder('RF-5', 'cash');
    const card = (
      await owner({ method: 'POST', url: '/api/api/giftcard', payload: { kind: 'physical', amountCents: 1000 } })
    ).json();
    const res = await refund(owner, orderId, {
      scope: 'amount',
      amountCents: 700,
      tender: 'giftCard',
      giftcardNumber: card.number,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', giftcardLast4: card.number.slice(-4) });
    const detail = (await owner({ method: 'GET', url: `/api/api/giftcard/${card.id}` })).json();
    expect(detail.balanceCents).toBe(1700);
    expect(detail.ledger[0]).toMatchObject({ type: 'refund', amountCents: 700, balanceAfterCents: 1700 });
    // An unknown card refunds nothing.
    const bad = await refund(owner, orderId, {
      scope: 'amount',
      amountCents: 100,
      tender: 'giftCard',
      giftcardNumber: '0000000000000000',
    });
    expect(bad.statusCode).toBe(404);
    expect((await state(orderId)).refundedCents).toBe(700);
  });

  it('a processor decline refunds nothing; an outage keeps it reserved and a retry finishes it once', async () => {
    const orderId = await pushOrder('RF-6');
    const { paymentId } = (await state(orderId)).cardPayments[0]!;
    payments.queued.push(new PaymentsDeclined('card_closed'));
    const declined = await refund(owner, orderId, { scope: 'amount', amountCents: 1000, tender: 'card', paymentId });
    expect(declined.statusCode).toBe(409);
    expect(declined.json().message).toBe(REFUNDS_MESSAGES['refunds.declined'].en.replace('{code}', 'card_closed'));
    expect((await state(orderId)).refundedCents).toBe(0);
    expect((await state(orderId)).refunds[0]).toMatchObject({ status: 'failed' });

    payments.queued.push(new Error('timeout'));
    const body = {
      idempotencyKey: key(),
      reason: 'other',
      scope: 'amount',
      amountCents: 1000,
      tender: 'card',
      paymentId,
    };
    const pending = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: body });
    expect(pending.json().status).toBe('processing');
    // Reserved: another refund sees only what is left.
    expect((await state(orderId)).remainingCents).toBe(5533);
    expect(await refundsRowsOf(orderId)).toEqual([]);
    // The same request again (the browser retrying) sends it to the processor again under the same key.
    const retried = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: body });
    expect(retried.json()).toMatchObject({ id: pending.json().id, status: 'succeeded', amountCents: 1000 });
    const again = await owner({ method: 'POST', url: `/api/api/refunds/${pending.json().id}/retry` });
    expect(again.json().status).toBe('succeeded');
    const [processor] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n from local_payment_refunds where payment_ref = ${`payment:${paymentId}`}`,
    );
    expect(num(processor?.n)).toBe(1);
    expect((await state(orderId)).refundedCents).toBe(1000);
  });

  it('the local processor declines an over-refund and answers a repeated key with the first refund', async () => {
    const orderId = await pushOrder('RF-7');
    const { paymentId } = (await state(orderId)).cardPayments[0]!;
    const local = payments.inner!;
    const first = await local.refund({
      paymentRef: `payment:${paymentId}`,
      amountCents: 6000,
      idempotencyKey: 'k-rf7-a',
    });
    expect(
      await local.refund({ paymentRef: `payment:${paymentId}`, amountCents: 6000, idempotencyKey: 'k-rf7-a' }),
    ).toEqual(first);
    await expect(
      local.refund({ paymentRef: `payment:${paymentId}`, amountCents: 534, idempotencyKey: 'k-rf7-b' }),
    ).rejects.toThrow(PaymentsDeclined);
    await expect(
      local.refund({ paymentRef: 'payment:999999999', amountCents: 1, idempotencyKey: 'k-rf7-c' }),
    ).rejects.toThrow(PaymentsDeclined);
  });

  it('is refused (403) without canVoid and viewTransactions, and another restaurant’s order is not found', async () => {
    const orderId = await pushOrder('RF-8', 'cash');
    expect((await refund(staff, orderId, { scope: 'order', tender: 'cash' })).statusCode).toBe(403);
    // The demo manager can void but does not see transactions.
    expect((await refund(manager, orderId, { scope: 'order', tender: 'cash' })).statusCode).toBe(403);
    expect((await staff({ method: 'GET', url: `/api/api/refunds/order/${orderId}` })).statusCode).toBe(403);
    expect((await refund(owner, 987654321, { scope: 'order', tender: 'cash' })).statusCode).toBe(404);
    expect((await state(orderId)).refundedCents).toBe(0);
  });

  it('above the role limit a refund waits for a second person with the permission', async () => {
    const orderId = await pushOrder('RF-9', 'cash');
    await ctx.db.execute(
      sql`update roles set flags = flags || '{"viewTransactions": true}'::jsonb where restaurant_id = ${harborId} and name = 'Manager'`,
    );
    const limits = (await owner({ method: 'GET', url: '/api/api/refunds/limits' })).json().roles as Array<{
      roleId: number;
      name: string;
    }>;
    const managerRole = limits.find((r) => r.name === 'Manager')!;
    expect((await manager({ method: 'PUT', url: '/api/api/refunds/limits', payload: { limits: [] } })).statusCode).toBe(
      403,
    );
    const set = await owner({
      method: 'PUT',
      url: '/api/api/refunds/limits',
      payload: { limits: [{ roleId: managerRole.roleId, limitCents: 1000 }] },
    });
    expect(set.statusCode, set.body).toBe(200);

    const small = await refund(manager, orderId, { scope: 'amount', amountCents: 900, tender: 'cash' });
    expect(small.json().status).toBe('succeeded');
    const big = await refund(manager, orderId, { scope: 'amount', amountCents: 2000, tender: 'cash' });
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().status).toBe('pendingApproval');
    expect((await state(orderId)).refundedCents).toBe(900);
    const own = await manager({ method: 'POST', url: `/api/api/refunds/${big.json().id}/approve`, payload: {} });
    expect(own.statusCode).toBe(403);
    expect(own.json().key).toBe('refunds.ownApproval');
    const approved = await owner({ method: 'POST', url: `/api/api/refunds/${big.json().id}/approve`, payload: {} });
    expect(approved.json()).toMatchObject({ status: 'succeeded', approvedBy: expect.any(String) });
    expect((await state(orderId)).refundedCents).toBe(2900);
    const twice = await owner({ method: 'POST', url: `/api/api/refunds/${big.json().id}/approve`, payload: {} });
    expect(twice.statusCode).toBe(409);

    const other = await refund(manager, orderId, { scope: 'amount', amountCents: 1500, tender: 'cash' });
    const rejected = await owner({ method: 'POST', url: `/api/api/refunds/${other.json().id}/reject` });
    expect(rejected.json().status).toBe('rejected');
    expect((await state(orderId)).refundedCents).toBe(2900);
    const [audit] = await rowsOf(
      ctx.db,
      sql`select count(*)::int as n from audit_log where action in ('refund.request', 'refund.approve', 'refund.reject') and target_id = ${String(orderId)}`,
    );
    expect(num(audit?.n)).toBe(4);
  });

  it('sets role limits all or nothing: 400 for a bad one, 403 above the editor’s own limit', async () => {
    const read = async () =>
      (await owner({ method: 'GET', url: '/api/api/refunds/limits' })).json().roles as Array<{
        roleId: number;
        name: string;
        limitCents: number | null;
      }>;
    const managerRole = (await read()).find((r) => r.name === 'Manager')!;
    const staffRole = (await read()).find((r) => r.name !== 'Manager' && r.name !== 'Owner')!;
    const put = (who: TWho, limits: unknown[]) =>
      who({ method: 'PUT', url: '/api/api/refunds/limits', payload: { limits } });
    expect((await put(owner, [{ roleId: managerRole.roleId, limitCents: 1000 }])).statusCode).toBe(200);
    const before = await read();
    const unknownRole = await put(owner, [
      { roleId: staffRole.roleId, limitCents: 500 },
      { roleId: 999_999, limitCents: 500 },
    ]);
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().key).toBe('refunds.unknownRole');
    for (const bad of [-1, 1.5, 'ten', 100_000_000_000]) {
      expect((await put(owner, [{ roleId: staffRole.roleId, limitCents: bad }])).statusCode, String(bad)).toBe(400);
    }
    expect(await read()).toEqual(before);
    // A manager who may edit roles gives no role more than their own $10.00, nor no limit at all.
    await ctx.db.execute(
      sql`update roles set flags = flags || '{"editAccounts": true}'::jsonb where restaurant_id = ${harborId} and name = 'Manager'`,
    );
    try {
      for (const limitCents of [1001, null]) {
        const above = await put(manager, [{ roleId: staffRole.roleId, limitCents }]);
        expect(above.statusCode, String(limitCents)).toBe(403);
        expect(above.json()).toMatchObject({ key: 'refunds.limitAboveOwn', params: { limit: '$10.00' } });
      }
      expect(await read()).toEqual(before);
      const within = await put(manager, [{ roleId: staffRole.roleId, limitCents: 800 }]);
      expect(within.statusCode, within.body).toBe(200);
      expect(within.json().roles.find((r: { roleId: number }) => r.roleId === staffRole.roleId).limitCents).toBe(800);
    } finally {
      await ctx.db.execute(
        sql`update roles set flags = flags - 'editAccounts' where restaurant_id = ${harborId} and name = 'Manager'`,
      );
      await put(owner, [{ roleId: staffRole.roleId, limitCents: null }]);
    }
  });

  it('keeps office refunds through a POS replacement of the order, and the POS picks them up on sync', async () => {
    const orderId = await pushOrder('RF-10', 'cash');
    const made = await refund(owner, orderId, { scope: 'amount', amountCents: 1200, tender: 'cash' });
    const before = await summary();
    await pushOrder('RF-10', 'cash', { partySize: 3 });
    expect(await refundsRowsOf(orderId)).toEqual([
      { pos_refund_id: `office-${made.json().id}`, amount_cents: 1200, day: DAY },
    ]);
    expect((await summary()).refundCents).toBe(before.refundCents);
    expect((await state(orderId)).refundedCents).toBe(1200);
    const sync = await owner({ method: 'GET', url: '/api/api/pos/refunds?after=0&limit=500' });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().refunds).toContainEqual(
      expect.objectContaining({ posOrderId: 'RF-10', posRefundId: `office-${made.json().id}`, amountCents: 1200 }),
    );
    const next = await owner({ method: 'GET', url: `/api/api/pos/refunds?after=${sync.json().cursor}` });
    expect(next.json().refunds).toEqual([]);
  });

  it('answers 400 for a malformed request, changing nothing', async () => {
    const orderId = await pushOrder('RF-11', 'cash');
    expect((await refund(owner, orderId, { scope: 'amount', tender: 'cash' })).statusCode).toBe(400);
    expect((await refund(owner, orderId, { scope: 'lines', tender: 'cash' })).statusCode).toBe(400);
    expect((await refund(owner, orderId, { scope: 'order', tender: 'card' })).statusCode).toBe(400);
    expect((await refund(owner, orderId, { scope: 'amount', amountCents: -5, tender: 'cash' })).statusCode).toBe(400);
    expect((await refund(owner, orderId, { scope: 'order', tender: 'cash', note: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );
    expect((await state(orderId)).refundedCents).toBe(0);
  });
});
