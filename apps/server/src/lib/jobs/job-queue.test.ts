import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { ManualClock, runningClockFrom } from '../clock.ts';
import { createJobQueue, type PgBossJobQueue } from './job-queue.ts';

// One test context for the file (PGlite, or a schema of its own on TEST_DATABASE_URL): the queues
// below run on its database beside the app's own queue.
const START = '2026-03-14T19:30:00-04:00';
const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
let db: Database;
const queues: PgBossJobQueue[] = [];

function queue(clock: ManualClock | ReturnType<typeof runningClockFrom>, pollIntervalMs: number | null = null) {
  const q = createJobQueue({ db, clock, pollIntervalMs });
  queues.push(q);
  return q;
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
});

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  if (process.env.TEST_DATABASE_URL) {
    const result = (await db.execute(sql`select current_schema() as schema`)) as unknown as {
      rows: Array<{ schema: string }>;
    };
    const [row] = result.rows;
    await ctx.close();
    // the queue's schema beside the file's (the next start would remove it too)
    const { openDatabase } = await import('../../db/client.ts');
    const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, maxConnections: 1 });
    await admin.db.execute(sql.raw(`drop schema if exists ${row!.schema}_pgboss cascade`));
    await admin.close();
  } else {
    await ctx?.close();
  }
});

describe('job queue', () => {
  it('runs a queued job with its data in drain(), once', async () => {
    const q = queue(new ManualClock(START));
    const seen: { id: string; data: { orderId: number; note: string } }[] = [];
    await q.work<{ orderId: number; note: string }>('test.now', async (job) => {
      seen.push(job);
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
