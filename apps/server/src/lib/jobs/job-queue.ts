/**
 * Background jobs: a durable queue in the app's own database (pg-boss, on PostgreSQL and on PGlite).
 *
 * Modules get it as `deps.jobs` and register their workers when the module is built:
 *
 *   await deps.jobs.work<{ orderId: number }>('orders.remind', async (job) => { ... });
 *   await deps.jobs.send('orders.remind', { orderId }, { startAfter: inOneHour, singletonKey: `order-${orderId}` });
 *
 * Rules for callers:
 * - Handlers must be idempotent. A job runs at least once: a crash or shutdown between the handler's
 *   work and the queue recording it as completed runs it again, and a handler that throws is retried
 *   (`retryLimit`, default 2, i.e. up to 3 runs). Check state before acting (e.g. "not sent yet").
 * - Job data is JSON: plain objects of strings, numbers, booleans; Dates arrive as ISO strings.
 * - `startAfter` is in the APP clock (deps.clock). The due time is kept with the job, so a test that
 *   moves its ManualClock and calls `drain()` runs exactly the jobs due by then, and a production server
 *   (system clock, or CLOCK_NOW's running clock) runs them on time by polling.
 * - `singletonKey`: at most one job waiting to start per key in a queue; a second `send` with the same
 *   key while one waits answers null (nothing queued). Without a key every send queues a job.
 * - Send AFTER your transaction commits, never from inside `db.transaction(...)`: the queue writes on
 *   its own connection, and on PGlite (one connection) it would wait for your transaction forever.
 * - Jobs survive restarts (they are rows); a job whose queue has no worker in this app waits.
 *
 * When the clock is a ManualClock (server tests) nothing runs in the background: jobs run only in
 * `drain()`, so tests are deterministic. Tests reach the queue as `app.jobs`.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { sqlExecutorFor, type SqlExecutor } from './sql-executor.ts';

export interface JobQueue {
  /** Registers this app's handler for a queue (one per queue). */
  work<T extends object>(name: string, handler: (job: { id: string; data: T }) => Promise<void>): Promise<void>;
  /** Queues a job; answers its id, or null when `singletonKey` matched a job still waiting. */
  send<T extends object>(
    name: string,
    data: T,
    options?: { startAfter?: Date /* app clock */; singletonKey?: string; retryLimit?: number },
  ): Promise<string | null>;
  /** Cancels a job that has not run yet (no effect on one that ran or is running). */
  cancel(name: string, id: string): Promise<void>;
  /** Runs every job due by the app clock and resolves when they finished (tests; after a clock change). */
  drain(): Promise<void>;
}

type THandler = (job: { id: string; data: object }) => Promise<void>;

interface TLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface JobQueueOptions {
  db: Database;
  clock: Clock;
  log?: TLog;
  /**
   * How often the background poller looks for due jobs; null runs jobs only in `drain()` (tests with a
   * ManualClock).
   */
  pollIntervalMs: number | null;
}

/** What pg-boss stores as a job's data: the caller's data and its due time in the app clock. */
interface TEnvelope {
  payload: object;
  dueAt: string;
}

const QUEUE_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/i;
const DEFAULT_RETRY_LIMIT = 2;
/** Seconds before the first retry; doubled (with jitter) for each further one. */
const RETRY_DELAY_SECONDS = 30;
/** Jobs fetched per queue per round. */
const BATCH_SIZE = 10;
/** How long stopping waits for running jobs. */
const STOP_WAIT_MS = 5_000;
/** drain() gives up (and says so) after this many rounds: a handler that re-queues itself forever. */
const MAX_DRAIN_ROUNDS = 200;

const silentLog: TLog = { error: () => undefined, warn: () => undefined };

function unwrap(data: unknown): object {
  if (data && typeof data === 'object' && 'payload' in data && 'dueAt' in data) return (data as TEnvelope).payload;
  return (data ?? {}) as object;
}

/**
 * The pg-boss schema: `pgboss` beside the app's `public` tables; `<schema>_pgboss` when the app runs
 * in a schema of its own (each server test file on a shared PostgreSQL), so files never share jobs.
 */
function bossSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_pgboss`;
}

/**
 * Test files on a shared PostgreSQL drop their `test_<hex>` schema when done, but not the queue's
 * `test_<hex>_pgboss` beside it; the next start removes those whose test schema is gone.
 */
async function dropOrphanTestSchemas(executor: SqlExecutor): Promise<void> {
  const { rows } = await executor.executeSql(
    `select n.nspname as name from pg_namespace n
      where n.nspname ~ '^test_[0-9a-f]+_pgboss$'
        and not exists (select 1 from pg_namespace b where b.nspname = substring(n.nspname from '^(test_[0-9a-f]+)_pgboss$'))`,
  );
  for (const row of rows) {
    await executor.executeSql(`drop schema if exists ${String(row.name)} cascade`).catch(() => undefined);
  }
}

export class PgBossJobQueue implements JobQueue {
  private readonly handlers = new Map<string, THandler>();
  private readonly createdQueues = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  private starting: Promise<{ boss: PgBoss; executor: SqlExecutor; schema: string }> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private polling = false;
  private stopped = false;
  private readonly log: TLog;

  constructor(private readonly options: JobQueueOptions) {
    this.log = options.log ?? silentLog;
  }

  /** Installs pg-boss's tables on first use, so an app that never queues a job pays nothing. */
  private started(): Promise<{ boss: PgBoss; executor: SqlExecutor; schema: string }> {
    if (this.stopped) return Promise.reject(new Error('job queue is stopped'));
    this.starting ??= (async () => {
      const executor = sqlExecutorFor(this.options.db);
      try {
        const { rows } = await executor.executeSql('select current_schema() as schema');
        const appSchema = String(rows[0]?.schema ?? 'public');
        if (executor.kind === 'postgres' && /^test_[0-9a-f]+$/.test(appSchema)) await dropOrphanTestSchemas(executor);
        const schema = bossSchemaFor(appSchema);
        const background = this.options.pollIntervalMs !== null;
        const boss = new PgBoss({
          db: executor as unknown as PgBoss.Db,
          schema,
          migrate: true,
          // Expiry of stuck jobs and archiving run on the database's time, only where jobs run unattended.
          supervise: background,
          schedule: false,
          maintenanceIntervalSeconds: 300,
          archiveCompletedAfterSeconds: 24 * 60 * 60,
          deleteAfterDays: 7,
        });
        boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
        await boss.start();
        return { boss, executor, schema };
      } catch (error) {
        await executor.close().catch(() => undefined);
        throw error;
      }
    })();
    return this.starting;
  }

  private ensureQueue(boss: PgBoss, name: string): Promise<void> {
    let created = this.createdQueues.get(name);
    if (!created) {
      // "short": at most one WAITING job per singleton key (jobs sent without a key get a unique one).
      created = boss.createQueue(name, { name, policy: 'short' });
      created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  async work<T extends object>(name: string, handler: (job: { id: string; data: T }) => Promise<void>): Promise<void> {
    if (!QUEUE_NAME.test(name)) throw new Error(`job queue: bad queue name '${name}'`);
    if (this.handlers.has(name)) throw new Error(`job queue: '${name}' already has a worker`);
    this.handlers.set(name, handler as THandler);
    if (this.polling) this.kick();
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: { startAfter?: Date; singletonKey?: string; retryLimit?: number } = {},
  ): Promise<string | null> {
    if (!QUEUE_NAME.test(name)) throw new Error(`job queue: bad queue name '${name}'`);
    const { boss } = await this.started();
    await this.ensureQueue(boss, name);
    const now = this.options.clock.now();
    const due = options.startAfter ?? now;
    if (Number.isNaN(due.getTime())) throw new Error('job queue: startAfter is not a valid date');
    const delaySeconds = Math.max(0, (due.getTime() - now.getTime()) / 1000);
    const envelope: TEnvelope = { payload: data, dueAt: due.toISOString() };
    const id = await boss.send(name, envelope, {
      // pg-boss reads a number as seconds from the DATABASE's now(): the app clock's delay, translated.
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      singletonKey: options.singletonKey ?? randomUUID(),
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
    });
    if (id && delaySeconds === 0 && this.polling) this.kick();
    return id;
  }

  async cancel(name: string, id: string): Promise<void> {
    const { boss } = await this.started();
    await this.ensureQueue(boss, name);
    await boss.cancel(name, id);
  }

  /** Runs one fetched job through its handler and records the outcome. */
  private async run(boss: PgBoss, name: string, job: { id: string; data: unknown }): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) return;
    try {
      await handler({ id: job.id, data: unwrap(job.data) });
      await boss.complete(name, job.id);
    } catch (error) {
      this.log.warn({ err: error, queue: name, jobId: job.id }, 'job failed');
      const message = error instanceof Error ? error.message : String(error);
      await boss.fail(name, job.id, { message }).catch((e: unknown) => this.log.error({ err: e }, 'job queue: fail'));
    }
  }

  private track(promise: Promise<void>): Promise<void> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
    return promise;
  }

  /** Makes the jobs due by the app clock due in the database too (a moved ManualClock, a pinned clock). */
  private async bringForward(executor: SqlExecutor, schema: string, name: string): Promise<void> {
    await executor.executeSql(
      `update ${schema}.job set start_after = now() - interval '1 second'
        where name = $1 and state < 'active' and start_after >= now() - interval '1 second'
          and (data->>'dueAt')::timestamptz <= $2::timestamptz`,
      [name, this.options.clock.now().toISOString()],
    );
  }

  async drain(): Promise<void> {
    const { boss, executor, schema } = await this.started();
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      let ran = 0;
      for (const name of this.handlers.keys()) {
        await this.ensureQueue(boss, name);
        await this.bringForward(executor, schema, name);
        const jobs = await boss.fetch<unknown>(name, { batchSize: BATCH_SIZE });
        for (const job of jobs) await this.track(this.run(boss, name, job));
        ran += jobs.length;
      }
      const background = [...this.inFlight];
      await Promise.allSettled(background);
      if (ran === 0 && background.length === 0) return;
    }
    throw new Error(
      `job queue: drain still found due jobs after ${MAX_DRAIN_ROUNDS} rounds (a job re-queueing itself?)`,
    );
  }

  /** Starts background polling (when configured). */
  /**
   * Installs the queue's tables, then polls. The server awaits it before it listens, so it never
   * answers ready (or is asked to stop) while the tables are half installed.
   */
  async start(): Promise<void> {
    if (this.options.pollIntervalMs === null || this.polling || this.stopped) return;
    await this.started();
    if (this.stopped) return;
    this.polling = true;
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (!this.polling || this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
    this.timer.unref();
  }

  private kick(): void {
    if (this.ticking) this.tickAgain = true;
    else this.schedule(0);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped || this.handlers.size === 0) {
      if (!this.ticking) this.schedule(this.options.pollIntervalMs ?? 2000);
      return;
    }
    this.ticking = (async () => {
      try {
        const { boss } = await this.started();
        for (const name of this.handlers.keys()) {
          if (this.stopped) return;
          await this.ensureQueue(boss, name);
          for (;;) {
            if (this.stopped) return;
            const jobs = await boss.fetch<unknown>(name, { batchSize: BATCH_SIZE });
            if (jobs.length === 0) break;
            await Promise.allSettled(jobs.map((job) => this.track(this.run(boss, name, job))));
          }
        }
      } catch (error) {
        if (!this.stopped) this.log.error({ err: error }, 'job queue: polling failed');
      }
    })();
    await this.ticking;
    this.ticking = null;
    const again = this.tickAgain;
    this.tickAgain = false;
    this.schedule(again ? 0 : (this.options.pollIntervalMs ?? 2000));
  }

  /**
   * Stops polling, lets running jobs finish (up to 5 s: jobs are idempotent and a cut one runs again
   * after the restart), then closes the queue's connections. A queue still installing its tables
   * (a first start on a busy machine) is given the same 5 s, then left to the database's closing:
   * the server's whole shutdown has 25 s.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.polling = false;
    if (this.timer) clearTimeout(this.timer);
    const waitFor = [...this.inFlight, ...(this.ticking ? [this.ticking] : [])];
    if (waitFor.length > 0) await within(STOP_WAIT_MS, Promise.allSettled(waitFor));
    if (!this.starting) return;
    const started = await within(
      STOP_WAIT_MS,
      this.starting.catch(() => null),
    );
    if (!started) {
      this.log.warn('job queue: stopped before it had started');
      return;
    }
    await within(
      STOP_WAIT_MS,
      started.boss.stop({ graceful: false, close: false, wait: true }).catch(() => undefined),
    );
    await within(STOP_WAIT_MS, started.executor.close());
  }
}

/** Waits for `work`, but no longer than `ms`; resolves undefined when the time is up first. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timeout: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<undefined>((resolve) => (timeout = setTimeout(() => resolve(undefined), ms))),
    ]);
  } finally {
    clearTimeout(timeout);
  }
}

export function createJobQueue(options: JobQueueOptions): PgBossJobQueue {
  return new PgBossJobQueue(options);
}
