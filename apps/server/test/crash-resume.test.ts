import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import {
  RECIPIENTS,
  call,
  children,
  heldAt,
  madeSince,
  prepareCampaignData,
  rows,
  startServer,
  tokenAt,
  waitFor,
} from './server-process.ts';
import { TEST_NOW } from './test-now.ts';

/**
 * Background work survives `kill -9`: a real server process sending an SMS campaign and generating
 * premium coupon codes is held mid-job (hold points, lib/hold-points.ts: no sleeping and hoping),
 * killed, and a new server on the same embedded database resumes both, texting nobody twice, making no
 * code twice and charging once. Runs in the PGlite pass (one process on its data directory at a time).
 */

/** The first server dies right after the provider accepted this many messages. */
const KILLED_AT_MESSAGE = 27;
const CODES = 20_000;
const KILLED_AT_CODES = 1_000;

let root = '';

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('background work after kill -9 (embedded database)', () => {
  let dataDir = '';
  let customerIds: number[] = [];
  let xid = '';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ra-crash-'));
    dataDir = join(root, 'data');
    // The run's migrated, seeded database (test/global-setup.ts), or a fresh one.
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
    ({ customerIds, xid } = await prepareCampaignData(handle.db));
    await handle.close();
  }, 180_000);

  it('resumes the SMS send and the code batch on the next server within 30 s: nobody texted twice, no code made twice, one charge', async () => {
    const holdA = join(root, 'hold-a');
    const holdB = join(root, 'hold-b');
    mkdirSync(holdA);
    mkdirSync(holdB);
    writeFileSync(join(holdA, 'sms-sent.hold'), String(KILLED_AT_MESSAGE));
    writeFileSync(join(holdA, 'codes-made.hold'), String(KILLED_AT_CODES));
    const a = await startServer({ DATA_DIR: dataDir, HOLD_POINTS_DIR: holdA });

    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const agent = await tokenAt(a, DEMO_EMAILS.agent);
    const admin = await tokenAt(a, DEMO_EMAILS.admin);
    expect((await call(a, admin, 'POST', '/api/account/swtichRestByXid', { xid })).status).toBe(200);

    const submit = await call(a, owner, 'POST', '/api/api/customers/campaigns', {
      bodyEn: 'Harbor Bistro: 20% off this week!',
      bodyZh: '海港小馆：本周八折！',
      audience: { ids: customerIds },
    });
    expect(submit.status, submit.body).toBe(200);
    const campaignId = Number(submit.json().id);
    const review = await call(a, agent, 'POST', `/api/api/customers/reviews/${campaignId}`, { decision: 'approved' });
    expect(review.status, review.body).toBe(200);
    const send = await call(a, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`);
    expect(send.status, send.body).toBe(200);

    const coupon = await call(a, owner, 'POST', '/api/api/coupon', {
      name: 'VIP',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
    });
    expect(coupon.status, coupon.body).toBe(200);
    const generate = await call(a, admin, 'POST', '/api/api/coupon/codes/generate', {
      couponId: Number(coupon.json().id),
      count: CODES,
      length: 8,
    });
    expect(generate.status, generate.body).toBe(200);
    const batchId = Number(generate.json().id);

    // Both jobs are held mid-way: the 27th message accepted by the provider (its answer not yet
    // recorded), the first 1,000 codes made. Then the server is killed.
    expect(await waitFor('the send to be held', heldAt(holdA, 'sms-sent'))).toBe(KILLED_AT_MESSAGE);
    expect(await waitFor('the codes to be held', heldAt(holdA, 'codes-made'))).toBe(KILLED_AT_CODES);
    const beforeKill = (await call(a, owner, 'GET', '/api/api/customers/campaigns')).json().rows as Array<{
      id: number;
      sendState: string;
      progress: { sent: number; queued: number };
    }>;
    expect(beforeKill.find((c) => c.id === campaignId)).toMatchObject({
      sendState: 'sending',
      progress: { sent: KILLED_AT_MESSAGE - 1, queued: RECIPIENTS - KILLED_AT_MESSAGE + 1 },
    });
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();

    // The next server holds again right after the first message it sends, so the test can look at
    // the campaign mid-way and press Send Now again; then lets it run to the end.
    writeFileSync(join(holdB, 'sms-sent.hold'), String(KILLED_AT_MESSAGE + 1));
    const restartedAt = performance.now();
    const b = await startServer({ DATA_DIR: dataDir, HOLD_POINTS_DIR: holdB });
    const readyAfter = (performance.now() - restartedAt) / 1000;
    expect(await waitFor('the send to resume', heldAt(holdB, 'sms-sent'), 30_000)).toBe(KILLED_AT_MESSAGE + 1);
    expect(await waitFor('the codes to resume', madeSince(b, admin, KILLED_AT_CODES), 30_000)).toBe(true);
    const resumedAfter = (performance.now() - restartedAt) / 1000;
    console.log(
      `crash-resume: the restarted server was ready ${readyAfter.toFixed(1)} s after its start and sent again ${resumedAfter.toFixed(1)} s after its start (${(resumedAfter - readyAfter).toFixed(1)} s after ready)`,
    );
    // The restart is the new server being up: starting a server from source on a busy machine takes
    // its own (unrelated) time. The dead server's jobs are taken back as the queue starts, before it listens.
    expect(resumedAfter - readyAfter).toBeLessThan(30);

    // Send Now on the campaign cut off part-way: resumes (200, not 409), charges nothing more.
    const again = await call(b, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`);
    expect(again.status, again.body).toBe(200);
    unlinkSync(join(holdB, 'sms-sent.hold'));

    const done = await waitFor('the campaign and the batch to finish', async () => {
      const campaigns = (await call(b, owner, 'GET', '/api/api/customers/campaigns')).json().rows as Array<{
        id: number;
        sendState: string;
      }>;
      const batch = (await call(b, admin, 'GET', `/api/api/coupon/codes/batches/${batchId}`)).json();
      const campaign = campaigns.find((c) => c.id === campaignId);
      return campaign?.sendState === 'done' && batch.status === 'done' ? { campaign, batch } : undefined;
    });
    expect(done.batch).toMatchObject({ generated: CODES, requested: CODES });
    const codesResumedAfter = (performance.now() - restartedAt) / 1000;
    console.log(`crash-resume: both jobs finished ${codesResumedAfter.toFixed(1)} s after the restart`);

    b.child.kill('SIGTERM');
    expect(await b.exited, b.output().slice(-2000)).toBe(0);

    // What the provider, the processor and the database say, read once no server has it open.
    const handle = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    try {
      const outbox = await rows(
        handle.db,
        sql`select "to", count(*)::int as n from local_sms_messages where reference like ${`c${campaignId}:%`} group by "to"`,
      );
      expect(outbox).toHaveLength(RECIPIENTS);
      expect(outbox.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const recipients = await rows(
        handle.db,
        sql`select status, count(*)::int as n from sms_recipients where campaign_id = ${campaignId} group by status`,
      );
      expect(recipients).toEqual([{ status: 'sent', n: RECIPIENTS }]);
      const charges = await rows(
        handle.db,
        sql`select count(*)::int as n from local_payment_charges where reference = ${`sms-campaign-${campaignId}`}`,
      );
      expect(charges[0]!.n).toBe(1);
      const codes = await rows(
        handle.db,
        sql`select count(*)::int as n, count(distinct code)::int as d from coupon_codes where batch_id = ${batchId}`,
      );
      expect(codes[0]).toEqual({ n: CODES, d: CODES });
    } finally {
      await handle.close();
    }
  }, 420_000);
});
