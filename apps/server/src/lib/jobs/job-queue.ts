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
 *   (system clock, or CLOCK_NOW's running clock) runs them on time by polling. A server whose clock is
 *   behind the sender's holds a job it fetched until its own clock reaches the due time (up to a
 *   minute), so a handler's "is it time" check never finds a due job early.
 * - `singletonKey`: at most one job waiting to start per key in a queue; a second `send` with the same
 *   key while one waits answers null (nothing queued). Without a key every send queues a job.
 * - Send AFTER your transaction commits, never from inside `db.transaction(...)`: the queue writes on
 *   its own connection, and on PGlite (one connection) it would wait for your transaction forever.
 * - Jobs survive restarts (they are rows); a job whose queue has no worker in this app waits.
 * - A running job holds a LEASE (a row of `<schema>.ra_job_lease`, renewed every few seconds while the
 *   handler runs). A server that dies (kill -9, a lost machine) stops renewing: after `leaseSeconds`
 *   (15 s) any server's poller takes the job back and runs it again at once (an attempt, counted against
 *   `retryLimit`, so a job that kills its server every time ends failed). A live server's jobs are never
 *   taken, however long they run. On PGlite (one process by nature) a start-up takes back at once
 *   whatever was running, since the process that ran it is gone.
 * - `singletonKey` also means at most one RUNNING job per key, on every server: a job whose key is held
 *   by a live run waits until that run ends (e.g. Send Now pressed again while the campaign sends).
 * - Long handlers check `job.signal` between units of work (`signal.throwIfAborted()`): it aborts when
 *   the lease was lost (another server took the job) or the server is stopping (the job goes back to
 *   the queue for the next server, not counted as an attempt).
 *
 * When the clock is a ManualClock (server tests) nothing runs in the background: jobs run only in
 * `drain()`, so tests are deterministic. Tests reach the queue as `app.jobs`.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { sqlExecutorFor, type SqlExecutor } from './sql-executor.ts';

/** What a handler receives: the job's id and data, and a signal that aborts when it must stop. */
export interface TJob<T extends object = object> {
  id: string;
  data: T;
  /** Aborted when this run lost its lease or the server is stopping: stop between units of work. */
  signal: AbortSignal;
}

export interface JobQueue {
  /** Registers this app's handler for a queue (one per queue). */
  work<T extends object>(name: string, handler: (job: TJob<T>) => Promise<void>): Promise<void>;
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

type THandler = (job: TJob) => Promise<void>;

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
  /** How long a run's lease lasts without renewal (default 15 s); renewed every third of it. */
  leaseSeconds?: number;
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
/**
 * The longest a run waits for this server's clock to reach its job's due time (servers' clocks differ
 * by a little; untilDue).
 */
const MAX_EARLY_WAIT_MS = 60_000;
/** How often a run waiting for its due time looks at the clock again. */
const EARLY_WAIT_STEP_MS = 250;
/** A run's lease without renewal: how long a dead server's job waits before another server takes it. */
const DEFAULT_LEASE_SECONDS = 15;
/** Jobs of one queue running at once in one server (the poller fetches more as these end). */
const MAX_RUNNING_PER_QUEUE = 10;
/** The advisory lock (hashtext of this and the queue schema) every server takes to create a queue. */
export const CREATE_QUEUE_LOCK = 'ra-jobs-create-queue';
/** The lease table, beside pg-boss's own in the queue's schema. */
const LEASE_TABLE = 'ra_job_lease';
/** The advisory lock (hashtext of this and the queue schema) a server takes to install the lease table. */
export const LEASE_TABLE_LOCK = 'ra-jobs-lease-table';

/** One run this server holds: renewed by the heartbeat; aborted when lost or when stopping. */
interface THeld {
  name: string;
  key: string;
  jobId: string;
  token: string;
  controller: AbortController;
  lost: boolean;
}

const silentLog: TLog = { error: () => undefined, warn: () => undefined };

function unwrap(data: unknown): object {
  if (data && typeof data === 'object' && 'payload' in data && 'dueAt' in data) return (data as TEnvelope).payload;
  return (data ?? {}) as object;
}

/**
 * The pg-boss schema: `pgboss` beside the app's `public` tables; `<schema>_pgboss` when the app runs
 * in a schema of its own (a server test on a shared PostgreSQL's database), so tests never share jobs.
 */
function bossSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_pgboss`;
}

/**
 * Tests that run the app in a `test_<hex>` schema on a shared PostgreSQL drop it when done, but not
 * the queue's `test_<hex>_pgboss` beside it; the next start removes those whose test schema is gone.
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
  /** Runs in this server by queue name (the poller keeps at most MAX_RUNNING_PER_QUEUE each). */
  private readonly running = new Map<string, number>();
  /** Leases this server holds, by token. */
  private readonly held = new Map<string, THeld>();
  private starting: Promise<{ boss: PgBoss; executor: SqlExecutor; schema: string }> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private polling = false;
  private stopped = false;
  private readonly log: TLog;
  private readonly leaseSeconds: number;

  constructor(private readonly options: JobQueueOptions) {
    this.log = options.log ?? silentLog;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
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
        await installLeaseTable(executor, schema);
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
      created = this.createQueue(boss, name);
      created.catch(() => this.createdQueues.delete(name));
      this.createdQueues.set(name, created);
    }
    return created;
  }

  /**
   * pg-boss's create_queue inserts the queue's row, then adds foreign keys from the queue's new
   * partition to the queue table; the latter waits for every other transaction that inserted a row.
   * Two servers creating two new queues at once (three servers starting together) each hold the row
   * the other's foreign key waits for: PostgreSQL breaks the deadlock by failing one of them. So on
   * PostgreSQL queues are created one at a time per queue schema, under a transaction-scoped advisory
   * lock taken in the same statement (PGlite has one connection: nothing runs beside it).
   */
  private async createQueue(boss: PgBoss, name: string): Promise<void> {
    // "short": at most one WAITING job per singleton key (jobs sent without a key get a unique one).
    const { executor, schema } = await this.started();
    if (executor.kind === 'pglite') return boss.createQueue(name, { name, policy: 'short' });
    // The options as pg-boss's createQueue sends them for { policy: 'short' } (its other fields unset).
    await executor.executeSql(
      `select ${schema}.create_queue($1, $2::json)
         from (select pg_advisory_xact_lock(hashtext($3))) as one_at_a_time`,
      [name, JSON.stringify({ policy: 'short' }), `${CREATE_QUEUE_LOCK}:${schema}`],
    );
  }

  async work<T extends object>(name: string, handler: (job: TJob<T>) => Promise<void>): Promise<void> {
    if (!QUEUE_NAME.test(name)) throw new Error(`job queue: bad queue name '${name}'`);
    if (this.handlers.has(name)) throw new Error(`job queue: '${name}' already has a worker`);
    this.handlers.set(name, handler as unknown as THandler);
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
      // pg-boss's own expiry of a job left active; the lease (renewed while running) is what counts.
      expireInSeconds: this.leaseSeconds,
    });
    if (id && delaySeconds === 0 && this.polling) this.kick();
    return id;
  }

  async cancel(name: string, id: string): Promise<void> {
    const { boss } = await this.started();
    await this.ensureQueue(boss, name);
    await boss.cancel(name, id);
  }

  /**
   * Runs one fetched (active) job through its handler under a lease on its key, and records the
   * outcome. A key held by another live run puts the job back until that run ends.
   */
  private run(boss: PgBoss, name: string, job: { id: string; data: unknown; singletonKey?: string | null }) {
    // Never rejects: a database error here (the server stopping, PostgreSQL gone) is logged, and the
    // job, still active without a lease, is taken back once its lease time has passed.
    return this.runLeased(boss, name, job).catch((error: unknown) => {
      if (!this.stopped) this.log.error({ err: error, queue: name, jobId: job.id }, 'job queue: run');
    });
  }

  private async runLeased(
    boss: PgBoss,
    name: string,
    job: { id: string; data: unknown; singletonKey?: string | null },
  ): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) return;
    const { executor, schema } = await this.started();
    const key = job.singletonKey || job.id;
    const token = randomUUID();
    const { rows } = await executor.executeSql(
      `insert into ${schema}.${LEASE_TABLE} (queue, key, job_id, token, expires_at)
         values ($1, $2, $3::uuid, $4::uuid, now() + $5 * interval '1 second')
       on conflict (queue, key) do update
         set job_id = excluded.job_id, token = excluded.token, expires_at = excluded.expires_at
         where ${schema}.${LEASE_TABLE}.expires_at < now()
       returning token::text as token`,
      [name, key, job.id, token, this.leaseSeconds],
    );
    if (rows.length === 0) {
      // Another live run holds the key: wait (not an attempt) until it ends or its lease runs out.
      await executor.executeSql(
        `update ${schema}.job set state = 'retry', started_on = null,
           start_after = greatest(now(), coalesce((select expires_at from ${schema}.${LEASE_TABLE}
             where queue = $1 and key = $3), now())),
           output = jsonb_build_object('waitingForKey', $3::text)
         where name = $1 and id = $2::uuid and state = 'active'`,
        [name, job.id, key],
      );
      return;
    }
    const held: THeld = { name, key, jobId: job.id, token, controller: new AbortController(), lost: false };
    this.held.set(token, held);
    this.startHeartbeat();
    let putBack = false;
    try {
      await this.untilDue(name, job, held.controller.signal);
      await handler({ id: job.id, data: unwrap(job.data), signal: held.controller.signal });
      if (!held.lost) await boss.complete(name, job.id);
    } catch (error) {
      if (held.lost) {
        this.log.warn({ queue: name, jobId: job.id }, 'job lease lost: another server runs it now');
      } else if (held.controller.signal.aborted) {
        putBack = true; // stopping: the next server runs it at once
      } else {
        this.log.warn({ err: error, queue: name, jobId: job.id }, 'job failed');
        const message = error instanceof Error ? error.message : String(error);
        await boss.fail(name, job.id, { message }).catch((e: unknown) => this.log.error({ err: e }, 'job queue: fail'));
      }
    } finally {
      this.held.delete(token);
      await this.release(held, putBack).catch((e: unknown) => this.log.error({ err: e }, 'job queue: release'));
    }
  }

  /**
   * Waits until this server's clock reaches the job's due time. The database made the job due when the
   * SENDER's clock reached it, and servers' clocks differ: a CLOCK_NOW clock runs from each process's
   * own start, a system clock drifts. Handlers check "is it time" on this server's clock (a scheduled
   * price change, a bank deposit's arrival), and a job run early by it would find nothing to do and end
   * completed, its work never done. The wait lasts at most the gap in real time (a ManualClock moved
   * back by a test never gets there by itself); a gap over MAX_EARLY_WAIT_MS is clocks that disagree
   * by minutes, which no wait mends: the job runs at once and the log says so. Rejects when the run's
   * signal aborts (lease lost, server stopping).
   */
  private async untilDue(name: string, job: { id: string; data: unknown }, signal: AbortSignal): Promise<void> {
    const data = job.data as Partial<TEnvelope> | null;
    const due = typeof data?.dueAt === 'string' ? Date.parse(data.dueAt) : NaN;
    const gap = due - this.options.clock.now().getTime();
    if (!(gap > 0)) return;
    if (gap > MAX_EARLY_WAIT_MS) {
      this.log.warn({ queue: name, jobId: job.id, earlyMs: gap }, 'job queue: job due later by this server’s clock');
      return;
    }
    const until = performance.now() + gap;
    // A step at a time, so a ManualClock moved by hand is seen within a step.
    while (due > this.options.clock.now().getTime() && performance.now() < until)
      await delay(Math.min(until - performance.now(), EARLY_WAIT_STEP_MS), undefined, { signal });
  }

  /**
   * Gives the lease up and wakes the jobs of the same key that were waiting for it; `putBack` returns
   * this (interrupted) run's job to the queue, due now and not counted as an attempt.
   */
  private async release(held: THeld, putBack: boolean): Promise<void> {
    if (!this.starting) return;
    const { executor, schema } = await this.starting;
    if (putBack && !held.lost) {
      await executor.executeSql(
        `update ${schema}.job set state = 'retry', started_on = null, start_after = now()
          where name = $1 and id = $2::uuid and state = 'active'`,
        [held.name, held.jobId],
      );
    }
    const { rows } = await executor.executeSql(
      `with released as (delete from ${schema}.${LEASE_TABLE} where token = $1::uuid returning queue, key)
       update ${schema}.job j set start_after = now() from released r
        where j.name = r.queue and j.singleton_key = r.key and j.state = 'retry' and j.started_on is null
          and j.start_after > now()
       returning j.id`,
      [held.token],
    );
    if (rows.length > 0 && this.polling) this.kick();
  }

  private startHeartbeat(): void {
    if (this.heartbeatTimer || this.stopped) return;
    this.heartbeatTimer = setInterval(
      () => void this.heartbeat().catch((e: unknown) => this.log.error({ err: e }, 'job queue: heartbeat')),
      (this.leaseSeconds * 1000) / 3,
    );
    this.heartbeatTimer.unref();
  }

  /**
   * Renews the leases of this server's running jobs (the timer calls it every third of the lease).
   * A lease that could not be renewed (another server took the job after this one stalled past its
   * lease, or the job was cancelled) aborts its run's signal.
   */
  async heartbeat(): Promise<void> {
    const runs = [...this.held.values()];
    if (runs.length === 0) {
      if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
      this.heartbeatTimer = null;
      return;
    }
    if (!this.starting) return;
    const { executor, schema } = await this.starting;
    const { rows } = await executor.executeSql(
      `with j as (
         update ${schema}.job set started_on = now() where id = any($1::uuid[]) and state = 'active' returning id
       ), l as (
         update ${schema}.${LEASE_TABLE} set expires_at = now() + $3 * interval '1 second'
          where token = any($2::uuid[]) and job_id in (select id from j) returning token
       )
       select token::text as token from l`,
      [runs.map((r) => r.jobId), runs.map((r) => r.token), this.leaseSeconds],
    );
    const renewed = new Set(rows.map((r) => String(r.token)));
    for (const run of runs) {
      if (renewed.has(run.token) || !this.held.has(run.token)) continue;
      run.lost = true;
      run.controller.abort(new Error('job lease lost'));
    }
  }

  /**
   * Takes back the jobs whose server stopped renewing their lease: active, with no live lease, and
   * started (or last renewed) over `graceSeconds` ago. They are due again at once (an attempt, counted
   * by the next fetch), or failed when their attempts are used up.
   */
  async recoverAbandoned(options: { graceSeconds?: number; ignoreLeases?: boolean } = {}): Promise<number> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return 0;
    const { executor, schema } = await this.started();
    if (options.ignoreLeases)
      await executor.executeSql(`delete from ${schema}.${LEASE_TABLE} where queue = any($1::text[])`, [names]);
    const { rows } = await executor.executeSql(
      `update ${schema}.job j set
         state = (case when j.retry_count < j.retry_limit then 'retry' else 'failed' end)::${schema}.job_state,
         start_after = now(),
         completed_on = case when j.retry_count < j.retry_limit then null else now() end,
         output = '{"message":"the server running this job stopped"}'::jsonb
        where j.name = any($1::text[]) and j.state = 'active'
          and j.started_on < now() - $2 * interval '1 second'
          and not exists (select 1 from ${schema}.${LEASE_TABLE} l where l.job_id = j.id and l.expires_at > now())
        returning j.id, j.name`,
      [names, options.graceSeconds ?? this.leaseSeconds],
    );
    for (const row of rows)
      this.log.warn({ queue: row.name, jobId: row.id }, 'job queue: took back a job whose server stopped');
    return rows.length;
  }

  private track(promise: Promise<void>): Promise<void> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
    return promise;
  }

  /** Makes the jobs due by the app clock due in the database too (a moved ManualClock, a pinned clock). */
  private async bringForward(executor: SqlExecutor, schema: string, name: string): Promise<void> {
    // Not the jobs waiting for a key held by a live run (retry, never started): its end wakes them.
    await executor.executeSql(
      `update ${schema}.job set start_after = now() - interval '1 second'
        where name = $1 and state < 'active' and start_after >= now() - interval '1 second'
          and (data->>'dueAt')::timestamptz <= $2::timestamptz
          and not (state = 'retry' and started_on is null)`,
      [name, this.options.clock.now().toISOString()],
    );
  }

  async drain(): Promise<void> {
    const { boss, executor, schema } = await this.started();
    await this.recoverAbandoned();
    for (let round = 0; round < MAX_DRAIN_ROUNDS; round++) {
      if (this.stopped) return;
      let ran = 0;
      for (const name of this.handlers.keys()) {
        await this.ensureQueue(boss, name);
        await this.bringForward(executor, schema, name);
        const jobs = await boss.fetch<unknown>(name, { batchSize: BATCH_SIZE, includeMetadata: true });
        for (const job of jobs) await this.track(this.run(boss, name, job));
        ran += jobs.length;
      }
      // With a poller, also what it started; without one, runs are awaited above (another drain's run,
      // e.g. one a test froze to play a dead server, is not this drain's to wait for).
      const background = this.polling ? [...this.inFlight] : [];
      await Promise.allSettled(background);
      if (ran === 0 && background.length === 0) return;
    }
    throw new Error(
      `job queue: drain still found due jobs after ${MAX_DRAIN_ROUNDS} rounds (a job re-queueing itself?)`,
    );
  }

  /**
   * Installs the queue's tables, takes back what a dead server left running, then polls. The server
   * awaits it before it listens, so it never answers ready (or is asked to stop) while the tables are
   * half installed.
   */
  async start(): Promise<void> {
    if (this.options.pollIntervalMs === null || this.polling || this.stopped) return;
    const { executor } = await this.started();
    if (this.stopped) return;
    // PGlite is one process: whatever is still running belonged to a process that is gone.
    if (executor.kind === 'pglite') await this.recoverAbandoned({ graceSeconds: 0, ignoreLeases: true });
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

  /**
   * One round of the poller: takes back abandoned jobs, then starts due jobs of every queue (up to
   * MAX_RUNNING_PER_QUEUE each) without waiting for them, so a long job (a campaign, 100,000 codes)
   * never holds up another queue; a run that ends asks for the next round at once.
   */
  private async tick(): Promise<void> {
    if (this.ticking || this.stopped || this.handlers.size === 0) {
      if (!this.ticking) this.schedule(this.options.pollIntervalMs ?? 2000);
      return;
    }
    this.ticking = (async () => {
      try {
        const { boss } = await this.started();
        await this.recoverAbandoned();
        for (const name of this.handlers.keys()) {
          if (this.stopped) return;
          const room = MAX_RUNNING_PER_QUEUE - (this.running.get(name) ?? 0);
          if (room <= 0) continue;
          await this.ensureQueue(boss, name);
          const jobs = await boss.fetch<unknown>(name, { batchSize: room, includeMetadata: true });
          for (const job of jobs) {
            this.running.set(name, (this.running.get(name) ?? 0) + 1);
            void this.track(this.run(boss, name, job)).finally(() => {
              this.running.set(name, (this.running.get(name) ?? 1) - 1);
              this.kick();
            });
          }
          if (jobs.length === room) this.tickAgain = true;
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
   * Stops polling and tells running jobs to stop (their signal aborts); a job that stops goes back to
   * the queue for the next server at once. Waits up to 5 s for them, then closes the queue's
   * connections; a job still running then keeps its lease until it runs out (15 s), and another server
   * takes it. A queue still installing its tables (a first start on a busy machine) is given the same
   * 5 s, then left to the database's closing: the server's whole shutdown has 25 s.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.polling = false;
    if (this.timer) clearTimeout(this.timer);
    for (const run of this.held.values()) run.controller.abort(new Error('job queue stopping'));
    const waitFor = [...this.inFlight, ...(this.ticking ? [this.ticking] : [])];
    if (waitFor.length > 0) await within(STOP_WAIT_MS, Promise.allSettled(waitFor));
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
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

/**
 * The lease table: one row per (queue, key) a run holds, with the run's token and when the lease runs
 * out. Created beside pg-boss's tables (the queue's schema is the queue's own, not a migration's).
 * Installed with its index one server at a time: the whole install is one statement
 * (a DO block, one transaction) under a transaction-scoped advisory lock on the queue schema. Two
 * servers starting at once on a new database both ran `create table if not exists`: the second waited
 * on the first's new catalog row, then failed with a unique violation when the first committed, and
 * the first's index, its next statement, was not there yet to say the install was done: that server's
 * start failed with it. Now the second waits for the lock and finds both made.
 */
export async function installLeaseTable(executor: SqlExecutor, schema: string): Promise<void> {
  await executor.executeSql(
    `do $install$ begin
       perform pg_advisory_xact_lock(hashtext('${LEASE_TABLE_LOCK}:${schema}'));
       create table if not exists ${schema}.${LEASE_TABLE} (
         queue text not null,
         key text not null,
         job_id uuid not null,
         token uuid not null,
         expires_at timestamptz not null,
         primary key (queue, key)
       );
       create index if not exists ${LEASE_TABLE}_job_idx on ${schema}.${LEASE_TABLE} (job_id);
     end $install$`,
  );
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
