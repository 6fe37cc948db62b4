import { MESSAGES } from '@ra/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { CUSTOMER_COUNT_CAP } from '@ra/shared/customers/customers.schemas';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { analyzeSms, smsCost } from '@ra/shared/customers/sms';
import { bankAccounts } from '../../db/schema/business.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { leasesRunOut } from '../../../test/job-leases.ts';
import type { PgBossJobQueue } from '../../lib/jobs/job-queue.ts';
import { SEND_QUEUE } from './campaigns.service.ts';
import { restaurantByName } from '../team/team.test-support.ts';
import { localAdapters } from './customers.module.ts';
import { harborWithVerifiedBank, signedTwilio } from './customers.test-support.ts';

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let dragonOwner: ReturnType<typeof as>;
let harborNode: number;
/** The hold point of the local SMS provider (lib/hold-points.ts), set by a test to freeze the send. */
let holdAt: ((name: string, count: number) => Promise<void>) | null = null;
let thaw: () => void = () => undefined;

async function acceptedSoFar(): Promise<number> {
  const result = (await ctx.db.execute(sql`select count(*)::int as n from local_sms_messages`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]!.n;
}
const msg = (k: string) => CUSTOMERS_MESSAGES[k]!.en;

/** A closed check for `phone`: one dish of `cents`, paid in full. */
function order(
  posOrderId: string,
  phone: string,
  cents: number,
  extra: Partial<TIngestOrderInput> = {},
): TIngestOrderInput {
  return {
    posOrderId,
    channel: 'dineIn',
    partySize: 2,
    status: 'closed',
    openedAt: '2026-03-10T17:00:00Z',
    closedAt: '2026-03-10T18:00:00Z',
    items: [{ posItemId: 'D1', name: 'Harbor chowder', category: 'Soups', quantity: 1, unitPriceCents: cents }],
    payments: [{ posPaymentId: `${posOrderId}-p`, method: 'card', amountCents: cents, paidAt: '2026-03-10T17:59:00Z' }],
    customer: { phone },
    ...extra,
  };
}

async function push(o: TIngestOrderInput) {
  const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: o as object });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

async function list(query: Record<string, string> = {}) {
  const res = await owner({ method: 'GET', url: '/api/api/customers', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    rows: Array<{
      id: number;
      phone: string;
      points: number;
      totalOrders: number;
      totalSpentCents: number;
      language: string;
      optedOut: boolean;
      favouriteItem: string | null;
    }>;
    hasMore: boolean;
  };
}

async function count(query: Record<string, string> = {}, caller = owner) {
  const res = await caller({ method: 'GET', url: '/api/api/customers/count', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; totalCapped: boolean };
}

/** Signs in again after the clock moved on by hours (sessions expire by the app clock). */
async function relogin() {
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
}

/** Lets the debounced rebuild run (it waits 30 s after the last push). */
async function settle() {
  clock.advance(31_000);
  await ctx.app.jobs.drain();
}

const signed = (path: string, params: Record<string, string>, token?: string) => signedTwilio(ctx, path, params, token);

beforeAll(async () => {
  clock = new ManualClock('2026-03-14T19:30:00-04:00');
  ctx = await createTestContext({
    config: { clock, holdPoints: { reached: (name, count) => holdAt?.(name, count) ?? Promise.resolve() } },
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  ({ harborNode, dragonOwner } = await harborWithVerifiedBank(ctx));

  // Ten customers: the first a regular with three orders (one refunded in part, one voided), a Chinese speaker.
  await push(
    order('C-1', '(555) 010-2001', 2550, { customer: { phone: '555-010-2001', name: 'Lin Wei', language: 'zh' } }),
  );
  await push(
    order('C-2', '+1 555 010 2001', 1000, {
      openedAt: '2026-03-12T17:00:00Z',
      closedAt: '2026-03-12T18:00:00Z',
      payments: [{ posPaymentId: 'C-2-p', method: 'card', amountCents: 1000, paidAt: '2026-03-12T17:30:00Z' }],
      refunds: [
        {
          posRefundId: 'C-2-r',
          method: 'card',
          amountCents: 400,
          at: '2026-03-12T17:40:00Z',
          reason: 'cold',
          by: 'Sofia',
        },
      ],
    }),
  );
  await push(
    order('C-3', '5550102001', 3000, {
      status: 'voided',
      voided: { by: 'Sofia', reason: 'test', at: '2026-03-13T18:00:00Z' },
      openedAt: '2026-03-13T17:00:00Z',
      closedAt: '2026-03-13T18:00:00Z',
      payments: [],
    }),
  );
  for (let i = 2; i <= 10; i += 1)
    await push(order(`C-${i + 10}`, `555-010-20${String(i).padStart(2, '0')}`, 1000 * i));
  await settle();
});
afterAll(async () => {
  await ctx?.close();
});

describe('customers from orders', () => {
  it('keys customers by E.164 phone and counts orders, spent and points with refunds and voids taken back', async () => {
    const { rows, hasMore } = await list({ sort: 'points' });
    expect(rows).toHaveLength(10);
    expect(hasMore).toBe(false);
    expect(await count({ sort: 'points' })).toEqual({ total: 10, totalCapped: false });
    const lin = rows.find((r) => r.phone === '+15550102001')!;
    expect(lin).toMatchObject({ totalOrders: 2, language: 'zh', favouriteItem: 'Harbor chowder' });
    // 25.50 + 10.00 - 4.00 refunded = 31.50 spent; points floor(31.50) x 1 = 31
    expect(lin.totalSpentCents).toBe(3150);
    expect(lin.points).toBe(31);
    expect(rows[0]!.points).toBeGreaterThanOrEqual(rows[1]!.points);
  });

  it('filters by spent, orders and not-seen days and pages on the server', async () => {
    expect((await list({ spentMin: '50', spentMax: '80' })).rows.map((r) => r.totalSpentCents).sort()).toEqual([
      5000, 6000, 7000, 8000,
    ]);
    expect((await count({ ordersMin: '2' })).total).toBe(1);
    expect((await count({ notSeenDays: '30' })).total).toBe(0);
    const page2 = await list({ pageSize: '4', page: '3' });
    expect(page2.rows).toHaveLength(2);
    expect((await count({ range: '1m' })).total).toBe(10);
  });

  it('says whether more follow a page, right at the boundary, without counting', async () => {
    // ten customers: a page that ends on the last one has no more; one short of it has
    expect(await list({ pageSize: '10' })).toMatchObject({ hasMore: false, page: 1, pageSize: 10 });
    expect((await list({ pageSize: '10' })).rows).toHaveLength(10);
    expect((await list({ pageSize: '9' })).hasMore).toBe(true);
    expect((await list({ pageSize: '9' })).rows).toHaveLength(9);
    expect((await list({ pageSize: '9', page: '2' })).rows).toHaveLength(1);
    expect((await list({ pageSize: '9', page: '2' })).hasMore).toBe(false);
    expect((await list({ pageSize: '5', page: '1' })).hasMore).toBe(true);
    expect((await list({ pageSize: '5', page: '2' })).hasMore).toBe(false);
    expect(await list({ pageSize: '5', page: '3' })).toMatchObject({ rows: [], hasMore: false });
    // the pages, put together, are the whole list once, in order
    const paged = [
      ...(await list({ pageSize: '3' })).rows,
      ...(await list({ pageSize: '3', page: '2' })).rows,
      ...(await list({ pageSize: '3', page: '3' })).rows,
      ...(await list({ pageSize: '3', page: '4' })).rows,
    ];
    expect(paged.map((r) => r.id)).toEqual((await list({ pageSize: '10' })).rows.map((r) => r.id));
    const { body } = await owner({ method: 'GET', url: '/api/api/customers' });
    expect(body).not.toContain('"total"');
  });

  it('counts the matches of a filter, text search included, and ignores the page', async () => {
    expect(await count({ q: 'Lin' })).toEqual({ total: 1, totalCapped: false });
    expect((await list({ q: 'Lin' })).rows.map((r) => r.phone)).toEqual(['+15550102001']);
    expect((await count({ q: '010-20' })).total).toBe(0); // the phone is stored as E.164
    expect((await count({ q: '55501020' })).total).toBe(10);
    expect((await count({ q: '5550102010' })).total).toBe(1);
    expect((await count({ q: '100%_' })).total).toBe(0);
    expect(await count({ spentMin: '50', page: '3', pageSize: '2' })).toEqual({ total: 6, totalCapped: false });
    expect((await owner({ method: 'GET', url: '/api/api/customers/count', query: { range: '5y' } })).statusCode).toBe(
      400,
    );
  });

  it("caps the count at 10,000 and counts only the caller's restaurant", async () => {
    const dragon = await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon');
    const insert = (from: number, to: number) =>
      ctx.db.execute(sql`insert into customers (restaurant_id, phone, name, language, first_order_at, last_order_at,
          total_orders, total_spent_cents, points, updated_at)
        select ${dragon.id}, '+1646' || lpad(k::text, 7, '0'), 'Dragon guest ' || k, 'zh', now(), now(), 1 + k % 3, 1000, 10, now()
        from generate_series(${from}::int, ${to}::int) k`);
    try {
      await insert(1, CUSTOMER_COUNT_CAP);
      // exactly the cap: an exact count, not "more than"
      expect(await count({}, dragonOwner)).toEqual({ total: CUSTOMER_COUNT_CAP, totalCapped: false });
      await insert(CUSTOMER_COUNT_CAP + 1, CUSTOMER_COUNT_CAP + 1);
      expect(await count({}, dragonOwner)).toEqual({ total: CUSTOMER_COUNT_CAP, totalCapped: true });
      // a filter below the cap is exact again (k % 3 = 2: 3,334 of 10,001)
      expect(await count({ ordersMin: '3' }, dragonOwner)).toEqual({ total: 3_334, totalCapped: false });
      expect(await count({ q: 'Dragon guest 1000' }, dragonOwner)).toEqual({ total: 3, totalCapped: false });
      // Harbor's owner still counts Harbor's ten, and Dragon's owner none of Harbor's
      expect(await count()).toEqual({ total: 10, totalCapped: false });
      expect((await count({ q: '+1555010' }, dragonOwner)).total).toBe(0);
      expect((await staff({ method: 'GET', url: '/api/api/customers/count' })).statusCode).toBe(403);
      const page = await dragonOwner({
        method: 'GET',
        url: '/api/api/customers',
        query: { pageSize: '200', page: '51' },
      });
      expect(page.json()).toMatchObject({ hasMore: false });
      expect(page.json().rows).toHaveLength(1);
    } finally {
      await ctx.db.execute(sql`delete from customers where restaurant_id = ${dragon.id} and phone like '+1646%'`);
    }
  });

  it('a changed points rule rebuilds the list', async () => {
    const put = await owner({ method: 'PUT', url: '/api/api/customers/settings', payload: { pointsPerDollar: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    await settle();
    expect((await list()).rows.find((r) => r.phone === '+15550102001')!.points).toBe(62);
    await owner({ method: 'PUT', url: '/api/api/customers/settings', payload: { pointsPerDollar: 1 } });
    await settle();
  });

  it('is for owners, agents and admins; staff are refused; another restaurant sees none of it', async () => {
    expect((await staff({ method: 'GET', url: '/api/api/customers' })).statusCode).toBe(403);
    const dragon = await dragonOwner({ method: 'GET', url: '/api/api/customers' });
    expect(dragon.statusCode).toBe(200);
    expect(dragon.body).not.toContain('+1555010');
    const lin = (await list()).rows.find((r) => r.phone === '+15550102001')!;
    expect((await dragonOwner({ method: 'GET', url: `/api/api/customers/${lin.id}` })).statusCode).toBe(404);
    const detail = await owner({ method: 'GET', url: `/api/api/customers/${lin.id}` });
    expect(detail.json().orders).toHaveLength(3);
  });
});

describe('customers by name', () => {
  const lookup = (call: typeof owner, names: string[]) =>
    call({ method: 'POST', url: '/api/api/customers/lookup-names', payload: { names } });

  it('finds members by name in any case, and refuses unknown names with the SPEC message under each one', async () => {
    const found = await lookup(owner, ['  lin   WEI ']);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().customers).toEqual([{ id: expect.any(Number), name: 'Lin Wei', phone: '+15550102001' }]);

    const missing = await lookup(owner, ['Lin Wei', 'Nobody Here', 'Ghost']);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      'names.1': 'Member name does not exist. Please re-enter the following',
      'names.2': 'Member name does not exist. Please re-enter the following',
    });
    expect(MESSAGES.memberNotFound.zh).toBe('成员名称不存在，请重新输入');
    // Another restaurant's owner finds no one by Harbor's customer's name; staff may not look.
    expect((await lookup(dragonOwner, ['Lin Wei'])).statusCode).toBe(400);
    expect((await lookup(staff, ['Lin Wei'])).statusCode).toBe(403);
  });
});

describe('SMS pricing', () => {
  it('tells platform staff they may change the pricing, and agents and owners that they may not (and refuses them)', async () => {
    const admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
    const read = async (call: typeof owner) =>
      (await call({ method: 'GET', url: '/api/api/customers/sms/pricing' })).json() as { editable: boolean };
    expect((await read(admin)).editable).toBe(true);
    expect((await read(agent)).editable).toBe(false);
    expect((await read(owner)).editable).toBe(false);
    const { editable: _, ...pricing } = await read(agent);
    expect((await agent({ method: 'PUT', url: '/api/api/customers/sms/pricing', payload: pricing })).statusCode).toBe(
      403,
    );
  });
});

describe('campaigns', () => {
  let ids: number[];
  /** The customers who never text STOP in this file, in the list's order (ids are given by the rebuild). */
  let reachable: number[];
  beforeAll(async () => {
    const rows = (await list({ pageSize: '100' })).rows;
    ids = rows.map((r) => r.id);
    reachable = rows.filter((r) => r.phone !== '+15550102010').map((r) => r.id);
  });

  const body = { bodyEn: 'Harbor Bistro: 20% off this week!', bodyZh: '海港小馆：本周八折！' };

  it('refuses an empty selection and more than 1000, and quotes per language with opted-out excluded', async () => {
    const none = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { ids: [] } },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(msg('selectFirst'));
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    const over = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { ids: tooMany } },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(msg('maxSelected'));

    // Customer 10 opts out by text first.
    const stop = await ctx.app.inject(
      signed('/api/api/customers/sms/inbound', { From: '+15550102010', Body: 'STOP', To: '+15550100000' }),
    );
    expect(stop.statusCode, stop.body).toBe(200);
    const quote = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns/quote',
      payload: { ...body, audience: { ids } },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    expect(q.optedOutExcluded).toBe(1);
    expect(q.recipients).toBe(9);
    const expected = smsCost([
      { language: 'en', parts: analyzeSms(body.bodyEn, 'en').parts, recipients: 8 },
      { language: 'zh', parts: analyzeSms(body.bodyZh, 'zh').parts, recipients: 1 },
    ]);
    expect(q.totalCents).toBe(expected.totalCents);
    expect(q.lines).toHaveLength(2);
  });

  it('opt-out and opt-in through the signed webhook, recorded; a bad signature is refused', async () => {
    const bad = await ctx.app.inject(
      signed('/api/api/customers/sms/inbound', { From: '+15550102009', Body: '退订' }, 'wrong-token'),
    );
    expect(bad.statusCode).toBe(403);
    expect((await list()).rows.find((r) => r.phone === '+15550102009')!.optedOut).toBe(false);
    await ctx.app.inject(signed('/api/api/customers/sms/inbound', { From: '+15550102009', Body: '退订' }));
    expect((await list()).rows.find((r) => r.phone === '+15550102009')!.optedOut).toBe(true);
    await ctx.app.inject(signed('/api/api/customers/sms/inbound', { From: '+15550102009', Body: 'start' }));
    const c9 = (await list()).rows.find((r) => r.phone === '+15550102009')!;
    expect(c9.optedOut).toBe(false);
    const detail = (await owner({ method: 'GET', url: `/api/api/customers/${c9.id}` })).json();
    expect(detail.optHistory.map((h: { kind: string }) => h.kind)).toEqual(['optIn', 'optOut']);
  });

  it('needs a verified bank; submit, review by the agent above, only allowed transitions; send with payment failure, quiet hours, resume after a crash', async () => {
    await ctx.db.update(bankAccounts).set({ status: 'failed' }).where(eq(bankAccounts.nodeId, harborNode));
    const noBank = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { ...body, audience: { ids } },
    });
    expect(noBank.json().message).toBe(msg('linkBankFirst'));
    // The composer knows before anything is written.
    const own = () => owner({ method: 'GET', url: '/api/api/customers/campaigns' });
    expect((await own()).json().bankLinked).toBe(false);
    await ctx.db.update(bankAccounts).set({ status: 'verified' }).where(eq(bankAccounts.nodeId, harborNode));
    expect((await own()).json().bankLinked).toBe(true);

    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { ...body, audience: { ids } },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json().message).toBe(msg('submitted'));
    const id = submit.json().id as number;

    // Sending before approval is refused; staff cannot send; another restaurant's owner cannot review.
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` })).statusCode).toBe(409);
    expect(
      (
        await dragonOwner({
          method: 'POST',
          url: `/api/api/customers/reviews/${id}`,
          payload: { decision: 'approved' },
        })
      ).statusCode,
    ).toBe(403);
    const pending = await agent({ method: 'GET', url: '/api/api/customers/reviews' });
    expect(pending.json().rows.map((r: { id: number }) => r.id)).toContain(id);
    const approve = await agent({
      method: 'POST',
      url: `/api/api/customers/reviews/${id}`,
      payload: { decision: 'approved', note: 'ok' },
    });
    expect(approve.json().message).toBe(msg('approved'));
    const again = await agent({
      method: 'POST',
      url: `/api/api/customers/reviews/${id}`,
      payload: { decision: 'rejected' },
    });
    expect(again.statusCode).toBe(409);

    // Payment fails: nothing moves.
    const { sms, payments } = localAdapters.get(ctx.db)!;
    payments.fail = true;
    const unpaid = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(unpaid.json().message).toBe(msg('paymentFailed'));
    payments.fail = false;

    // 22:00 local: the send waits for 8:00 and says so.
    clock.set('2026-03-14T22:00:00-04:00');
    const send = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(send.statusCode, send.body).toBe(200);
    expect(send.json().message).toBe('SMS sent to 9 users');
    expect(send.json().waitsUntil).toBe('2026-03-15T12:00:00.000Z');
    await ctx.app.jobs.drain();
    expect(sms.messages).toHaveLength(0);

    // 8:00: one recipient's number is bad, and the server "dies" after the 3rd message was accepted.
    clock.set('2026-03-15T08:00:00-04:00');
    sms.failFor.add('+15550102005');
    sms.crashAfter = 3;
    await ctx.app.jobs.drain().catch(() => undefined);
    clock.advance(10 * 60_000);
    await ctx.app.jobs.drain();
    await relogin();
    const phones = sms.messages.map((m) => m.to);
    expect(new Set(phones).size).toBe(phones.length);
    expect(phones).toHaveLength(8);
    expect(sms.messages.find((m) => m.to === '+15550102001')!.body).toContain('回复 STOP 退订');

    for (const cb of sms.takeCallbacks()) await ctx.app.inject(signed('/api/api/customers/sms/status', cb.params));
    const [campaign] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(campaign).toMatchObject({
      id,
      status: 'sent',
      sendState: 'done',
      progress: { queued: 0, sent: 0, delivered: 8, failed: 1 },
      // the restaurant's zone, in which its times are shown (an agent reviews many restaurants' campaigns)
      restaurantTimeZone: 'America/New_York',
    });
    const recipients = (await owner({ method: 'GET', url: `/api/api/customers/campaigns/${id}/recipients` })).json();
    expect(recipients.rows.find((r: { phone: string }) => r.phone === '+15550102005').error).toBe(
      'invalid destination number',
    );
    const [row] = (
      (await ctx.db.execute(sql`select sent_by_user_id, sent_at from sms_campaigns where id = ${id}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      }
    ).rows;
    expect(row!.sent_by_user_id).not.toBeNull();
  });

  it('a provider failing as a whole stops the send with the message; sending again resumes', async () => {
    clock.set('2026-03-16T12:00:00-04:00');
    await relogin();
    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { bodyEn: 'Hello again', audience: { ids: reachable.slice(0, 3) } },
    });
    const id = submit.json().id as number;
    await agent({ method: 'POST', url: `/api/api/customers/reviews/${id}`, payload: { decision: 'approved' } });
    const { sms } = localAdapters.get(ctx.db)!;
    sms.failFor.clear();
    sms.failAll = true;
    const before = sms.messages.length;
    await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    await ctx.app.jobs.drain();
    let [c] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(c).toMatchObject({ id, sendState: 'failed', failureReason: msg('sendFailed') });
    sms.failAll = false;
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` })).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    [c] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(c).toMatchObject({ id, sendState: 'done', progress: { sent: 3 } });
    expect(sms.messages.length - before).toBe(3);
    // A rejected campaign can never be sent.
    const other = (
      await owner({
        method: 'POST',
        url: '/api/api/customers/campaigns',
        payload: { bodyEn: 'No', audience: { ids: ids.slice(0, 1) } },
      })
    ).json().id;
    expect(
      (
        await agent({ method: 'POST', url: `/api/api/customers/reviews/${other}`, payload: { decision: 'rejected' } })
      ).json().message,
    ).toBe(msg('rejected'));
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${other}/send` })).statusCode).toBe(409);
  });

  it('Send Now on a campaign whose sending stopped part-way (its server died) resumes it instead of 409: nobody is texted twice, one charge', async () => {
    clock.set('2026-03-17T12:00:00-04:00');
    await relogin();
    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { bodyEn: 'Lunch special', audience: { ids: reachable.slice(0, 4) } },
    });
    const id = submit.json().id as number;
    await agent({ method: 'POST', url: `/api/api/customers/reviews/${id}`, payload: { decision: 'approved' } });
    const { sms } = localAdapters.get(ctx.db)!;
    sms.failFor.clear();
    // The server freezes for good right after the provider accepted the 2nd message, before recording it.
    const before = await acceptedSoFar();
    const frozen = new Promise<void>((resolve) => (thaw = resolve));
    let held: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (held = resolve));
    holdAt = async (name, count) => {
      if (name !== 'sms-sent' || count < before + 2) return;
      held();
      await frozen;
    };
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` })).statusCode).toBe(200);
    const dead = ctx.app.jobs.drain();
    await reached;
    holdAt = null;
    let [c] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(c).toMatchObject({ id, sendState: 'sending', progress: { sent: 1, queued: 3 } });

    // Its lease runs out; Send Now, which answered 409 "cannot move from sent to sent", resumes it.
    await leasesRunOut(ctx.db, SEND_QUEUE);
    const again = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(again.statusCode, again.body).toBe(200);
    await ctx.app.jobs.drain();
    // The frozen run, should it wake, finds at its next renewal that the job is no longer its own.
    await (ctx.app.jobs as PgBossJobQueue).heartbeat();
    thaw();
    await dead;
    [c] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(c).toMatchObject({ id, sendState: 'done', progress: { sent: 4, queued: 0 } });
    const outbox = (
      (await ctx.db.execute(
        sql`select "to", count(*)::int as n from local_sms_messages where reference like ${`c${id}:%`} group by "to"`,
      )) as unknown as { rows: Array<{ to: string; n: number }> }
    ).rows;
    expect(outbox).toHaveLength(4);
    expect(outbox.every((r) => r.n === 1)).toBe(true);
    const charges = (
      (await ctx.db.execute(
        sql`select count(*)::int as n from local_payment_charges where reference = ${`sms-campaign-${id}`}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(charges[0]!.n).toBe(1);
    // Finished: nothing left to resume.
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` })).statusCode).toBe(409);
  });

  it('an agent managing the restaurant may submit, but never review their own campaign; another reviewer can', async () => {
    await relogin();
    const [node] = (
      (await ctx.db.execute(sql`select xid from nodes where id = ${harborNode}`)) as unknown as {
        rows: Array<{ xid: string }>;
      }
    ).rows;
    const agentInHarbor = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
    const switched = await agentInHarbor({
      method: 'POST',
      url: '/api/account/swtichRestByXid',
      payload: { xid: node!.xid },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const submit = await agentInHarbor({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { bodyEn: 'Mine', audience: { ids: ids.slice(0, 2) } },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const id = submit.json().id as number;
    const own = await agent({
      method: 'POST',
      url: `/api/api/customers/reviews/${id}`,
      payload: { decision: 'approved' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(msg('ownCampaign'));
    expect(CUSTOMERS_MESSAGES.ownCampaign!.zh).toBe('不能审核自己提交的短信活动');
    const [still] = (
      (await ctx.db.execute(sql`select status from sms_campaigns where id = ${id}`)) as unknown as {
        rows: Array<{ status: string }>;
      }
    ).rows;
    expect(still!.status).toBe('pending');
    const admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
    expect(
      (
        await admin({ method: 'POST', url: `/api/api/customers/reviews/${id}`, payload: { decision: 'approved' } })
      ).json().message,
    ).toBe(msg('approved'));
  });
});
