import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import { FakeStripe } from './fake-stripe.ts';
import {
  RECIPIENTS,
  call,
  children,
  heldAt,
  prepareCampaignData,
  rows,
  startServer,
  tokenAt,
  waitFor,
} from './server-process.ts';
import { TEST_NOW } from './test-now.ts';

/**
 * A campaign charged through Stripe (PAYMENTS_PROVIDER=stripe, pointed at a local server speaking
 * Stripe's API) is charged once across `kill -9`: a real server process is killed right after Stripe
 * charged and before the charge was recorded; the next server's Send Now charges under the same
 * attempt's Idempotency-Key (Stripe answers the same PaymentIntent); it is killed again mid-send, and a
 * third server finishes the send. Stripe saw one PaymentIntent; nobody was texted twice. Hold points
 * (lib/hold-points.ts) stop each process where the test kills it: no sleeping and hoping.
 */
const SECRET = 'sk_test_crash_0001';
const KILLED_AT_MESSAGE = 27;

let root = '';
let fake: FakeStripe;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
  await fake?.stop();
});

describe('a Stripe-charged campaign after kill -9 (embedded database)', () => {
  let dataDir = '';
  let customerIds: number[] = [];
  let base = '';

  beforeAll(async () => {
    fake = new FakeStripe(SECRET);
    base = await fake.start();
    // Harbor's verified account at Stripe: its customer and the succeeded SetupIntent of its bank account.
    fake.customers.add('cus_test');
    fake.setupIntents.set('seti_crash', {
      id: 'seti_crash',
      customer: 'cus_test',
      status: 'succeeded',
      attempts: 0,
      pm: 'pm_crash',
    });
    root = mkdtempSync(join(tmpdir(), 'ra-crash-stripe-'));
    dataDir = join(root, 'data');
    let template: Blob | undefined;
    try {
      const file = inject('pgliteTemplate');
      if (file) template = new Blob([await readFile(file)]);
    } catch {
      template = undefined;
    }
    const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteLoadDataDir: template });
    await handle.migrate();
    if (!template) await seedDemoData(handle.db, { now: new Date(TEST_NOW) });
    ({ customerIds } = await prepareCampaignData(handle.db));
    await handle.db.execute(
      sql`update bank_accounts set provider_ref = 'seti_crash' where provider_customer_id = 'cus_test'`,
    );
    await handle.close();
  }, 180_000);

  it('kill -9 after the charge and again mid-send: one PaymentIntent at Stripe, one key, nobody texted twice', async () => {
    const env = (hold: string) => ({
      DATA_DIR: dataDir,
      HOLD_POINTS_DIR: hold,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET,
      STRIPE_WEBHOOK_SECRET: 'whsec_crash_0001',
      STRIPE_API_BASE: base,
    });
    const holds = ['a', 'b', 'c'].map((n) => join(root, `hold-${n}`));
    for (const dir of holds) mkdirSync(dir);
    const [holdA, holdB, holdC] = holds as [string, string, string];

    // A: Send Now is held right after Stripe answered the charge, before the campaign records it.
    writeFileSync(join(holdA, 'sms-charged.hold'), '1');
    const a = await startServer(env(holdA));
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const agent = await tokenAt(a, DEMO_EMAILS.agent);
    const submit = await call(a, owner, 'POST', '/api/api/customers/campaigns', {
      bodyEn: 'Harbor Bistro: 20% off this week!',
      bodyZh: '海港小馆：本周八折！',
      audience: { ids: customerIds },
    });
    expect(submit.status, submit.body).toBe(200);
    const campaignId = Number(submit.json().id);
    const review = await call(a, agent, 'POST', `/api/api/customers/reviews/${campaignId}`, { decision: 'approved' });
    expect(review.status, review.body).toBe(200);
    const pressed = call(a, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`).catch(
      (error: unknown) => error,
    );
    expect(await waitFor('the charge to be held', heldAt(holdA, 'sms-charged'))).toBe(1);
    expect(fake.paymentIntents.size).toBe(1);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect(await pressed).toBeInstanceOf(Error); // the owner's request died with the server

    // B: Send Now again (the campaign is still Approved here): the same attempt's key, so Stripe
    // answers the PaymentIntent it made; the send is then held after the 27th message and B killed.
    writeFileSync(join(holdB, 'sms-sent.hold'), String(KILLED_AT_MESSAGE));
    const b = await startServer(env(holdB));
    const again = await call(b, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`);
    expect(again.status, again.body).toBe(200);
    expect(await waitFor('the send to be held', heldAt(holdB, 'sms-sent'))).toBe(KILLED_AT_MESSAGE);
    b.child.kill('SIGKILL');
    expect(await b.exited).toBeNull();

    // C: takes the send over and finishes it; Send Now pressed on the cut-off campaign charges nothing.
    writeFileSync(join(holdC, 'sms-sent.hold'), String(KILLED_AT_MESSAGE + 1));
    const c = await startServer(env(holdC));
    expect(await waitFor('the send to resume', heldAt(holdC, 'sms-sent'), 60_000)).toBe(KILLED_AT_MESSAGE + 1);
    const third = await call(c, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`);
    expect(third.status, third.body).toBe(200);
    unlinkSync(join(holdC, 'sms-sent.hold'));
    await waitFor('the campaign to finish', async () => {
      const campaigns = (await call(c, owner, 'GET', '/api/api/customers/campaigns')).json().rows as Array<{
        id: number;
        sendState: string;
      }>;
      return campaigns.find((x) => x.id === campaignId)?.sendState === 'done' ? true : undefined;
    });
    c.child.kill('SIGTERM');
    expect(await c.exited, c.output().slice(-2000)).toBe(0);

    // What Stripe saw: one PaymentIntent, every charge request under the campaign's first key.
    const charges = fake.requests.filter((q) => q.method === 'POST' && q.path === '/v1/payment_intents');
    expect(charges.length).toBeGreaterThanOrEqual(2);
    expect(new Set(charges.map((q) => q.idempotencyKey))).toEqual(new Set([`sms-campaign-${campaignId}`]));
    expect(fake.paymentIntents.size).toBe(1);
    const [intent] = [...fake.paymentIntents.values()];

    const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      const [campaign] = await rows(
        handle.db,
        sql`select payment_ref, total_cents from sms_campaigns where id = ${campaignId}`,
      );
      expect(campaign).toMatchObject({ payment_ref: intent!.id });
      expect(intent!.amount).toBe(Number(campaign!.total_cents));
      const outbox = await rows(
        handle.db,
        sql`select "to", count(*)::int as n from local_sms_messages where reference like ${`c${campaignId}:%`} group by "to"`,
      );
      expect(outbox).toHaveLength(RECIPIENTS);
      expect(outbox.filter((r) => Number(r.n) !== 1)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 420_000);
});
