import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { restaurants } from '../../db/schema/restaurants.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { secretsConfigFromEnv } from '../../lib/secrets.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { FakeStripe } from '../../../test/fake-stripe.ts';
import { STRIPE_WEBHOOK_PATH } from './providers.service.ts';

/**
 * Bank verification and campaign charges through the Stripe connector (PAYMENTS_PROVIDER=stripe)
 * against a local server speaking Stripe's API; webhooks signed with the SDK's generateTestHeaderString.
 */
const SECRET = 'sk_test_providers_0001';
const WHSEC = 'whsec_providers_test_0001';

let ctx: TestContext;
let clock: ManualClock;
let fake: FakeStripe;
let owner: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let harborId: number;
let harborNode: number;
const signer = new Stripe('sk_test_signer');

function webhook(event: object, options: { secret?: string; at?: Date; header?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    options.header !== undefined
      ? options.header
      : signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WHSEC,
          timestamp: Math.floor((options.at ?? clock.now()).getTime() / 1000),
        });
  return ctx.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

const event = (type: string, object: object) => ({
  id: `evt_${type.replace(/\W/g, '_')}`,
  object: 'event',
  type,
  created: Math.floor(clock.now().getTime() / 1000),
  data: { object },
});

const bankStatus = async () => (await owner({ method: 'GET', url: '/api/api/business/bank' })).json().account;

beforeAll(async () => {
  clock = new ManualClock('2026-03-16T14:00:00Z');
  fake = new FakeStripe(SECRET);
  const base = await fake.start();
  ctx = await createTestContext({
    config: { clock, payments: { provider: 'stripe', secretKey: SECRET, webhookSecret: WHSEC, apiBase: base } },
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  const [u] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  harborId = u!.id!;
  const [r] = await ctx.db.select({ nodeId: restaurants.nodeId }).from(restaurants).where(eq(restaurants.id, harborId));
  harborNode = r!.nodeId;
  await ctx.db.execute(sql`delete from bank_accounts where node_id = ${harborNode}`);
  // Its own clock means a freshly seeded database (no shared template): minutes on a busy machine.
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

describe('Stripe connector', () => {
  it('refuses a customer id Stripe does not know, then verifies a bank account with one wrong attempt', async () => {
    const link = (providerCustomerId: string) =>
      owner({
        method: 'POST',
        url: '/api/api/business/bank',
        payload: {
          holderName: 'Harbor Bistro LLC',
          accountType: 'checking',
          routingNumber: '110000000',
          accountNumber: '000123456789',
          providerCustomerId,
        },
      });
    const unknown = await link('cus_nobody');
    expect(unknown.statusCode).toBe(400);
    expect(await bankStatus()).toBeNull();

    const linked = await link('cus_harbor');
    expect(linked.statusCode, linked.body).toBe(200);
    const create = fake.requests.find((q) => q.method === 'POST' && q.path === '/v1/setup_intents')!;
    expect(create.authorization).toBe(`Bearer ${SECRET}`);
    expect(create.idempotencyKey).toMatch(new RegExp(`^bank-link-${harborNode}-`));
    expect(create.form).toMatchObject({
      customer: 'cus_harbor',
      'allowed_payment_method_types[0]': 'us_bank_account',
      'payment_method_data[type]': 'us_bank_account',
      'payment_method_data[us_bank_account][routing_number]': '110000000',
      'payment_method_data[us_bank_account][account_number]': '000123456789',
      'payment_method_data[us_bank_account][account_type]': 'checking',
      'payment_method_data[billing_details][name]': 'Harbor Bistro LLC',
      'payment_method_options[us_bank_account][verification_method]': 'microdeposits',
      'mandate_data[customer_acceptance][type]': 'offline',
      confirm: 'true',
    });
    const { account } = linked.json();
    expect(account.status).toBe('pending_deposit');
    // Stripe's arrival date, not a guess
    expect(account.depositsArriveBy).toBe('2026-03-19T12:00:00.000Z');
    const [row] = (
      (await ctx.db.execute(sql`select provider_ref from bank_accounts where node_id = ${harborNode}`)) as unknown as {
        rows: Array<{ provider_ref: string }>;
      }
    ).rows;
    const setupIntentId = row!.provider_ref;
    expect(setupIntentId).toMatch(/^seti_/);
    // no simulated outbox with a real provider
    expect((await owner({ method: 'GET', url: '/api/api/business/bank/outbox' })).json()).toEqual({
      simulated: false,
      items: [],
    });

    clock.set('2026-03-19T13:00:00Z');
    await ctx.app.jobs.drain();
    owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    expect((await bankStatus()).status).toBe('awaiting_verification');
    const verify = (amount1: string, amount2: string) =>
      owner({ method: 'POST', url: '/api/api/business/bank/verify', payload: { amount1, amount2 } });
    const wrong = await verify('0.12', '0.34');
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ outcome: 'wrong' });
    const right = await verify('0.45', '0.32');
    expect(right.json()).toMatchObject({ outcome: 'verified' });
    const calls = fake.requests.filter((q) => q.path === `/v1/setup_intents/${setupIntentId}/verify_microdeposits`);
    expect(calls.map((c) => c.form)).toEqual([
      { 'amounts[0]': '12', 'amounts[1]': '34' },
      { 'amounts[0]': '45', 'amounts[1]': '32' },
    ]);
    expect((await bankStatus()).status).toBe('verified');
  });

  // Stripe keeps a decline under its idempotency key and replays it (as the local server here does), so
  // each charge attempt has its own key; a 409 in use is retried by the SDK with the same key.
  it('charges a campaign once per attempt key (409 in use is retried with the same key); a late failure stops it', async () => {
    const customer = (
      (await ctx.db.execute(sql`insert into customers (restaurant_id, phone, name, language, first_order_at,
        last_order_at, total_orders, total_spent_cents, points, updated_at)
      values (${harborId}, '+15550104001', 'Stripe guest', 'en', now(), now(), 1, 1000, 10, now()) returning id`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows[0]!.id;
    const submit = await owner({
      method: 'POST',
      url: '/api/api/customers/campaigns',
      payload: { bodyEn: 'Spring menu is here', audience: { ids: [Number(customer)] } },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const id = submit.json().id as number;
    agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
    await agent({ method: 'POST', url: `/api/api/customers/reviews/${id}`, payload: { decision: 'approved' } });

    // Declined first: nothing moves, the SPEC message.
    fake.decline.add('cus_harbor');
    const declined = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CUSTOMERS_MESSAGES.paymentFailed!.en);

    fake.decline.clear();
    fake.inUseNext = 1;
    const sent = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const charges = fake.requests.filter((q) => q.path === '/v1/payment_intents');
    // declined under the first key; then the second attempt's key: 409 in use, and the same key again
    expect(charges.map((c) => c.idempotencyKey)).toEqual([
      `sms-campaign-${id}`,
      `sms-campaign-${id}-retry-1`,
      `sms-campaign-${id}-retry-1`,
    ]);
    // Send Now pressed again (a retry of the same attempt): no new charge
    const twice = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect([200, 409]).toContain(twice.statusCode);
    expect(fake.paymentIntents.size).toBe(1);
    const total = (
      (await ctx.db.execute(sql`select total_cents, payment_ref from sms_campaigns where id = ${id}`)) as unknown as {
        rows: Array<{ total_cents: number; payment_ref: string }>;
      }
    ).rows[0]!;
    expect(charges.at(-1)!.form).toMatchObject({
      amount: String(total.total_cents),
      currency: 'usd',
      customer: 'cus_harbor',
      off_session: 'true',
      confirm: 'true',
    });
    expect(fake.paymentIntents.size).toBe(1);
    expect(total.payment_ref).toBe([...fake.paymentIntents.keys()][0]);
    const [charged] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(charged).toMatchObject({ id, status: 'sent', needsPayment: false });

    // The debit fails days later (webhook): the campaign stops with the SPEC message; Send Now charges
    // again under a new key.
    const failed = await webhook(
      event('payment_intent.payment_failed', { id: total.payment_ref, object: 'payment_intent' }),
    );
    expect(failed.statusCode, failed.body).toBe(200);
    const [c] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(c).toMatchObject({
      id,
      sendState: 'failed',
      failureReason: CUSTOMERS_MESSAGES.paymentFailed!.en,
      needsPayment: true,
    });
    const again = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(again.statusCode, again.body).toBe(200);
    const [paid] = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json().rows;
    expect(paid).toMatchObject({ id, needsPayment: false });
    expect(fake.requests.filter((q) => q.path === '/v1/payment_intents').at(-1)!.idempotencyKey).toBe(
      `sms-campaign-${id}-retry-2`,
    );
    expect(fake.paymentIntents.size).toBe(2);
  });

  // The tolerance is measured against the server's injected clock, not the wall clock.
  it('refuses webhooks with a missing, wrong or replayed old signature, changing nothing', async () => {
    await ctx.db.execute(sql`update bank_accounts set status = 'awaiting_verification' where node_id = ${harborNode}`);
    const [row] = (
      (await ctx.db.execute(sql`select provider_ref from bank_accounts where node_id = ${harborNode}`)) as unknown as {
        rows: Array<{ provider_ref: string }>;
      }
    ).rows;
    const succeeded = event('setup_intent.succeeded', { id: row!.provider_ref, object: 'setup_intent' });
    expect((await webhook(succeeded, { header: null })).statusCode).toBe(400);
    expect((await webhook(succeeded, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    expect((await webhook(succeeded, { header: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    // signed properly, but ten minutes ago: a replay
    const old = await webhook(succeeded, { at: new Date(clock.now().getTime() - 10 * 60_000) });
    expect(old.statusCode).toBe(400);
    // ... or stamped ten minutes ahead of it
    const ahead = await webhook(succeeded, { at: new Date(clock.now().getTime() + 10 * 60_000) });
    expect(ahead.statusCode).toBe(400);
    expect((await bankStatus()).status).toBe('awaiting_verification');
    const ok = await webhook(succeeded);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bankStatus()).status).toBe('verified');
  });

  it('verifies an account Stripe checks with a descriptor code (microdeposit_type: descriptor_code), with one wrong try', async () => {
    owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
    expect((await owner({ method: 'POST', url: '/api/api/business/bank/reset' })).statusCode).toBe(200);
    fake.descriptorCodeAccounts.add('000999888777');
    const linked = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: {
        holderName: 'Harbor Bistro LLC',
        accountType: 'checking',
        routingNumber: '110000000',
        accountNumber: '000999888777',
        providerCustomerId: 'cus_harbor',
      },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().account).toMatchObject({ microdepositType: 'descriptor_code' });
    // The clock is past Stripe's arrival date: the account awaits the code.
    expect(await bankStatus()).toMatchObject({ status: 'awaiting_verification', microdepositType: 'descriptor_code' });
    const [row] = (
      (await ctx.db.execute(sql`select provider_ref from bank_accounts where node_id = ${harborNode}`)) as unknown as {
        rows: Array<{ provider_ref: string }>;
      }
    ).rows;
    const code = (descriptorCode: string) =>
      owner({ method: 'POST', url: '/api/api/business/bank/verify-code', payload: { descriptorCode } });
    const wrong = await code('SM22BB');
    expect(wrong.json()).toMatchObject({ outcome: 'wrong', account: { attemptsLeft: 2 } });
    const right = await code('sm11aa');
    expect(right.json()).toMatchObject({ outcome: 'verified' });
    const calls = fake.requests.filter((q) => q.path === `/v1/setup_intents/${row!.provider_ref}/verify_microdeposits`);
    expect(calls.map((c) => c.form)).toEqual([{ descriptor_code: 'SM22BB' }, { descriptor_code: 'SM11AA' }]);
    expect((await bankStatus()).status).toBe('verified');
  });

  it('shows platform staff which provider each adapter uses, live, without secrets', async () => {
    // A token of its own: the bank test moved the clock days past the first one's expiry.
    admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
    const res = await admin({ method: 'GET', url: '/api/api/admin/providers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      payments: { provider: 'stripe', ok: true },
      bank: { provider: 'stripe', ok: true },
      sms: { provider: 'local', ok: true },
    });
    const sealing = ctx.config.secrets ?? secretsConfigFromEnv({}, ctx.config.jwtSecret);
    expect(res.json()).toMatchObject({
      ubereats: { provider: 'local' },
      doordash: { provider: 'local' },
      secrets: { provider: 'aes-256-gcm', ok: true, detail: `key ${sealing.current.id}` },
    });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain(WHSEC);
    expect(res.body).not.toContain(sealing.current.key.toString('hex'));
    // Every path it tells staff to register is a route of this server.
    const webhooks = res.json().webhooks as Array<{ provider: string; path: string }>;
    expect(webhooks.map((w) => w.provider).sort()).toEqual(
      ['doordash', 'simulator', 'stripe', 'twilio', 'twilio', 'ubereats'].sort(),
    );
    for (const w of webhooks) expect(ctx.app.hasRoute({ method: 'POST', url: w.path }), w.path).toBe(true);
    expect(fake.requests.some((q) => q.path === '/v1/balance')).toBe(true);
    expect((await owner({ method: 'GET', url: '/api/api/admin/providers' })).statusCode).toBe(403);
  });
});
