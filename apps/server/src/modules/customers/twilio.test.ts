import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { bankAccounts } from '../../db/schema/business.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { FakeTwilio } from '../../../test/fake-twilio.ts';

/**
 * SMS campaigns through the Twilio connector (SMS_PROVIDER=twilio), against a local server speaking
 * Twilio's Messages API; webhooks signed with the `twilio` package's own helper.
 */
const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-tests-0001';
const PUBLIC = 'https://admin.example.test';
const FROM = '+15550109999';
const phones = ['+15550103001', '+15550103002', '+15550103003', '+15550103004', '+15550103005'];

let ctx: TestContext;
let clock: ManualClock;
let fake: FakeTwilio;
let owner: ReturnType<typeof as>;
let agent: ReturnType<typeof as>;
let harborId: number;
let ids: number[];

/** A webhook call as Twilio makes it: form body, X-Twilio-Signature over the full public URL. */
function webhook(path: string, params: Record<string, string>, signature?: string | null) {
  const url = `${PUBLIC}${path}`;
  const sig = signature === undefined ? twilio.getExpectedTwilioSignature(TOKEN, url, params) : signature;
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(sig === null ? {} : { 'x-twilio-signature': sig }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const optedOut = async (phone: string) =>
  (
    (await ctx.db.execute(sql`select count(*)::int as n from sms_opt_outs where phone = ${phone}`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows[0]!.n === 1;

async function campaign(bodyEn: string, audience: number[]) {
  const quote = await owner({
    method: 'POST',
    url: '/api/api/customers/campaigns/quote',
    payload: { bodyEn, audience: { ids: audience } },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  const submit = await owner({
    method: 'POST',
    url: '/api/api/customers/campaigns',
    payload: { bodyEn, audience: { ids: audience } },
  });
  expect(submit.statusCode, submit.body).toBe(200);
  const id = submit.json().id as number;
  const approve = await agent({
    method: 'POST',
    url: `/api/api/customers/reviews/${id}`,
    payload: { decision: 'approved' },
  });
  expect(approve.statusCode, approve.body).toBe(200);
  return { id, quote: quote.json() as { recipients: number; totalCents: number } };
}

const ownCampaign = async (id: number) =>
  (await owner({ method: 'GET', url: '/api/api/customers/campaigns' }))
    .json()
    .rows.find((r: { id: number }) => r.id === id);

beforeAll(async () => {
  clock = new ManualClock('2026-03-18T12:00:00-04:00');
  fake = new FakeTwilio(ACCOUNT, TOKEN, () => clock.now());
  const base = await fake.start();
  ctx = await createTestContext({
    config: {
      clock,
      publicUrl: PUBLIC,
      sms: { provider: 'twilio', accountSid: ACCOUNT, authToken: TOKEN, from: FROM, apiBase: base },
    },
  });
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  agent = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
  const [u] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  harborId = u!.id!;
  const [r] = await ctx.db.select({ nodeId: restaurants.nodeId }).from(restaurants).where(eq(restaurants.id, harborId));
  await ctx.db
    .insert(bankAccounts)
    .values({
      nodeId: r!.nodeId,
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumberEnc: 'x',
      accountLast4: '6789',
      providerCustomerId: 'cus_test',
      status: 'verified',
    })
    .onConflictDoUpdate({ target: bankAccounts.nodeId, set: { status: 'verified' } });
  ids = [];
  for (const [i, phone] of phones.entries()) {
    const rows = (await ctx.db.execute(sql`insert into customers (restaurant_id, phone, name, language, first_order_at,
        last_order_at, total_orders, total_spent_cents, points, updated_at)
      values (${harborId}, ${phone}, ${`Guest ${i + 1}`}, 'en', now(), now(), 1, 1000, 10, now()) returning id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    ids.push(Number(rows.rows[0]!.id));
  }
});
afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

describe('SMS through Twilio', () => {
  it('sends a campaign on the Messages resource: exact requests, 429 retried, 21211 fails one, 21610 opts out', async () => {
    fake.refuse.set(phones[2]!, 21211);
    fake.refuse.set(phones[3]!, 21610);
    fake.throttleNext = 1;
    const { id, quote } = await campaign('Harbor Bistro: oysters are back!', ids);
    expect(quote.recipients).toBe(5);
    const send = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(send.statusCode, send.body).toBe(200);
    await ctx.app.jobs.drain();

    const posts = fake.requests.filter((q) => q.method === 'POST');
    // one 429 answered, retried, then one request per recipient
    expect(posts).toHaveLength(6);
    const auth = `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`;
    for (const post of posts) {
      expect(post.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
      expect(post.authorization).toBe(auth);
      expect(post.contentType).toBe('application/x-www-form-urlencoded');
      expect(Object.keys(post.form).sort()).toEqual(['Body', 'From', 'StatusCallback', 'To']);
      expect(post.form.From).toBe(FROM);
      expect(post.form.Body).toContain('Harbor Bistro: oysters are back!');
      expect(post.form.StatusCallback).toBe(
        `${PUBLIC}/api/api/customers/sms/status?ref=${encodeURIComponent(`c${id}:${post.form.To}`)}`,
      );
    }
    expect(posts[0]!.form.To).toBe(posts[1]!.form.To); // the throttled one, again
    expect(new Set(posts.map((p) => p.form.To))).toEqual(new Set(phones));
    expect(fake.messages).toHaveLength(3);

    const recipients = (await owner({ method: 'GET', url: `/api/api/customers/campaigns/${id}/recipients` })).json()
      .rows as Array<{ phone: string; status: string; error: string | null }>;
    const byPhone = new Map(recipients.map((r) => [r.phone, r]));
    expect(byPhone.get(phones[2]!)).toMatchObject({ status: 'failed' });
    expect(byPhone.get(phones[2]!)!.error).toContain('not a valid phone number');
    expect(byPhone.get(phones[3]!)).toMatchObject({
      status: 'failed',
      error: CUSTOMERS_MESSAGES.recipientOptedOut!.en,
    });
    expect(await optedOut(phones[3]!)).toBe(true);
    expect(await optedOut(phones[2]!)).toBe(false);
    expect(await ownCampaign(id)).toMatchObject({ sendState: 'done', progress: { sent: 3, failed: 2 } });

    // Delivery callbacks, signed by Twilio's helper: two delivered, one undelivered with its error code.
    const undelivered = fake.messages[2]!.sid;
    for (const cb of fake.callbacks((m) =>
      m.sid === undelivered ? { MessageStatus: 'undelivered', ErrorCode: '30003' } : { MessageStatus: 'delivered' },
    )) {
      const path = cb.url.slice(PUBLIC.length);
      const res = await webhook(path, cb.params, cb.signature);
      expect(res.statusCode, res.body).toBe(204);
    }
    expect(await ownCampaign(id)).toMatchObject({ progress: { delivered: 2, failed: 3, sent: 0 } });

    // 21610 is never retried: sending again finds nothing left to send.
    const before = fake.requests.length;
    expect((await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` })).statusCode).toBe(409);
    await ctx.app.jobs.drain();
    expect(fake.requests.length).toBe(before);
  });

  it('refuses status and inbound webhooks with a missing, wrong or stale signature, changing nothing', async () => {
    const params = { MessageSid: fake.messages[0]!.sid, MessageStatus: 'failed', ErrorCode: '30008' };
    const path = '/api/api/customers/sms/status';
    expect((await webhook(path, params, null)).statusCode).toBe(403);
    expect((await webhook(path, params, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    const otherToken = twilio.getExpectedTwilioSignature('another-token', `${PUBLIC}${path}`, params);
    expect((await webhook(path, params, otherToken)).statusCode).toBe(403);
    // signed for other parameters (a tampered body)
    const signedFor = twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC}${path}`, { ...params, ErrorCode: '1' });
    expect((await webhook(path, params, signedFor)).statusCode).toBe(403);
    // signed for another URL (the ref of another recipient)
    const otherUrl = twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC}${path}?ref=c1%3A%2B15550103001`, params);
    expect((await webhook(path, params, otherUrl)).statusCode).toBe(403);
    const inbound = { From: phones[0]!, To: FROM, Body: 'STOP', MessageSid: 'SMin1', AccountSid: ACCOUNT };
    expect((await webhook('/api/api/customers/sms/inbound', inbound, null)).statusCode).toBe(403);
    expect(await optedOut(phones[0]!)).toBe(false);
    // the product's verification agrees with Twilio's own validator on a good one
    const good = twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC}${path}`, params);
    expect(twilio.validateRequest(TOKEN, good, `${PUBLIC}${path}`, params)).toBe(true);
    const recipients = (
      (await ctx.db.execute(
        sql`select status from sms_recipients where provider_sid = ${fake.messages[0]!.sid}`,
      )) as unknown as { rows: Array<{ status: string }> }
    ).rows;
    expect(recipients[0]!.status).toBe('delivered');
  });

  it('a STOP reply opts out, 帮助 / HELP answers, START and 开始 opt back in', async () => {
    const inbound = (Body: string, From = phones[0]!) =>
      webhook('/api/api/customers/sms/inbound', { From, To: FROM, Body, MessageSid: 'SMin2', AccountSid: ACCOUNT });
    const stop = await inbound('STOP');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect(await optedOut(phones[0]!)).toBe(true);
    const help = await inbound('帮助');
    expect(help.body).toContain(`<Message>${CUSTOMERS_MESSAGES.helpReply!.en}`);
    expect(help.body).toContain(CUSTOMERS_MESSAGES.helpReply!.zh);
    expect(await optedOut(phones[0]!)).toBe(true);
    await inbound('开始');
    expect(await optedOut(phones[0]!)).toBe(false);
    await inbound('停止', phones[1]!);
    expect(await optedOut(phones[1]!)).toBe(true);
    await inbound('start', phones[1]!);
    expect(await optedOut(phones[1]!)).toBe(false);
  });

  it('a message accepted whose answer was lost is looked up on resume, never texted twice', async () => {
    fake.refuse.clear();
    const audience = [ids[0]!, ids[1]!, ids[4]!];
    const { id } = await campaign('Second visit? Dessert on us.', audience);
    fake.dropAnswerFor.add(phones[1]!);
    const postsBefore = fake.requests.filter((q) => q.method === 'POST').length;
    await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    await ctx.app.jobs.drain();
    expect(await ownCampaign(id)).toMatchObject({ sendState: 'failed' });
    // Twilio has the message; we never heard its SID.
    expect(fake.messages.filter((m) => m.to === phones[1] && m.body.includes('Dessert'))).toHaveLength(1);

    const again = await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    expect(again.statusCode, again.body).toBe(200);
    await ctx.app.jobs.drain();
    expect(await ownCampaign(id)).toMatchObject({ sendState: 'done', progress: { sent: 3, queued: 0 } });
    const posts = fake.requests.filter((q) => q.method === 'POST').slice(postsBefore);
    expect(posts.map((p) => p.form.To).sort()).toEqual([phones[0], phones[1], phones[4]].sort());
    const lookups = fake.requests.filter((q) => q.method === 'GET' && q.path.includes('Messages.json'));
    expect(lookups.at(-1)!.path).toBe(
      `/2010-04-01/Accounts/${ACCOUNT}/Messages.json?To=${encodeURIComponent(phones[1]!)}&PageSize=50`,
    );
    const lost = fake.messages.find((m) => m.to === phones[1] && m.body.includes('Dessert'))!;
    const [row] = (
      (await ctx.db.execute(
        sql`select provider_sid from sms_recipients where campaign_id = ${id} and phone = ${phones[1]!}`,
      )) as unknown as { rows: Array<{ provider_sid: string }> }
    ).rows;
    expect(row!.provider_sid).toBe(lost.sid);
  });

  it('a status callback carrying our reference attaches a SID we never recorded', async () => {
    const { id } = await campaign('Thursday jazz night', [ids[4]!]);
    await owner({ method: 'POST', url: `/api/api/customers/campaigns/${id}/send` });
    // As if the server died after Twilio accepted the message: the row is 'sending' with no SID.
    await ctx.db.execute(
      sql`update sms_recipients set status = 'sending', provider_sid = null where campaign_id = ${id}`,
    );
    const path = `/api/api/customers/sms/status?ref=${encodeURIComponent(`c${id}:${phones[4]}`)}`;
    const res = await webhook(path, { MessageSid: 'SMfromcallback', MessageStatus: 'delivered', To: phones[4]! });
    expect(res.statusCode, res.body).toBe(204);
    const [row] = (
      (await ctx.db.execute(
        sql`select status, provider_sid from sms_recipients where campaign_id = ${id}`,
      )) as unknown as { rows: Array<{ status: string; provider_sid: string }> }
    ).rows;
    expect(row).toEqual({ status: 'delivered', provider_sid: 'SMfromcallback' });
  });
});
