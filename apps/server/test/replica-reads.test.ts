import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS } from '@ra/shared/business/business.schemas';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import { READ_AFTER_COOKIE, REPLICA_MAX_LAG_MS } from '../src/plugins/replica-reads.ts';
import { freePort } from './free-port.ts';
import { testConfig, tokenFor, TEST_NOW } from './helper.ts';

/**
 * Report reads on a real streaming replica: a primary and a hot standby made by pg_basebackup in
 * the test, whose replay is paused (pg_wal_replay_pause) to hold the replica back deterministically.
 * While it is held, a till's write (straight into the primary) is on the primary only, so every
 * answer tells where it was read: the calendar without the write came from the replica.
 *   - a read within its staleness bound comes from the replica;
 *   - after the owner's own write, the owner's reads wait for the replica and then read the primary,
 *     on this server (it remembers the session) and on another one (the cookie carries the LSN),
 *     while another person's reads still come from the replica;
 *   - once the primary's position is older than half the bound, everyone reads the primary;
 *   - replay resumed, reads come from the replica again, with the write.
 * Needs PostgreSQL's server programs (initdb, pg_basebackup); runs in the PostgreSQL lane.
 */
const PG_BIN = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'].find((d) =>
  existsSync(join(d, 'pg_basebackup')),
);
const enabled = Boolean(process.env.TEST_DATABASE_URL && PG_BIN);
const asRoot = process.getuid?.() === 0;

function pgRun(program: string, args: string[]): void {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN!, program), ...args]]
    : [join(PG_BIN!, program), args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
}

describe.skipIf(!enabled)('report reads on a streaming replica (pg_basebackup standby, replay paused)', () => {
  let root = '';
  let primaryUrl = '';
  let standbyUrl = '';
  let handle: DatabaseHandle;
  let app: App;
  let other: App;
  const clock = new ManualClock(TEST_NOW);
  const started: string[] = [];

  const sqlOn = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ra-replica-'));
    if (asRoot) chownSync(root, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), 0);
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const common = ['-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1', '-k', root];
    pgRun('initdb', ['-D', join(root, 'primary'), '-A', 'trust', '-U', 'postgres']);
    pgRun('pg_ctl', [
      ...['-D', join(root, 'primary'), '-l', join(root, 'primary.log'), '-w', 'start'],
      ...['-o', [...common, '-p', String(primaryPort), '-c', 'wal_level=replica'].join(' ')],
    ]);
    started.push(join(root, 'primary'));
    primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
    standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;

    // The schema first (migrated and seeded), then the copy: the standby starts with it.
    const setup = await openDatabase({ databaseUrl: primaryUrl, schema: 'app', maxConnections: 2 });
    await setup.migrate();
    await seedDemoData(setup.db, { now: new Date(TEST_NOW) });
    await setup.close();
    pgRun('pg_basebackup', ['-D', join(root, 'standby'), '-d', primaryUrl, '-R', '-X', 'stream', '-c', 'fast']);
    pgRun('pg_ctl', [
      ...['-D', join(root, 'standby'), '-l', join(root, 'standby.log'), '-w', 'start'],
      ...['-o', [...common, '-p', String(standbyPort), '-c', 'hot_standby=on'].join(' ')],
    ]);
    started.push(join(root, 'standby'));

    handle = await openDatabase({
      databaseUrl: primaryUrl,
      schema: 'app',
      maxConnections: 4,
      replicaUrl: standbyUrl,
      replicaWaitMs: 300,
      clock,
    });
    const config = testConfig({ clock });
    app = await buildApp({ db: handle.db, config, replica: handle.replica! });
    // A second API server on the same primary and replica, with its own memory.
    other = await buildApp({ db: handle.db, config, replica: handle.replica! });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await other?.close();
    await handle?.close();
    for (const dir of started.reverse()) {
      try {
        pgRun('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
    }
    if (root && readdirSync(root).length >= 0) rmSync(root, { recursive: true, force: true });
  });

  it('reads the replica within the bound, and the primary for a session that wrote or past the bound', async () => {
    const replica = handle.replica!;
    const owner = await tokenFor(app, DEMO_EMAILS.owner);
    const manager = await tokenFor(app, DEMO_EMAILS.manager);
    const calendar = (server: App, token: string, cookie?: string) =>
      server.inject({
        method: 'GET',
        url: '/api/api/order-calendar/year?year=2026',
        headers: { authorization: token, ...(cookie ? { cookie } : {}) },
      });

    // The replica has replayed everything so far: the first read is the replica's.
    const waitReplayed = async () => {
      const [{ lsn }] = (await sqlOn(primaryUrl, 'select pg_current_wal_lsn()::text as lsn')) as [{ lsn: string }];
      for (let i = 0; i < 600; i++) {
        const [row] = await sqlOn(standbyUrl, `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
        if (row?.done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the standby did not catch up');
    };
    await waitReplayed();
    const before = await calendar(app, owner);
    expect(before.statusCode, before.body).toBe(200);
    expect(replica.stats.replica).toBe(1);

    // Hold the replica back, then a till's sale reaches the primary only.
    await sqlOn(standbyUrl, 'select pg_wal_replay_pause()');
    for (let i = 0; i < 200; i++) {
      const [row] = await sqlOn(standbyUrl, 'select pg_get_wal_replay_pause_state() as state');
      if (row?.state === 'paused') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await sqlOn(
      primaryUrl,
      `insert into app.daily_sales (restaurant_id, business_day, channel, order_count, guest_count, net_sales_cents)
       select id, '2026-03-10', 'dineIn', 1, 2, 12345 from app.restaurants`,
    );

    // Within the bound (the primary's position was read just now): the replica answers, without the sale.
    const stale = await calendar(app, owner);
    expect(stale.body).toBe(before.body);
    expect(replica.stats).toMatchObject({ replica: 2, primaryBehind: 0 });

    // The owner writes: the answer carries the write's position, and the owner's next read waits
    // for the replica (300 ms), gives up and reads the primary, which has the sale.
    const write = await app.inject({
      method: 'POST',
      url: '/api/api/business/settings',
      headers: { authorization: owner },
      payload: { section: 'pos', value: DEFAULT_BUSINESS_SETTINGS.pos },
    });
    expect(write.statusCode, write.body).toBe(200);
    const setCookie = [write.headers['set-cookie']].flat().find((c) => c?.startsWith(`${READ_AFTER_COOKIE}=`));
    expect(setCookie).toMatch(
      /^ra_read_after=[0-9A-F]+\/[0-9A-F]+; Max-Age=120; Path=\/api; HttpOnly; SameSite=Strict$/,
    );
    const cookie = setCookie!.split(';')[0]!;
    const fresh = await calendar(app, owner);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).not.toBe(before.body);
    expect(fresh.body).toContain('12345');
    expect(replica.stats.primaryBehind).toBe(1);

    // Another server: with the cookie the owner reads the primary there too; a request without it
    // (the same session, no cookie, a server that never saw the write) may read the replica.
    expect((await calendar(other, owner, cookie)).body).toBe(fresh.body);
    expect(replica.stats.primaryBehind).toBe(2);
    expect((await calendar(other, owner)).body).toBe(before.body);

    // The manager wrote nothing: still the replica, within the bound.
    expect((await calendar(app, manager)).body).toBe(before.body);
    const replicaReadsSoFar = replica.stats.replica;

    // Past half the calendar's bound the primary's position is read again; the held replica is
    // behind it, so the manager's read goes to the primary and sees the sale.
    clock.advance(REPLICA_MAX_LAG_MS.calendar / 2 + 1_000);
    expect((await calendar(app, manager)).body).toBe(fresh.body);
    expect(replica.stats).toMatchObject({ replica: replicaReadsSoFar, primaryBehind: 3 });

    // Replay resumed: the replica catches up and answers again, with the sale.
    await sqlOn(standbyUrl, 'select pg_wal_replay_resume()');
    await waitReplayed();
    expect((await calendar(app, manager)).body).toBe(fresh.body);
    expect((await calendar(app, owner)).body).toBe(fresh.body);
    expect(replica.stats.replica).toBe(replicaReadsSoFar + 2);

    // Routes not listed (the live "today" figures) and writes never touch the replica's counters.
    const today = await app.inject({
      method: 'GET',
      url: '/api/api/dashboard/today',
      headers: { authorization: owner },
    });
    expect(today.statusCode).toBe(200);
    expect(replica.stats.replica + replica.stats.primaryBehind + replica.stats.primaryUnavailable).toBe(
      replicaReadsSoFar + 2 + 3,
    );
  }, 120_000);
});
