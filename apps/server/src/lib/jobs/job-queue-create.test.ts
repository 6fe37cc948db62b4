import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { ManualClock } from '../clock.ts';
import {
  CREATE_QUEUE_LOCK,
  LEASE_TABLE_LOCK,
  createJobQueue,
  installLeaseTable,
  type PgBossJobQueue,
} from './job-queue.ts';
import { sqlExecutorFor } from './sql-executor.ts';

/**
 * Three API servers starting at the same moment each create their queues (pg-boss's create_queue:
 * insert the queue's row, then add foreign keys to the queue table). Two creations of two new queues
 * at once deadlock: each holds the row lock the other's foreign key waits for. Held open here: a
 * peer server (this test's own connection, doing what create_queue does under the same lock) has
 * inserted its queue's row when this server starts creating another queue; the peer then adds its
 * foreign key. Without the one-at-a-time lock PostgreSQL fails one side with a deadlock (40P01).
 * PostgreSQL only (PGlite has one connection).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('creating job queues beside another server (PostgreSQL)', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const boss = `${schema}_pgboss`;
  let handle: DatabaseHandle;
  let queue: PgBossJobQueue;
  const peer = new pg.Client({ connectionString: serverUrl, application_name: 'peer-server' });

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: serverUrl, schema, maxConnections: 2 });
    queue = createJobQueue({
      db: handle.db,
      clock: new ManualClock('2026-03-14T19:30:00-04:00'),
      pollIntervalMs: null,
    });
    // pg-boss's tables installed, and one queue of this server's made.
    await queue.send('create.warmup', {});
    await peer.connect();
  });

  /**
   * Until one of this server's queue connections waits on a lock. The peer asks from inside its open
   * transaction, where the activity view keeps its first reading unless cleared. Out of time, the peer
   * rolls back, so this server's wait ends and the test's clean-up can close its connections.
   */
  async function untilThisServerWaits(): Promise<void> {
    for (let i = 0; ; i++) {
      await peer.query('select pg_stat_clear_snapshot()');
      const { rows } = await peer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where application_name = 'restaurant-admin-jobs' and wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (rows[0]!.n > 0) return;
      if (i > 400) {
        await peer.query('rollback');
        throw new Error('this server never waited for the peer');
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  afterAll(async () => {
    await peer.end().catch(() => undefined);
    await queue?.stop();
    await handle?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${boss} cascade`);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it('waits for a peer creating another queue instead of deadlocking with it', async () => {
    const table = `j_peer_${randomBytes(4).toString('hex')}`;
    await peer.query('begin');
    await peer.query(`select pg_advisory_xact_lock(hashtext($1))`, [`${CREATE_QUEUE_LOCK}:${boss}`]);
    await peer.query(`insert into ${boss}.queue (name, policy, partition_name) values ('peer.queue', 'short', $1)`, [
      table,
    ]);

    // This server starts creating its own new queue, and waits (on the lock, or without it on the
    // foreign key behind the peer's inserted row).
    const sent = queue.send('create.mine', { n: 1 }).then(
      (id) => ({ id }),
      (error: Error & { code?: string }) => ({ error }),
    );
    await untilThisServerWaits();

    // The peer finishes its creation: the foreign key to the queue table, then commits.
    await peer.query(`create table ${boss}.${table} (like ${boss}.job including defaults)`);
    await peer.query(
      `alter table ${boss}.${table} add constraint q_fkey foreign key (name) references ${boss}.queue (name)
         on delete restrict deferrable initially deferred`,
    );
    await peer.query(`alter table ${boss}.${table} add constraint cjc check (name = 'peer.queue')`);
    await peer.query(`alter table ${boss}.job attach partition ${boss}.${table} for values in ('peer.queue')`);
    await peer.query('commit');

    const result = await sent;
    expect(result).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const { rows } = await peer.query<{ name: string }>(`select name from ${boss}.queue order by name`);
    expect(rows.map((r) => r.name)).toEqual(['create.mine', 'create.warmup', 'peer.queue']);
  }, 60_000);

  // Two servers starting at once on a new database both install the lease table. Held open here: a
  // peer has taken the install's lock and made the table, not yet its index. Without the lock this
  // server's `create table if not exists` waited on the peer's new catalog row and failed with a
  // unique violation when the peer committed, its start failing with it.
  it('waits for a peer installing the lease table instead of failing halfway through it', async () => {
    const target = `${schema}_lease`;
    await peer.query(`create schema ${target}`);
    await peer.query('begin');
    await peer.query(`select pg_advisory_xact_lock(hashtext($1))`, [`${LEASE_TABLE_LOCK}:${target}`]);
    await peer.query(
      `create table ${target}.ra_job_lease (queue text not null, key text not null, job_id uuid not null,
         token uuid not null, expires_at timestamptz not null, primary key (queue, key))`,
    );
    const executor = sqlExecutorFor(handle.db, { maxConnections: 1 });
    try {
      const installed = installLeaseTable(executor, target).then(
        () => ({ ok: true }),
        (error: Error) => ({ error: error.message }),
      );
      await untilThisServerWaits();
      await peer.query('commit');
      expect(await installed).toEqual({ ok: true });
      const { rows } = await peer.query<{ ok: boolean }>(
        `select to_regclass('${target}.ra_job_lease_job_idx') is not null as ok`,
      );
      expect(rows[0]!.ok).toBe(true);
    } finally {
      await executor.close();
      await peer.query(`drop schema if exists ${target} cascade`);
    }
  }, 60_000);
});
