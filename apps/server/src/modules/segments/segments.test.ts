import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { SEGMENTS_MESSAGES } from '@ra/shared/segments/segments.messages';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { localAdapters } from '../customers/customers.module.ts';
import { harborWithVerifiedBank, signedTwilio } from '../customers/customers.test-support.ts';

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let dragonOwner: ReturnType<typeof as>;
let harborId: number;

const rows = async (query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** A closed check at Harbor for `phone` (named `name`): one dish of `cents`. */
function order(posOrderId: string, phone: string, name: string, cents: number): TIngestOrderInput {
  return {
    posOrderId,
    channel: 'dineIn',
    partySize: 2,
    status: 'closed',
    openedAt: '2026-03-10T17:00:00Z',
    closedAt: '2026-03-10T18:00:00Z',
    items: [{ posItemId: 'D1', name: 'Harbor chowder', category: 'Soups', quantity: 1, unitPriceCents: cents }],
    payments: [{ posPaymentId: `${posOrderId}-p`, method: 'card', amountCents: cents, paidAt: '2026-03-10T17:59:00Z' }],
    customer: { phone, name, language: name.includes('Lin') ? 'zh' : 'en' },
  };
}

async function push(o: TIngestOrderInput) {
  const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: o as object });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Lets the debounced rebuild of the customer list run. */
async function settle() {
  clock.advance(31_000);
  await ctx.app.jobs.drain();
}

const signedStop = (phone: string) =>
  signedTwilio(ctx, '/api/api/customers/sms/inbound', { From: phone, Body: 'STOP' });

const segTestFilter = { q: 'Segtest', spentMin: '20' };

beforeAll(async () => {
  clock = new ManualClock('2026-03-14T12:00:00-04:00');
  ctx = await createTestContext({ config: { clock } });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  ({ harborId, dragonOwner } = await harborWithVerifiedBank(ctx));
  // Segtest customers: A $30, B $25 (Chinese), C $10 (below the $20 bound).
  await push(order('SEG-A', '555-020-3001', 'Segtest Ann', 3000));
  await push(order('SEG-B', '555-020-3002', 'Segtest Lin', 2500));
  await push(order('SEG-C', '555-020-3003', 'Segtest Cal', 1000));
  await settle();
});
afterAll(async () => {
  await ctx?.close();
});

describe('saved segments', () => {
  it('saves a filter under a name, lists it with the count it matches now, renames, re-filters and deletes (audited)', async () => {
    const created = await owner({
      method: 'POST',
      url: '/api/api/customers/segments',
      payload: { name: 'Segtest regulars', filter: segTestFilter },
    });
    expect(created.statusCode, created.body).toBe(200);
    const seg = created.json();
    expect(seg.filter).toEqual({ range: 'all', sort: 'lastOrderAt', order: 'desc', spentMin: 2000, q: 'Segtest' });
    expect(seg.matches).toEqual({ total: 2, totalCapped: false });

    const listed = (await owner({ method: 'GET', url: '/api/api/customers/segments' })).json();
    expect(listed.rows.find((s: { id: number }) => s.id === seg.id).matches.total).toBe(2);

    // The count is "now": a third Segtest customer over $20 joins it.
    await push(order('SEG-D', '555-020-3004', 'Segtest Dee', 4000));
    await settle();
    const got = (await owner({ method: 'GET', url: `/api/api/customers/segments/${seg.id}` })).json();
    expect(got.matches.total).toBe(3);

    const renamed = await owner({
      method: 'PUT',
      url: `/api/api/customers/segments/${seg.id}`,
      payload: { name: 'Segtest big spenders' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Segtest big spenders');
    expect(renamed.json().filter.spentMin).toBe(2000);
    const refiltered = await owner({
      method: 'PUT',
      url: `/api/api/customers/segments/${seg.id}`,
      payload: { filter: { q: 'Segtest', spentMin: '35' } },
    });
    expect(refiltered.json().matches.total).toBe(1);
    expect(refiltered.json().name).toBe('Segtest big spenders');

    const deleted = await owner({ method: 'DELETE', url: `/api/api/customers/segments/${seg.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(SEGMENTS_MESSAGES.deleted!.en);
    expect((await owner({ method: 'GET', url: `/api/api/customers/segments/${seg.id}` })).statusCode).toBe(404);
    expect((await owner({ method: 'DELETE', url: `/api/api/customers/segments/${seg.id}` })).statusCode).toBe(404);

    const audit = await rows(sql`select action from audit_log where target_type = 'customer_segment'
      and target_id = ${String(seg.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual([
      'customers.segment.create',
      'customers.segment.update',
      'customers.segment.update',
      'customers.segment.delete',
    ]);
  });

  it('refuses bad input with a 400 in both languages, changing nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from customer_segments`);
    const post = (payload: object) => owner({ method: 'POST', url: '/api/api/customers/segments', payload });
    const empty = await post({ name: '   ', filter: {} });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(SEGMENTS_MESSAGES.nameRequired!.en);
    expect((await post({ name: 'x'.repeat(61), filter: {} })).statusCode).toBe(400);
    expect((await post({ name: 'Bad amount', filter: { spentMin: '12.345' } })).statusCode).toBe(400);
    expect((await post({ name: 'Bad range', filter: { range: '2y' } })).statusCode).toBe(400);
    expect((await post({ name: 'No filter' })).statusCode).toBe(400);

    expect((await post({ name: 'Segtest dup', filter: {} })).statusCode).toBe(200);
    const dup = await post({ name: 'SEGTEST DUP', filter: {} });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().key).toBeDefined();
    expect(JSON.stringify(dup.json())).toContain(SEGMENTS_MESSAGES.nameTaken!.en);
    const other = await post({ name: 'Segtest other', filter: {} });
    const nothing = await owner({
      method: 'PUT',
      url: `/api/api/customers/segments/${other.json().id}`,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    const clash = await owner({
      method: 'PUT',
      url: `/api/api/customers/segments/${other.json().id}`,
      payload: { name: 'segtest dup' },
    });
    expect(clash.statusCode).toBe(400);
    expect((await owner({ method: 'GET', url: `/api/api/customers/segments/${other.json().id}` })).json().name).toBe(
      'Segtest other',
    );
    const after = await rows(sql`select count(*)::int as n from customer_segments`);
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n) + 2);
  });

  it('is for owners, agents and admins: staff get 403; another restaurant neither sees nor touches them', async () => {
    const mine = await owner({
      method: 'POST',
      url: '/api/api/customers/segments',
      payload: { name: 'Segtest harbor only', filter: segTestFilter },
    });
    const id = mine.json().id as number;
    expect((await staff({ method: 'GET', url: '/api/api/customers/segments' })).statusCode).toBe(403);
    expect(
      (await staff({ method: 'POST', url: '/api/api/customers/segments', payload: { name: 'x', filter: {} } }))
        .statusCode,
    ).toBe(403);
    expect((await staff({ method: 'DELETE', url: `/api/api/customers/segments/${id}` })).statusCode).toBe(403);
    // An agent is answered as the customer list answers them (they pick a restaurant first).
    expect((await agent({ method: 'GET', url: '/api/api/customers/segments' })).statusCode).toBe(
      (await agent({ method: 'GET', url: '/api/api/customers' })).statusCode,
    );

    const theirs = (await dragonOwner({ method: 'GET', url: '/api/api/customers/segments' })).json();
    expect(JSON.stringify(theirs)).not.toContain('Segtest');
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { name: 'taken over' }],
      ['DELETE', undefined],
    ] as const)
      expect(
        (await dragonOwner({ method, url: `/api/api/customers/segments/${id}`, ...(payload ? { payload } : {}) }))
          .statusCode,
      ).toBe(404);
    // Their own segment with the same filter counts their customers, not Harbor's.
    const same = await dragonOwner({
      method: 'POST',
      url: '/api/api/customers/segments',
      payload: { name: 'Segtest harbor only', filter: segTestFilter },
    });
    expect(same.json().matches.total).toBe(0);
    // Nor can they text Harbor's segment.
    const quote = await dragonOwner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { bodyEn: 'Hi', audience: { segmentId: id } },
    });
    expect(quote.statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: `/api/api/customers/segments/${id}` })).json().name).toBe(
      'Segtest harbor only',
    );
  });
});

describe('a segment as SMS audience', () => {
  const body = { bodyEn: 'Harbor Bistro: come back for 10% off', bodyZh: '海港小馆：回来享九折' };

  async function submitted(name: string, filter: object) {
    const seg = await owner({ method: 'POST', url: '/api/api/customers/segments', payload: { name, filter } });
    expect(seg.statusCode, seg.body).toBe(200);
    const segmentId = seg.json().id as number;
    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { ...body, audience: { segmentId } },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const id = submit.json().id as number;
    const approve = await agent({
      method: 'POST',
      url: `/api/api/customers/reviews/${id}`,
      payload: { decision: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    return { segmentId, id };
  }

  it('is evaluated when sent: a customer who joined since submit gets it, one who opted out does not; charged for who it goes to', async () => {
    await push(order('SEG-E', '555-020-3010', 'Segsend Eve', 5000));
    await push(order('SEG-F', '555-020-3011', 'Segsend Lin', 5000));
    await settle();
    const seg = await owner({
      method: 'POST',
      url: '/api/api/customers/segments',
      payload: { name: 'Segsend all', filter: { q: 'Segsend' } },
    });
    const segmentId = seg.json().id as number;
    // The count before submitting.
    const quote = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { segmentId } },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().recipients).toBe(2);
    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { ...body, audience: { segmentId } },
    });
    const id = submit.json().id as number;
    const listed = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json();
    expect(listed.rows.find((c: { id: number }) => c.id === id).segment).toEqual({
      id: segmentId,
      name: 'Segsend all',
    });
    await agent({ method: 'POST', url: `/api/api/customers/reviews/${id}`, payload: { decision: 'approved' } });

    // Between submit and send: Gus joins, Eve opts out.
    await push(order('SEG-G', '555-020-3012', 'Segsend Gus', 5000));
    await settle();
    await ctx.app.inject(signedStop('+15550203010'));
    clock.advance(60_000);

    const { sms } = localAdapters.get(ctx.db)!;
    const sentBefore = sms.messages.length;
    const send = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json().message).toBe('SMS sent to 2 users');
    await ctx.app.jobs.drain();
    const texted = sms.messages
      .slice(sentBefore)
      .map((m) => m.to)
      .sort();
    expect(texted).toEqual(['+15550203011', '+15550203012']);
    // Lin reads Chinese; Gus English.
    expect(sms.messages.slice(sentBefore).find((m) => m.to === '+15550203011')!.body).toContain('海港小馆');

    const campaign = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' }))
      .json()
      .rows.find((c: { id: number }) => c.id === id);
    expect(campaign.quote.recipients).toBe(2);
    expect(campaign.quote.optedOutExcluded).toBe(1);
    const [charge] = await rows(
      sql`select amount_cents from local_payment_charges where reference = ${`sms-campaign-${id}`}`,
    );
    expect(Number(charge!.amount_cents)).toBe(campaign.quote.totalCents);
    const audit = await rows(sql`select details from audit_log where action = 'sms.campaign.audience'
      and target_id = ${String(id)}`);
    expect(audit).toHaveLength(1);
  });

  it('keeps the filter it was written with: editing or deleting the segment later changes nothing already submitted', async () => {
    const { segmentId, id } = await submitted('Segkeep', { q: 'Segsend Gus' });
    await owner({
      method: 'PUT',
      url: `/api/api/customers/segments/${segmentId}`,
      payload: { filter: { q: 'nobody' } },
    });
    await owner({ method: 'DELETE', url: `/api/api/customers/segments/${segmentId}` });
    const { sms } = localAdapters.get(ctx.db)!;
    const sentBefore = sms.messages.length;
    const send = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(send.statusCode, send.body).toBe(200);
    await ctx.app.jobs.drain();
    expect(sms.messages.slice(sentBefore).map((m) => m.to)).toEqual(['+15550203012']);
  });

  it('grown past 1,000 by Send Now: refused with how many, nothing charged or sent, still approved; nobody left: refused too', async () => {
    // One customer when it is written.
    await push(order('SEG-BULK', '555-020-3999', 'Segbulk First', 1000));
    await settle();
    const { id, segmentId: bulkSegment } = await submitted('Segbulk', { q: 'Segbulk' });
    await ctx.db.execute(sql`insert into customers (restaurant_id, phone, name, language, first_order_at, last_order_at,
        total_orders, total_spent_cents, points, updated_at)
      select ${harborId}, '+1555777' || lpad(g::text, 4, '0'), 'Segbulk ' || g, 'en', now(), now(), 1, 1000, 10, now()
      from generate_series(1, 1000) g`);
    // Written now, it would be refused before anything is submitted.
    const writing = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { segmentId: bulkSegment } },
    });
    expect(writing.statusCode).toBe(400);
    expect(writing.json().message).toBe(CUSTOMERS_MESSAGES.segmentOverLimit!.en.replace('{count}', '1001'));
    const send = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe(CUSTOMERS_MESSAGES.segmentTooLarge!.en.replace('{count}', '1001'));
    expect(send.json().key).toBe('customers.segmentTooLarge');
    expect(
      await rows(sql`select 1 from local_payment_charges where reference like ${`sms-campaign-${id}%`}`),
    ).toHaveLength(0);
    const campaign = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' }))
      .json()
      .rows.find((c: { id: number }) => c.id === id);
    expect(campaign.status).toBe('approved');

    // Back under 1,000 but every one of them opted out: refused, nothing charged.
    await ctx.db.execute(
      sql`delete from customers where restaurant_id = ${harborId} and name like 'Segbulk %' and name <> 'Segbulk First'`,
    );
    await ctx.app.inject(signedStop('+15550203999'));
    const empty = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(CUSTOMERS_MESSAGES.segmentEmptyNow!.en);
    expect(
      await rows(sql`select 1 from local_payment_charges where reference like ${`sms-campaign-${id}%`}`),
    ).toHaveLength(0);
  });

  it('an unknown segment is a 404 when quoting', async () => {
    const quote = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { segmentId: 999_999 } },
    });
    expect(quote.statusCode).toBe(404);
  });
});
