import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/lib/auth-context.ts';
import { AuthCache } from '../src/lib/auth-cache.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../src/demo/seed.ts';
import pg from 'pg';
import { createScratchDatabase, type TScratchDatabase } from './scratch-database.ts';
import { builtServer } from './server-process.ts';

const someone = (userId: number) => ({ userId }) as unknown as AuthContext;

describe(AuthCache.name, () => {
  const clock = new ManualClock('2026-03-14T19:30:00-04:00');
  const hour = 3_600_000;

  function sut() {
    let loads = 0;
    const cache = new AuthCache(async (token) => {
      loads += 1;
      return { auth: someone(Number(token.slice(1))), expiresAtMs: clock.now().getTime() + hour };
    }, clock);
    cache.setListening(true);
    return { cache, loads: () => loads };
  }

  it('answers a repeated read from memory and every write from the database', async () => {
    const { cache, loads } = sut();
    await cache.authenticate('t1', { fresh: false });
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(1);
    await cache.authenticate('t1', { fresh: true });
    expect(loads()).toBe(2);
  });

  it('forgets everything at an invalidation, and tells whoever waits for one', async () => {
    const { cache, loads } = sut();
    await cache.authenticate('t1', { fresh: false });
    const announced = cache.nextInvalidation();
    cache.invalidate();
    await announced;
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(2);
  });

  it('does not keep an answer that was loaded across an invalidation', async () => {
    let release: () => void = () => undefined;
    const cache = new AuthCache(async () => {
      await new Promise<void>((r) => (release = r));
      return { auth: someone(1), expiresAtMs: clock.now().getTime() + hour };
    }, clock);
    cache.setListening(true);
    const pending = cache.authenticate('t1', { fresh: false });
    cache.invalidate();
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it('remembers nothing while the notification channel is down', async () => {
    const { cache, loads } = sut();
    cache.setListening(false);
    await cache.authenticate('t1', { fresh: false });
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(2);
  });

  it('answers from memory only after the channel has caught up with what was committed before', async () => {
    const { cache, loads } = sut();
    await cache.authenticate('t1', { fresh: false });
    // The notification of a commit made elsewhere is still on its way when the next request arrives:
    // the channel's round trip brings it in before the answer.
    cache.setSync(async () => {
      await new Promise((r) => setTimeout(r, 5));
      cache.invalidate();
    });
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(2);
  });

  it('shares one round trip among the requests that arrive while one is out, and never joins one that left before them', async () => {
    const { cache } = sut();
    await cache.authenticate('t1', { fresh: false });
    const started: Array<() => void> = [];
    cache.setSync(() => new Promise<void>((r) => started.push(r)));
    const first = cache.authenticate('t1', { fresh: false });
    await Promise.resolve();
    expect(started).toHaveLength(1);
    const later = Array.from({ length: 10 }, () => cache.authenticate('t1', { fresh: false }));
    let settled = 0;
    for (const p of later) void p.then(() => (settled += 1));
    started[0]!();
    await first;
    await new Promise((r) => setTimeout(r, 0));
    // The ten arrived after the first round trip left: they wait for the second, and share it.
    expect(settled).toBe(0);
    expect(started).toHaveLength(2);
    started[1]!();
    await Promise.all(later);
    expect(started).toHaveLength(2);
  });

  it('loads from the database while the channel cannot catch up', async () => {
    const { cache, loads } = sut();
    cache.setSync(() => Promise.reject(new Error('connection lost')));
    await cache.authenticate('t1', { fresh: false });
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('asks again once the token has expired by the clock', async () => {
    const { cache, loads } = sut();
    await cache.authenticate('t1', { fresh: false });
    clock.advance(hour + 1);
    await cache.authenticate('t1', { fresh: false });
    expect(loads()).toBe(2);
  });
});

/**
 * Two server processes on one PostgreSQL: each remembers callers, and a change made through one counts
 * on the very next request to the other (NOTIFY from migration 0005's triggers).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('two servers on one PostgreSQL', () => {
  let scratch: TScratchDatabase | undefined;
  const children: ChildProcess[] = [];
  let databaseUrl = '';
  let a = '';
  let b = '';

  async function startServer(): Promise<string> {
    const port = 20_000 + Math.floor(Math.random() * 5_000);
    const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        JWT_SECRET: 'two-servers-test-secret-0123456789abcdef',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: 'ignore',
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i += 1) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/api/account/prelogin?data=x@y.test`)).status < 500) return url;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error('server did not start');
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'test_cache');
    databaseUrl = scratch.url;
    const handle = await openDatabase({ databaseUrl });
    await handle.migrate();
    await seedDemoData(handle.db);
    await handle.close();
    // One after the other, so B's listening connection is the newer of the two (see `heldUp`).
    a = await startServer();
    b = await startServer();
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await scratch?.drop();
  });

  async function tokenAt(server: string, email: string): Promise<string> {
    const res = await fetch(`${server}/api/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' }),
    });
    const body = (await res.json()) as { token?: string };
    if (!body.token) throw new Error(`sign-in as ${email}: ${res.status}`);
    return body.token;
  }
  const call = (server: string, token: string, path: string, body?: unknown) =>
    fetch(`${server}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /**
   * B's listening backend, when PostgreSQL runs on this machine where this process may signal it (as in
   * CI); null otherwise.
   */
  async function listenerOfB(): Promise<number | null> {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database()
           and application_name = 'restaurant-admin-listen' order by backend_start desc limit 1`,
      );
      const pid = rows[0]?.pid;
      if (!pid) return null;
      process.kill(pid, 0);
      return pid;
    } catch {
      return null;
    } finally {
      await admin.end();
    }
  }

  it('waits for a notification that is still on its way before answering from memory', async (context) => {
    const pid = await listenerOfB();
    if (pid === null) return context.skip('PostgreSQL is not a local process this test may pause');
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const manager = await tokenAt(b, DEMO_EMAILS.manager);
    const steps = async () =>
      ((await (await call(b, manager, '/api/api/getrest')).json()) as { config: { workHoursSteps: number } }).config
        .workHoursSteps;
    const before = await steps();
    expect(await steps()).toBe(before);
    const next = before === 30 ? 15 : 30;
    // Pause B's listening backend: A's commit notifies it, but the notification cannot leave PostgreSQL.
    process.kill(pid, 'SIGSTOP');
    try {
      expect(
        (await call(a, owner, '/api/api/updateRestConfig', { name: 'workHoursSteps', value: String(next) })).status,
      ).toBe(200);
      let answered = false;
      const read = steps().finally(() => (answered = true));
      await new Promise((r) => setTimeout(r, 400));
      // B may not answer from memory while the notification is held up…
      expect(answered).toBe(false);
      process.kill(pid, 'SIGCONT');
      // …and once it arrives, the answer is the new value.
      expect(await read).toBe(next);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  it('ends a deactivated person on the next request to the other server', async () => {
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const staff = await tokenAt(b, DEMO_EMAILS.staff);
    // Twice, so the second answer comes from B's memory.
    for (let i = 0; i < 2; i += 1) expect((await call(b, staff, '/api/api/getUserInfo')).status).toBe(200);
    const list = (await (await call(a, owner, '/api/api/user?pageSize=50')).json()) as {
      items: Array<{ id: number; email: string }>;
    };
    const staffId = list.items.find((u) => u.email === DEMO_EMAILS.staff)!.id;
    const put = await fetch(`${a}/api/api/user/${staffId}`, {
      method: 'PUT',
      headers: { authorization: owner, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'inactive' }),
    });
    expect(put.status).toBe(200);
    const after = await call(b, staff, '/api/api/getUserInfo');
    expect(after.status).toBe(401);
  });

  it("applies a role's new flags and a restaurant's new config on the next request to the other server", async () => {
    const owner = await tokenAt(a, DEMO_EMAILS.owner);
    const manager = await tokenAt(b, DEMO_EMAILS.manager);
    const summary = '/api/api/reports/sales-summary?from=2026-01-05&to=2026-01-11';
    for (let i = 0; i < 2; i += 1) expect((await call(b, manager, summary)).status).toBe(200);
    const { roles } = (await (await call(a, owner, '/api/api/getrestperm')).json()) as {
      roles: Array<{ id: number; name: string; flags: Record<string, boolean> }>;
    };
    const role = roles.find((r) => r.name === 'Manager')!;
    const saved = await call(a, owner, '/api/api/updaterestperm', {
      id: role.id,
      name: role.name,
      flags: { ...role.flags, viewSalesReport: false },
    });
    expect(saved.status).toBe(200);
    expect((await call(b, manager, summary)).status).toBe(403);

    const steps = async () =>
      ((await (await call(b, manager, '/api/api/getrest')).json()) as { config: { workHoursSteps: number } }).config
        .workHoursSteps;
    // Several rounds: each read on B comes straight after A's answer, while B still remembers the old value.
    for (let round = 0; round < 5; round += 1) {
      const before = await steps();
      const next = before === 30 ? '15' : '30';
      expect((await call(a, owner, '/api/api/updateRestConfig', { name: 'workHoursSteps', value: next })).status).toBe(
        200,
      );
      expect(String(await steps())).toBe(next);
    }
  });
});
