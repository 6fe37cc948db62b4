import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import {
  RECIPIENTS,
  call,
  children,
  heldAt,
  prepareCampaignData,
  rows,
  sendCampaign,
  startServer,
  tokenAt,
  waitFor,
} from './server-process.ts';
import { createScratchDatabase, type TScratchDatabase } from './scratch-database.ts';
import { TEST_NOW } from './test-now.ts';

/**
 * Several API servers on one PostgreSQL: a server starting up never takes a job another live server
 * is running (however long it runs), and when that server is killed (-9) another takes the job over
 * once its lease runs out, texting nobody twice. Needs TEST_DATABASE_URL (a database of its own).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
/** A short lease for the test (JOB_LEASE_SECONDS); the default is 15 s. */
const LEASE_SECONDS = 5;
const KILLED_AT_MESSAGE = 27;

describe.skipIf(!serverUrl)('background work across servers on PostgreSQL', () => {
  let scratch: TScratchDatabase | undefined;
  let databaseUrl = '';
  let root = '';
  let customerIds: number[] = [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ra-crash-pg-'));
    scratch = await createScratchDatabase(serverUrl!, 'test_jobs');
    databaseUrl = scratch.url;
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seedDemoData(handle.db, { now: new Date(TEST_NOW) });
    ({ customerIds } = await prepareCampaignData(handle.db));
    await handle.close();
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    if (root) rmSync(root, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('a second server leaves the first one’s running send alone, and takes it over within the lease once the first is killed', async () => {
    const holdA = join(root, 'hold-a');
    const holdB = join(root, 'hold-b');
    mkdirSync(holdA);
    mkdirSync(holdB);
    writeFileSync(join(holdA, 'sms-sent.hold'), String(KILLED_AT_MESSAGE));
    const env = (hold: string) => ({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'crash-resume-test-secret-0123456789abcdef',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      HOLD_POINTS_DIR: hold,
      DATA_DIR: join(root, 'data'),
    });
    const a = await startServer(env(holdA));
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const agent = await tokenAt(a, DEMO_EMAILS.agent);
    const campaignId = await sendCampaign(a, { owner, agent }, customerIds);
    expect(await waitFor('the send to be held', heldAt(holdA, 'sms-sent'))).toBe(KILLED_AT_MESSAGE);

    // B starts while A is alive but held: three lease times later A still has the job (its heartbeat
    // renews the lease), B sent nothing, and Send Now pressed on B does not start a second send.
    const b = await startServer(env(holdB));
    const again = await call(b, owner, 'POST', `/api/api/customers/campaigns/${campaignId}/send`);
    expect(again.status, again.body).toBe(200);
    await new Promise((r) => setTimeout(r, 3 * LEASE_SECONDS * 1000));
    const check = await openDatabase({ databaseUrl });
    const count = async () =>
      Number((await rows(check.db, sql`select count(*)::int as n from local_sms_messages`))[0]!.n);
    try {
      expect(await count()).toBe(KILLED_AT_MESSAGE);

      a.child.kill('SIGKILL');
      expect(await a.exited).toBeNull();
      const killedAt = performance.now();
      await waitFor(
        'B to resume the send',
        async () => ((await count()) > KILLED_AT_MESSAGE ? true : undefined),
        30_000,
      );
      const resumedAfter = (performance.now() - killedAt) / 1000;
      console.log(
        `crash-resume (PostgreSQL, lease ${LEASE_SECONDS} s): B sent again ${resumedAfter.toFixed(1)} s after A was killed`,
      );
      expect(resumedAfter).toBeLessThan(30);

      await waitFor('the campaign to finish', async () => {
        const campaigns = (await call(b, owner, 'GET', '/api/api/customers/campaigns')).json().rows as Array<{
          id: number;
          sendState: string;
        }>;
        return campaigns.find((c) => c.id === campaignId)?.sendState === 'done' ? true : undefined;
      });
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
    } finally {
      await check.close();
    }
    b.child.kill('SIGTERM');
    expect(await b.exited, b.output().slice(-3000)).toBe(0);
  }, 420_000);
});
