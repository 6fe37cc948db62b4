import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { ManualClock, runningClockFrom } from '../clock.ts';
import { createJobQueue, type PgBossJobQueue } from './job-queue.ts';

// One test context for the file (PGlite, or a database of its own on TEST_DATABASE_URL): the queues
// below run on its database beside the app's own queue.
const START = '2026-03-14T19:30:00-04:00';
const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
let db: Database;
const queues: PgBossJobQueue[] = [];

function queue(
  clock: ManualClock | ReturnType<typeof runningClockFrom>,
  pollIntervalMs: number | null = null,
  // An hour: the heartbeat timer (every third of it) never fires during a test; tests renew by hand.
  leaseSeconds = 3600,
) {
  const q = createJobQueue({ db, clock, pollIntervalMs, leaseSeconds });
  queues.push(q);
  return q;
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
});

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  // the queue's schema goes with the file's database
  await ctx?.close();
});

describe('job queue', () => {
  it('runs a queued job with its data in drain(), once', async () => {
    const q = queue(new ManualClock(START));
    const seen: { id: string; data: { orderId: number; note: string } }[] = [];
    await q.work<{ orderId: number; note: string }>('test.now', async (job) => {
      seen.push({ id: job.id, data: job.data });
    });
    const id = await q.send('test.now', { orderId: 7, note: '你好' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual([]);
    await q.drain();
    expect(seen).toEqual([{ id, data: { orderId: 7, note: '你好' } }]);
    await q.drain();
    expect(seen).toHaveLength(1);
  });

  it('runs a job with startAfter only once the app clock reaches it, whatever the database clock says', async () => {
    const clock = new ManualClock(START);
    const q = queue(clock);
    const ran: string[] = [];
    await q.work<{ n: string }>('test.later', async (job) => {
      ran.push(job.data.n);
    });
    await q.send('test.later', { n: 'in-1h' }, { startAfter: new Date(clock.now().getTime() + HOUR) });
    await q.send('test.later', { n: 'in-2h' }, { startAfter: new Date(clock.now().getTime() + 2 * HOUR) });
    // A startAfter in the app clock's past is due at once (the database's now() is months later).
    await q.send('test.later', { n: 'past' }, { startAfter: new Date(clock.now().getTime() - HOUR) });
    await q.drain();
    expect(ran).toEqual(['past']);
    clock.advance(HOUR - 1000);
    await q.drain();
    expect(ran).toEqual(['past']);
    clock.advance(1000);
    await q.drain();
    expect(ran).toEqual(['past', 'in-1h']);
    clock.advance(HOUR);
    await q.drain();
    expect(ran).toEqual(['past', 'in-1h', 'in-2h']);
  });

  it('keeps one waiting job per singletonKey and cancels a waiting job', async () => {
    const clock = new ManualClock(START);
    const q = queue(clock);
    const ran: string[] = [];
    await q.work<{ v: string }>('test.single', async (job) => {
      ran.push(job.data.v);
    });
    const later = new Date(clock.now().getTime() + HOUR);
    const first = await q.send('test.single', { v: 'first' }, { startAfter: later, singletonKey: 'order-1' });
    const second = await q.send('test.single', { v: 'second' }, { startAfter: later, singletonKey: 'order-1' });
    const other = await q.send('test.single', { v: 'other' }, { startAfter: later, singletonKey: 'order-2' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(other).not.toBeNull();
    await q.cancel('test.single', other!);
    clock.advance(HOUR);
    await q.drain();
    expect(ran).toEqual(['first']);
    // Once the first has run, the key is free again.
    expect(await q.send('test.single', { v: 'again' }, { singletonKey: 'order-1' })).not.toBeNull();
    await q.drain();
    expect(ran).toEqual(['first', 'again']);
  });

  it('retries a failing handler up to retryLimit, then leaves the job failed', async () => {
    const q = queue(new ManualClock(START));
    let attempts = 0;
    await q.work('test.fails', async () => {
      attempts += 1;
      throw new Error('mail server down');
    });
    await q.send('test.fails', {}, { retryLimit: 1 });
    await q.drain();
    expect(attempts).toBe(2);
    await q.drain();
    expect(attempts).toBe(2);
  });

  it('keeps jobs across a restart: a new queue on the same database runs a job sent before, once', async () => {
    const clock = new ManualClock(START);
    const before = queue(clock);
    await before.send('test.restart', { what: 'reminder' }, { startAfter: new Date(clock.now().getTime() + HOUR) });
    await before.stop();

    const after = queue(clock);
    const ran: unknown[] = [];
    await after.work('test.restart', async (job) => {
      ran.push(job.data);
    });
    await after.drain();
    expect(ran).toEqual([]);
    clock.advance(HOUR);
    await after.drain();
    await after.drain();
    expect(ran).toEqual([{ what: 'reminder' }]);
  });

  it('runs due jobs by itself when polling (a server on a running clock)', async () => {
    const q = queue(runningClockFrom(new Date(START)), 100);
    const ran: number[] = [];
    await q.work<{ n: number }>('test.poll', async (job) => {
      ran.push(job.data.n);
    });
    q.start();
    await q.send('test.poll', { n: 1 });
    await q.send('test.poll', { n: 2 }, { startAfter: new Date(Date.now() + 365 * 24 * HOUR) });
    await expect.poll(() => ran, { timeout: 20_000, interval: 50 }).toEqual([1]);
  });

  it('refuses a bad queue name and a second worker for one queue', async () => {
    const q = queue(new ManualClock(START));
    await expect(q.send('bad name; drop', {})).rejects.toThrow(/bad queue name/);
    await q.work('test.once', async () => undefined);
    await expect(q.work('test.once', async () => undefined)).rejects.toThrow(/already has a worker/);
  });
});

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function rows(text: string): Promise<Array<Record<string, unknown>>> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

/** The queue's schema (job-queue.ts bossSchemaFor): `pgboss`, or `<test schema>_pgboss` on PostgreSQL. */
async function bossSchema(): Promise<string> {
  const [row] = await rows('select current_schema() as schema');
  const app = String(row!.schema);
  return app === 'public' ? 'pgboss' : `${app}_pgboss`;
}

/**
 * What a server that died while running `jobId` leaves behind once its lease time has passed: the job
 * still active, last renewed long ago, and a lease that ran out. (The database's time cannot be moved,
 * so the rows are moved back instead.)
 */
async function leaseRunsOut(jobId: string): Promise<void> {
  const schema = await bossSchema();
  await rows(`update ${schema}.job set started_on = now() - interval '1 hour' where id = '${jobId}'`);
  await rows(`update ${schema}.ra_job_lease set expires_at = now() - interval '1 second' where job_id = '${jobId}'`);
}

async function jobRow(jobId: string) {
  const [row] = await rows(
    `select state, retry_count, started_on is null as never_started from ${await bossSchema()}.job where id = '${jobId}'`,
  );
  return row as { state: string; retry_count: number; never_started: boolean };
}

describe('job leases: a crashed server’s job resumes, a live one is never taken', () => {
  it('takes back a job whose server stopped renewing its lease, runs it once elsewhere, and tells the old run', async () => {
    const clock = new ManualClock(START);
    const dead = queue(clock);
    const started = deferred();
    let deadSignal: AbortSignal | undefined;
    const never = new Promise<void>(() => undefined);
    await dead.work<{ n: number }>('test.lease', async (job) => {
      deadSignal = job.signal;
      started.resolve();
      await never; // the "server" hangs here: killed mid-job
    });
    const id = (await dead.send('test.lease', { n: 1 }, { singletonKey: 'campaign-1' }))!;
    void dead.drain();
    await started.promise;

    const other = queue(clock);
    const ran: number[] = [];
    await other.work<{ n: number }>('test.lease', async (job) => {
      ran.push(job.data.n);
    });
    // While the lease is live, nothing is taken.
    await other.drain();
    expect(ran).toEqual([]);
    expect((await jobRow(id)).state).toBe('active');

    await leaseRunsOut(id);
    await other.drain();
    expect(ran).toEqual([1]);
    expect(await jobRow(id)).toMatchObject({ state: 'completed', retry_count: 1 });
    // The old run, should it wake, learns at its next renewal that the job is no longer its own.
    await dead.heartbeat();
    expect(deadSignal?.aborted).toBe(true);
  });

  it('never takes a job from a live server, however long it runs: the heartbeat renews the lease', async () => {
    const clock = new ManualClock(START);
    const live = queue(clock);
    const started = deferred();
    const finish = deferred();
    let liveSignal: AbortSignal | undefined;
    await live.work('test.long', async (job) => {
      liveSignal = job.signal;
      started.resolve();
      await finish.promise;
    });
    const id = (await live.send('test.long', {}))!;
    const liveDrain = live.drain();
    await started.promise;

    await leaseRunsOut(id);
    await live.heartbeat(); // the live server renews before anyone looks
    const other = queue(clock);
    let stolen = 0;
    await other.work('test.long', async () => {
      stolen += 1;
    });
    expect(await other.recoverAbandoned()).toBe(0);
    await other.drain();
    expect(stolen).toBe(0);
    expect(liveSignal?.aborted).toBe(false);
    finish.resolve();
    await liveDrain;
    expect((await jobRow(id)).state).toBe('completed');
  });

  it('runs one job per singletonKey at a time: a second job of the key waits for the first to end, then runs', async () => {
    const clock = new ManualClock(START);
    const q = queue(clock);
    const started = deferred();
    const finish = deferred();
    const order: string[] = [];
    await q.work<{ v: string }>('test.exclusive', async (job) => {
      order.push(`start ${job.data.v}`);
      if (job.data.v === 'first') {
        started.resolve();
        await finish.promise;
      }
      order.push(`end ${job.data.v}`);
    });
    await q.send('test.exclusive', { v: 'first' }, { singletonKey: 'campaign-7' });
    const firstDrain = q.drain();
    await started.promise;
    // Send Now pressed again while the first still runs: a second job of the same key is queued...
    const second = (await q.send('test.exclusive', { v: 'second' }, { singletonKey: 'campaign-7' }))!;
    expect(second).not.toBeNull();
    // ...and another server (or this one) fetching it finds the key held: it waits, not counted as an attempt.
    const other = queue(clock);
    await other.work<{ v: string }>('test.exclusive', async (job) => {
      order.push(`other ${job.data.v}`);
    });
    await other.drain();
    expect(order).toEqual(['start first']);
    expect(await jobRow(second)).toMatchObject({ state: 'retry', retry_count: 0, never_started: true });
    finish.resolve();
    await firstDrain;
    expect(order).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('stopping a server aborts its running job and puts it back, due at once and not counted as an attempt', async () => {
    const clock = new ManualClock(START);
    const stopping = queue(clock);
    const started = deferred();
    await stopping.work('test.stop', async (job) => {
      started.resolve();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      job.signal.throwIfAborted();
    });
    const id = (await stopping.send('test.stop', {}, { retryLimit: 0 }))!;
    const drained = stopping.drain();
    await started.promise;
    await stopping.stop();
    await drained;
    expect(await jobRow(id)).toMatchObject({ state: 'retry', retry_count: 0, never_started: true });
    const next = queue(clock);
    let ran = 0;
    await next.work('test.stop', async () => {
      ran += 1;
    });
    await next.drain();
    expect(ran).toBe(1);
    expect((await jobRow(id)).state).toBe('completed');
  });

  it('a job that kills its server every time ends failed after its attempts, not in a loop', async () => {
    const clock = new ManualClock(START);
    const first = queue(clock);
    const never = new Promise<void>(() => undefined);
    let runs = 0;
    const started = deferred();
    await first.work('test.poison', async () => {
      runs += 1;
      started.resolve();
      await never;
    });
    const id = (await first.send('test.poison', {}, { retryLimit: 1 }))!;
    void first.drain();
    await started.promise;
    for (let attempt = 0; attempt < 2; attempt++) {
      await leaseRunsOut(id);
      const again = queue(clock);
      const up = deferred();
      await again.work('test.poison', async () => {
        runs += 1;
        up.resolve();
        await never;
      });
      void again.drain();
      if (attempt === 0) await up.promise;
      else await again.recoverAbandoned();
    }
    expect(runs).toBe(2);
    expect((await jobRow(id)).state).toBe('failed');
  });

  it('a server starting up takes back at once what a dead one left running on PGlite (one process), never a live lease on PostgreSQL', async () => {
    const clock = new ManualClock(START);
    const dead = queue(clock);
    const started = deferred();
    await dead.work('test.startup', async () => {
      started.resolve();
      await new Promise<void>(() => undefined);
    });
    const id = (await dead.send('test.startup', {}))!;
    void dead.drain();
    await started.promise;

    const restarted = queue(runningClockFrom(new Date(START)), 100);
    let ran = 0;
    await restarted.work('test.startup', async () => {
      ran += 1;
    });
    await restarted.start();
    if (process.env.TEST_DATABASE_URL) {
      // Several servers share PostgreSQL: a start-up is no sign that the holder is gone.
      await new Promise((r) => setTimeout(r, 500));
      expect(ran).toBe(0);
      expect((await jobRow(id)).state).toBe('active');
    } else {
      await expect.poll(() => ran, { timeout: 20_000, interval: 50 }).toBe(1);
    }
    await restarted.stop();
  });
});

describe('servers whose clocks differ', () => {
  // Three servers on a pinned clock each start it as their process starts, and system clocks drift:
  // the database makes a job due when the SENDER's clock reaches its time, and a handler that checks
  // "is it time" on a server whose clock is behind found nothing to do, and the job ended completed
  // with its work never done (a scheduled price change left pending for good).
  it('a server whose clock is behind the sender’s runs the job only once its own clock reaches the due time', async () => {
    // 50 s: under the longest wait (60 s), and far longer than this test takes to look.
    const senderClock = new ManualClock(START);
    senderClock.advance(50_000);
    const sender = queue(senderClock);
    const workerClock = new ManualClock(START);
    const worker = queue(workerClock);
    const ranAt: string[] = [];
    await worker.work<{ n: number }>('test.skew', async () => {
      ranAt.push(workerClock.now().toISOString());
    });
    // Due now by the sender's clock: the database has it due at once.
    const id = (await sender.send('test.skew', { n: 1 }, { startAfter: senderClock.now() }))!;
    const draining = worker.drain();
    // The worker took it, and holds it: its clock is 50 s short of the due time.
    await expect.poll(async () => (await jobRow(id)).state, { timeout: 20_000, interval: 50 }).toBe('active');
    await new Promise((r) => setTimeout(r, 600));
    expect(ranAt).toEqual([]);
    workerClock.advance(50_000);
    await draining;
    expect(ranAt).toEqual([senderClock.now().toISOString()]);
    expect(await jobRow(id)).toMatchObject({ state: 'completed', retry_count: 0 });
  });

  it('a clock minutes behind is not waited for: the job runs at once', async () => {
    const senderClock = new ManualClock(START);
    senderClock.advance(HOUR);
    const sender = queue(senderClock);
    const worker = queue(new ManualClock(START));
    let ran = 0;
    await worker.work('test.skew-far', async () => {
      ran += 1;
    });
    const id = (await sender.send('test.skew-far', {}, { startAfter: senderClock.now() }))!;
    await worker.drain();
    expect(ran).toBe(1);
    expect((await jobRow(id)).state).toBe('completed');
  });
});

describe('job queue in the app', () => {
  it('is app.jobs; a job sent before a restart runs once on the new app after the clock moves', async () => {
    const clock = ctx.config.clock as ManualClock;
    const started = performance.now();
    await ctx.app.jobs.send('test.app', { n: 1 }, { startAfter: new Date(clock.now().getTime() + HOUR) });
    // The queue tables are already installed by the tests above: starting the app's queue only checks them.
    console.log(`job queue first send by the app: ${Math.round(performance.now() - started)} ms`);
    await ctx.app.close();

    const another = await ctx.buildAnother();
    const ran: unknown[] = [];
    await another.jobs.work('test.app', async (job) => {
      ran.push(job.data);
    });
    await another.jobs.drain();
    expect(ran).toEqual([]);
    clock.advance(HOUR);
    await another.jobs.drain();
    await another.jobs.drain();
    expect(ran).toEqual([{ n: 1 }]);
  });
});
