import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REFUNDS_MESSAGES } from '@ra/shared/refunds/refunds.messages';
import { num, rowsOf } from '../../db/sql-util.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { FakeStripe } from '../../../test/fake-stripe.ts';

/**
 * Back-office card refunds through Stripe's refund API (PAYMENTS_PROVIDER=stripe, issue 23), against
 * the local server speaking Stripe's API that the providers tests use: the PaymentIntent the POS sent
 * as the payment's id is refunded with the office refund's own Idempotency-Key, so a retry after
 * Stripe failed to answer refunds once; Stripe's refusals are declines that move nothing.
 */
const SECRET = 'sk_test_refunds_0001';

let ctx: TestContext;
let fake: FakeStripe;
let owner: ReturnType<typeof as>;
let harborId: number;
let seq = 0;

async function pushCardOrder(posOrderId: string, posPaymentId: string): Promise<number> {
  const res = await owner({
    method: 'POST',
    url: '/api/api/pos/orders',
    payload: {
      posOrderId,
      channel: 'dineIn',
      partySize: 2,
      status: 'closed',
      openedAt: '2026-03-10T16:00:00Z',
      closedAt: '2026-03-10T17:00:00Z',
      items: [{ posItemId: 'B-BURG', name: 'Bistro burger', category: 'Mains', quantity: 2, unitPriceCents: 2550 }],
      taxCents: 515,
      taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: 5100, taxCents: 515 }],
      tipCents: 918,
      payments: [
        {
          posPaymentId,
          method: 'card',
          cardBrand: 'amex',
          cardLast4: '1005',
          amountCents: 6533,
          tipCents: 918,
          paidAt: '2026-03-10T16:59:00Z',
        },
      ],
    },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return num(res.json().orderId);
}

const paymentIdOf = async (orderId: number) =>
  (await owner({ method: 'GET', url: `/api/api/refunds/order/${orderId}` })).json().cardPayments[0].paymentId as number;

const body = (paymentId: number, amountCents: number) => ({
  idempotencyKey: `stripe-refund-${++seq}`,
  reason: 'foodQuality',
  scope: 'amount',
  amountCents,
  tender: 'card',
  paymentId,
});

const refundRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const refundedCents = async (orderId: number) =>
  num(
    (
      await rowsOf(
        ctx.db,
        sql`select coalesce(sum(amount_cents), 0)::int as s from refunds where order_id = ${orderId}`,
      )
    )[0]?.s,
  );

beforeAll(async () => {
  fake = new FakeStripe(SECRET);
  const apiBase = await fake.start();
  ctx = await createTestContext({
    config: { payments: { provider: 'stripe', secretKey: SECRET, webhookSecret: 'whsec_refunds', apiBase } },
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  const [r] = await rowsOf(ctx.db, sql`select restaurant_id from users where email = ${DEMO_EMAILS.owner}`);
  harborId = num(r?.restaurant_id);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

describe('card refunds through Stripe', () => {
  it('refunds the POS payment’s PaymentIntent with the refund’s own idempotency key, once', async () => {
    fake.paymentIntents.set('pi_terminal_0001', {
      id: 'pi_terminal_0001',
      amount: 6533,
      customer: '',
      status: 'succeeded',
    });
    const orderId = await pushCardOrder('RFS-1', 'pi_terminal_0001');
    const paymentId = await paymentIdOf(orderId);
    const request = body(paymentId, 2000);
    const res = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: request });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', amountCents: 2000, cardBrand: 'amex', cardLast4: '1005' });
    const sent = refundRequests();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      authorization: `Bearer ${SECRET}`,
      idempotencyKey: `office-refund-${harborId}-${res.json().id}`,
      form: { payment_intent: 'pi_terminal_0001', amount: '2000' },
    });
    // The provider's refund id is kept on the office refund.
    const [row] = await rowsOf(ctx.db, sql`select provider_refund_id from office_refunds where id = ${res.json().id}`);
    expect(String(row?.provider_refund_id)).toMatch(/^re_/);
    // The same request again answers the same refund without asking Stripe again.
    const again = await owner({ method: 'POST', url: `/api/api/refunds/order/${orderId}`, payload: request });
    expect(again.json().id).toBe(res.json().id);
    expect(refundRequests()).toHaveLength(1);
    expect(fake.refunded.get('pi_terminal_0001')).toBe(2000);
    expect(await refundedCents(orderId)).toBe(2000);
  });

  it('when Stripe does not answer the refund stays reserved; the retry resumes it under the same key', async () => {
    fake.paymentIntents.set('pi_terminal_0002', {
      id: 'pi_terminal_0002',
      amount: 6533,
      customer: '',
      status: 'succeeded',
    });
    const orderId = await pushCardOrder('RFS-2', 'pi_terminal_0002');
    const paymentId = await paymentIdOf(orderId);
    const before = refundRequests().length;
    fake.failNext = 3; // the first try and the SDK's two retries
    const res = await owner({
      method: 'POST',
      url: `/api/api/refunds/order/${orderId}`,
      payload: body(paymentId, 1500),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('processing');
    expect(await refundedCents(orderId)).toBe(0);
    expect(fake.refunded.get('pi_terminal_0002')).toBeUndefined();
    const retried = await owner({ method: 'POST', url: `/api/api/refunds/${res.json().id}/retry` });
    expect(retried.json()).toMatchObject({ id: res.json().id, status: 'succeeded' });
    const keys = new Set(
      refundRequests()
        .slice(before)
        .map((r) => r.idempotencyKey),
    );
    expect([...keys]).toEqual([`office-refund-${harborId}-${res.json().id}`]);
    expect(fake.refunded.get('pi_terminal_0002')).toBe(1500);
    expect(await refundedCents(orderId)).toBe(1500);
  });

  it('Stripe refusing (less left at Stripe, unknown charge) is a decline that moves nothing', async () => {
    fake.paymentIntents.set('pi_terminal_0003', {
      id: 'pi_terminal_0003',
      amount: 6533,
      customer: '',
      status: 'succeeded',
    });
    const orderId = await pushCardOrder('RFS-3', 'pi_terminal_0003');
    const paymentId = await paymentIdOf(orderId);
    fake.refunded.set('pi_terminal_0003', 6000); // refunded in Stripe's dashboard meanwhile
    const res = await owner({
      method: 'POST',
      url: `/api/api/refunds/order/${orderId}`,
      payload: body(paymentId, 1000),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ key: 'refunds.declined', params: { code: 'amount_too_large' } });
    expect(res.json().message).toBe(REFUNDS_MESSAGES['refunds.declined'].en.replace('{code}', 'amount_too_large'));
    const [row] = await rowsOf(ctx.db, sql`select status, failure from office_refunds where order_id = ${orderId}`);
    expect(row).toMatchObject({ status: 'failed', failure: 'amount_too_large' });
    expect(await refundedCents(orderId)).toBe(0);

    // A card payment whose POS id is no Stripe id cannot be refunded through Stripe: nothing is sent.
    const other = await pushCardOrder('RFS-4', 'POS-PAY-77');
    const before = refundRequests().length;
    const no = await owner({
      method: 'POST',
      url: `/api/api/refunds/order/${other}`,
      payload: body(await paymentIdOf(other), 1000),
    });
    expect(no.statusCode).toBe(409);
    expect(no.json().params).toEqual({ code: 'no_such_charge' });
    expect(refundRequests().length).toBe(before);
  });
});
