import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import { harbor } from '../src/modules/team/team.test-support.ts';
import {
  RECIPIENTS,
  call,
  children,
  prepareCampaignData,
  rows,
  sendCampaign,
  startServer,
  tokenAt,
  waitFor,
  type TServer,
} from './server-process.ts';
import { createScratchDatabase, type TScratchDatabase } from './scratch-database.ts';
import { TEST_NOW } from './test-now.ts';

/**
 * Three API servers started at the same moment on one PostgreSQL (their queues created together:
 * the pg-boss create_queue deadlock, lib/jobs/job-queue.ts). Each kind of background work runs
 * exactly once across them: a scheduled menu change, an SMS campaign's send, a premium code batch and
 * a customer rollup rebuild (after a POS order). The server that runs the send is held mid-way
 * (hold point, in whichever server takes it) and killed (-9): one of the other two takes it over
 * once its lease runs out, texting nobody twice. Needs TEST_DATABASE_URL (a database of its own).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const LEASE_SECONDS = 5;
const KILLED_AT_MESSAGE = 27;
const CODES = 2_000;

describe.skipIf(!serverUrl)('work done once across three servers on PostgreSQL', () => {
  let scratch: TScratchDatabase | undefined;
  let databaseUrl = '';
  let root = '';
  let customerIds: number[] = [];
  let xid = '';
  let itemId = 0;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ra-three-pg-'));
    scratch = await createScratchDatabase(serverUrl!, 'test_three');
    databaseUrl = scratch.url;
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seedDemoData(handle.db, { now: new Date(TEST_NOW) });
    ({ customerIds, xid } = await prepareCampaignData(handle.db));
    const home = await harbor(handle.db);
    const [item] = await rows(handle.db, sql`select id from menu_items where restaurant_id = ${home.id} limit 1`);
    itemId = Number(item!.id);
    await handle.close();
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    if (root) rmSync(root, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('runs a scheduled change, a send, a code batch and a rollup rebuild once each, and takes over the send of a killed server', async () => {
    const holds = [1, 2, 3].map((i) => join(root, `hold-${i}`));
    for (const dir of holds) {
      mkdirSync(dir);
      // Whichever server runs the send holds right after the provider accepted this message.
      writeFileSync(join(dir, 'sms-sent.hold'), String(KILLED_AT_MESSAGE));
    }
    const env = (hold: string) => ({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'three-servers-test-secret-0123456789abcdef',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      HOLD_POINTS_DIR: hold,
      DATA_DIR: join(root, 'data'),
    });
    // At the same moment: each server creates every queue it works as it starts polling. The third
    // server's clock is 5 s behind the others' (each pinned clock starts as its process does, so they
    // differ anyway, by whatever the start-up took): a job it takes that the others made due, such as
    // the price change below, waits for its own clock before it runs (lib/jobs/job-queue.ts untilDue).
    const behind = new Date(new Date(TEST_NOW).getTime() - 5_000).toISOString();
    const servers: TServer[] = await Promise.all(
      holds.map((dir, i) => startServer({ ...env(dir), ...(i === 2 ? { CLOCK_NOW: behind } : {}) })),
    );
    const [a, b, c] = servers as [TServer, TServer, TServer];
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const agent = await tokenAt(b, DEMO_EMAILS.agent);
    const admin = await tokenAt(c, DEMO_EMAILS.admin);
    expect((await call(c, admin, 'POST', '/api/account/swtichRestByXid', { xid })).status).toBe(200);

    // A price change 20 s from now by B's clock (it runs from TEST_NOW since B's start, which under
    // load is long after the spawn): read B's now from a change made for tomorrow, then cancelled.
    const probe = await call(b, owner, 'POST', '/api/api/menu/scheduled', {
      ids: [itemId],
      at: new Date(new Date(TEST_NOW).getTime() + 86_400_000).toISOString(),
      change: { priceCents: 1 },
    });
    expect(probe.status, probe.body).toBe(200);
    const serverNow = new Date(String(probe.json().createdAt)).getTime();
    expect((await call(b, owner, 'DELETE', `/api/api/menu/scheduled/${Number(probe.json().id)}`)).status).toBe(200);
    const at = new Date(serverNow + 20_000).toISOString();
    const scheduled = await call(b, owner, 'POST', '/api/api/menu/scheduled', {
      ids: [itemId],
      at,
      change: { priceCents: 4321 },
    });
    expect(scheduled.status, scheduled.body).toBe(200);
    const scheduledId = Number(scheduled.json().id);

    // A code batch, asked on C.
    const coupon = await call(c, owner, 'POST', '/api/api/coupon', {
      name: 'Three servers',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
    });
    expect(coupon.status, coupon.body).toBe(200);
    const generate = await call(c, admin, 'POST', '/api/api/coupon/codes/generate', {
      couponId: Number(coupon.json().id),
      count: CODES,
      length: 8,
    });
    expect(generate.status, generate.body).toBe(200);
    const batchId = Number(generate.json().id);

    // A POS order on A: the customers' rollup is rebuilt 30 s later, by one server.
    const order = await call(a, owner, 'POST', '/api/api/pos/orders', {
      posOrderId: 'THREE-1',
      orderNumber: '301',
      channel: 'dineIn',
      partySize: 2,
      status: 'closed',
      openedAt: new Date(new Date(TEST_NOW).getTime() - 3_600_000).toISOString(),
      closedAt: new Date(new Date(TEST_NOW).getTime() - 1_800_000).toISOString(),
      customer: { phone: '+15550770001' },
      items: [{ posItemId: 'X-1', name: 'Soup', category: 'Mains', quantity: 1, unitPriceCents: 1000 }],
      taxCents: 0,
      tipCents: 0,
      payments: [
        {
          posPaymentId: 'THREE-1-p',
          method: 'cash',
          amountCents: 1000,
          tipCents: 0,
          paidAt: new Date(new Date(TEST_NOW).getTime() - 1_800_000).toISOString(),
        },
      ],
    });
    expect([200, 201], order.body).toContain(order.status);

    // The send, pressed on A: one of the three takes it and holds.
    const campaignId = await sendCampaign(a, { owner, agent }, customerIds);
    const holder = await waitFor('a server to hold the send', () => {
      const i = holds.findIndex((dir) => existsSync(join(dir, 'sms-sent.held')));
      return i >= 0 ? i : undefined;
    });
    for (const [i, dir] of holds.entries()) if (i !== holder) unlinkSync(join(dir, 'sms-sent.hold'));
    const killed = servers[holder]!;
    const survivor = servers[(holder + 1) % 3]!;
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBeNull();

    let last: unknown = null;
    await waitFor(
      'everything to finish',
      async () => {
        const campaigns = (await call(survivor, owner, 'GET', '/api/api/customers/campaigns')).json().rows as Array<{
          id: number;
          sendState: string;
        }>;
        const batch = (await call(survivor, admin, 'GET', `/api/api/coupon/codes/batches/${batchId}`)).json();
        const changes = (await call(survivor, owner, 'GET', `/api/api/menu/scheduled?itemId=${itemId}`)).json()
          .changes as Array<{ id: number; status: string }>;
        last = {
          send: campaigns.find((x) => x.id === campaignId),
          batch: { status: batch.status, generated: batch.generated },
          change: changes.find((x) => x.id === scheduledId),
        };
        return campaigns.find((x) => x.id === campaignId)?.sendState === 'done' &&
          batch.status === 'done' &&
          changes.find((x) => x.id === scheduledId)?.status === 'applied'
          ? true
          : undefined;
      },
      240_000,
    ).catch((error: Error) => {
      const outputs = servers.map(
        (x, i) => `--- server ${i + 1}${x === killed ? ' (killed)' : ''}:\n${x.output().slice(-1500)}`,
      );
      throw new Error(`${error.message}: ${JSON.stringify(last)}\n${outputs.join('\n')}`);
    });

    const check = await openDatabase({ databaseUrl });
    try {
      // Each job ran to completion once: one job per piece of work, completed; only the send was
      // taken over (one attempt lost with the killed server).
      await waitFor(
        'the rollup rebuild to run',
        async () =>
          (
            await rows(
              check.db,
              sql`select count(*)::int as n from pgboss.job where name = 'customers.recompute' and state = 'completed'`,
            )
          )[0]!.n === 1
            ? true
            : undefined,
        120_000,
      );
      const jobs = await rows(
        check.db,
        sql`select name, state::text as state, retry_count::int as retries from pgboss.job
             where name in ('menu.scheduled-change', 'customers.sms-send', 'coupons.generate-codes', 'customers.recompute')
               and state <> 'cancelled'
             order by name`,
      );
      expect(jobs).toEqual([
        { name: 'coupons.generate-codes', state: 'completed', retries: 0 },
        { name: 'customers.recompute', state: 'completed', retries: 0 },
        { name: 'customers.sms-send', state: 'completed', retries: 1 },
        { name: 'menu.scheduled-change', state: 'completed', retries: 0 },
      ]);
      const outbox = await rows(
        check.db,
        sql`select "to", count(*)::int as n from local_sms_messages where reference like ${`c${campaignId}:%`} group by "to"`,
      );
      expect(outbox).toHaveLength(RECIPIENTS);
      expect(outbox.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const charges = await rows(
        check.db,
        sql`select count(*)::int as n from local_payment_charges where reference = ${`sms-campaign-${campaignId}`}`,
      );
      expect(charges[0]!.n).toBe(1);
      const codes = await rows(
        check.db,
        sql`select count(*)::int as n, count(distinct code)::int as d from coupon_codes where batch_id = ${batchId}`,
      );
      expect(codes[0]).toEqual({ n: CODES, d: CODES });
      const item = (await call(survivor, owner, 'GET', `/api/api/menu/items/${itemId}`)).json();
      expect(item.priceCents).toBe(4321);
      const versions = (await call(survivor, owner, 'GET', `/api/api/menu/items/${itemId}/versions`)).json()
        .versions as Array<{ reason: string }>;
      expect(versions.filter((v) => v.reason === 'scheduled')).toHaveLength(1);
    } finally {
      await check.close();
    }
    for (const server of servers) {
      if (server === killed) continue;
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
    }
  }, 600_000);
});
