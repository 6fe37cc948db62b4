import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Clock } from '../lib/clock.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Reads that may go to a streaming replica (DATABASE_REPLICA_URL), and the rule that keeps them
 * honest: a read goes to the replica only when the replica has replayed
 *   - everything the primary had written at most half the read's staleness bound ago, and
 *   - the caller's own last write (the primary's `pg_current_wal_lsn()` taken after it: its LSN),
 * waiting up to `waitMs` for the replica to get there, and to the primary otherwise. Anything
 * outside a read scope (writes, transactions, background jobs, routes not listed as replica reads)
 * goes to the primary: the replica is an offload for reports, never a second source of truth.
 */

/** A write-ahead log position ('16/B374D848'), as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match) throw new Error(`not an LSN: '${lsn}'`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export function lsnText(value: bigint): string {
  return `${(value >> 32n).toString(16).toUpperCase()}/${(value & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** What one request may read from the replica; set for the request by plugins/replica-reads.ts. */
export interface TReadScope {
  /** The most stale, in milliseconds, this read may be; null: this request reads the primary. */
  maxLagMs: number | null;
  /** The LSN of the caller's own last write (0n when none is known): the replica must have replayed it. */
  mustSee(): bigint;
  /** Decided once per request, at its first query, so all of a request's reads come from one place. */
  target?: Promise<'replica' | 'primary'>;
}

export interface TReplicaStats {
  /** Requests read from the replica. */
  replica: number;
  /** Requests sent to the primary because the replica had not replayed what they must see in time. */
  primaryBehind: number;
  /** Requests sent to the primary because the replica did not answer or is no longer a standby. */
  primaryUnavailable: number;
  /** Statements that failed on the replica for want of it and were run again on the primary. */
  statementFallbacks: number;
}

export interface ReplicaReadsOptions {
  primary: pg.Pool;
  replica: pg.Pool;
  /** "Now" for the age of the primary's LSN sample (the Clock: a ManualClock in tests). */
  clock: Clock;
  /** How long a read waits for the replica to catch up before it goes to the primary. */
  waitMs: number;
  /** Between two looks at the replica's replay position while waiting. */
  pollMs?: number;
  /** True when an error means "that server is not there" (client.ts isDatabaseUnavailable). */
  isUnavailable(error: unknown): boolean;
}

type TQueryArgs = [config: string | pg.QueryConfig, values?: unknown[]];

export class ReplicaReads {
  private readonly scopes = new AsyncLocalStorage<TReadScope>();
  /** The primary's WAL position at moments (oldest first): what a replica must have replayed to be that fresh. */
  private samples: Array<{ lsn: bigint; atMs: number }> = [];
  private sampling: Promise<{ lsn: bigint; atMs: number }> | null = null;
  readonly stats: TReplicaStats = { replica: 0, primaryBehind: 0, primaryUnavailable: 0, statementFallbacks: 0 };
  /** The query builder for modules whose listed GET routes may read the replica. */
  readonly db: PgDatabase<PgQueryResultHKT>;

  constructor(private readonly options: ReplicaReadsOptions) {
    this.db = drizzlePg({
      client: new ReadRoutingPool(this) as unknown as pg.Pool,
      casing: 'snake_case',
    }) as PgDatabase<PgQueryResultHKT>;
  }

  /** Runs `next` (the rest of a request) with `scope` as what its reads may do. */
  runInScope(scope: TReadScope, next: () => void): void {
    this.scopes.run(scope, next);
  }

  /** The primary's current LSN: called after a write, it is at or past the write's commit. */
  async lsnAfterWrite(): Promise<bigint> {
    return (await this.samplePrimary()).lsn;
  }

  async query(...args: TQueryArgs): Promise<pg.QueryResult> {
    const scope = this.scopes.getStore();
    if (!scope || scope.maxLagMs === null) return this.options.primary.query(...(args as [string]));
    scope.target ??= this.decide(scope.maxLagMs, scope.mustSee());
    if ((await scope.target) === 'primary') return this.options.primary.query(...(args as [string]));
    try {
      return await this.options.replica.query(...(args as [string]));
    } catch (error) {
      // 25006: a statement that writes (the replica is read-only); or the replica went away mid-request.
      if ((error as { code?: string }).code === '25006' || this.options.isUnavailable(error)) {
        this.stats.statementFallbacks++;
        return this.options.primary.query(...(args as [string]));
      }
      throw error;
    }
  }

  /** Transactions always run on the primary (they may write, and need one connection throughout). */
  connect(): Promise<pg.PoolClient> {
    return this.options.primary.connect();
  }

  async close(): Promise<void> {
    await this.options.replica.end();
  }

  private async decide(maxLagMs: number, mustSee: bigint): Promise<'replica' | 'primary'> {
    let required = mustSee;
    try {
      const sample = await this.recentPrimarySample(maxLagMs / 2);
      if (sample.lsn > required) required = sample.lsn;
    } catch {
      // No primary to compare with: the reads will find out for themselves.
      this.stats.primaryUnavailable++;
      return 'primary';
    }
    const pollMs = this.options.pollMs ?? 20;
    for (let waited = 0; ; waited += pollMs) {
      const replayed = await this.replayed();
      if (replayed === null) {
        this.stats.primaryUnavailable++;
        return 'primary';
      }
      if (replayed >= required) {
        this.stats.replica++;
        return 'replica';
      }
      if (waited >= this.options.waitMs) {
        this.stats.primaryBehind++;
        return 'primary';
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** What the replica has replayed; null when it cannot say (down, or promoted to a primary). */
  private async replayed(): Promise<bigint | null> {
    try {
      const { rows } = await this.options.replica.query<{ standby: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
      );
      const row = rows[0];
      return row?.standby && row.lsn ? lsnValue(row.lsn) : null;
    } catch {
      return null;
    }
  }

  /**
   * The primary's LSN as of at most `maxAgeMs` ago: a replica past it is at most that stale. The oldest
   * such sample is the least a read must wait for; a new one is taken when none is recent enough.
   */
  private recentPrimarySample(maxAgeMs: number): Promise<{ lsn: bigint; atMs: number }> {
    const now = this.options.clock.now().getTime();
    const usable = this.samples.find((s) => now - s.atMs <= maxAgeMs && s.atMs <= now);
    if (usable) return Promise.resolve(usable);
    // Readers share one sample in flight.
    this.sampling ??= this.samplePrimary().finally(() => {
      this.sampling = null;
    });
    return this.sampling;
  }

  /** Reads the primary's position now; kept as a sample when a second or more after the last one. */
  private async samplePrimary(): Promise<{ lsn: bigint; atMs: number }> {
    const atMs = this.options.clock.now().getTime();
    const { rows } = await this.options.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    const taken = { lsn: lsnValue(rows[0]!.lsn), atMs };
    const last = this.samples.at(-1);
    if (!last || atMs - last.atMs >= SAMPLE_SPACING_MS) {
      this.samples.push(taken);
      if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    }
    return taken;
  }
}

/** Samples kept: a minute of them at one a second and more, covering the longest staleness bound. */
const MAX_SAMPLES = 64;
const SAMPLE_SPACING_MS = 1_000;

/**
 * What drizzle is given instead of a pg.Pool: its name says Pool, so drizzle takes a connection with
 * `connect()` for a transaction and calls `query()` for everything else.
 */
class ReadRoutingPool {
  constructor(private readonly reads: ReplicaReads) {}
  query(...args: TQueryArgs): Promise<pg.QueryResult> {
    return this.reads.query(...args);
  }
  connect(): Promise<pg.PoolClient> {
    return this.reads.connect();
  }
}
