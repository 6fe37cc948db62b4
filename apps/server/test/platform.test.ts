import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { buildApp, type App } from '../src/app.ts';
import { loadDatabaseConfig } from '../src/config.ts';
import { isDatabaseUnavailable, openConfiguredDatabase, openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../src/plugins/error-handler.ts';
import { NOT_ON_IMMUTABLE_ASSETS } from '../src/plugins/web-app.ts';
import { as, createTestContext, TEST_JWT_SECRET, testConfig, tokenFor, type TestContext } from './helper.ts';
import { freePort } from './free-port.ts';

/**
 * Running in production: security headers on every answer, the health and readiness probes, 503 with
 * Retry-After while the database is away (and quick recovery when it returns) and pool settings. The
 * server as compiled JavaScript is in compiled-server.test.ts.
 */

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  ctx = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), 'ra-web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'index-5e1f.js'), 'console.log(1);');
});
afterAll(async () => {
  await ctx?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

/** A token our server would accept the signature of, for a session that does not exist. */
function tokenForMissingSession(): string {
  const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256' });
  return sign({ sub: '1', sid: '00000000-0000-4000-8000-000000000000', exp: Date.parse('2030-01-01') / 1000 });
}

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let web: App;
  beforeAll(async () => {
    web = await ctx.buildAnother({ config: { webDistDir: webDist } });
  });

  const answers = () =>
    [
      ['the web app page', { method: 'GET', url: '/dashboard' }],
      ['a public API route', { method: 'GET', url: '/api/healthz' }],
      ['the access guard refusing', { method: 'GET', url: '/api/api/getrest' }],
      ['an unknown API path', { method: 'GET', url: '/api/nope' }],
      ['the OpenAPI viewer', { method: 'GET', url: '/api/docs/static/index.html' }],
      [
        'a malformed body',
        { method: 'POST', url: '/api/account/signin', payload: '{', headers: { 'content-type': 'application/json' } },
      ],
    ] as const;

  it('puts a strict Content-Security-Policy on every kind of answer', async () => {
    for (const [what, request] of answers()) {
      const res = await web.inject(request);
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      // No inline script and no eval: injected markup cannot run code.
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      // Styles may be inline (antd's CSS-in-JS), but only from here.
      expect(csp.get('style-src'), what).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it('forbids framing and sniffing and sends no referrer, on every kind of answer', async () => {
    for (const [what, request] of answers()) {
      const res = await web.inject(request);
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
    }
  });

  it('keeps on a hashed asset only the headers that act on a script, and no revalidation headers', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/index-5e1f.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // these act on a subresource: never run as script what is not one, never embedded by another site
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // these act on documents only, and an immutable file is never revalidated
    for (const name of NOT_ON_IMMUTABLE_ASSETS) expect(res.headers[name], name).toBeUndefined();
    // the page itself keeps them all
    const page = await web.inject({ method: 'GET', url: '/dashboard' });
    for (const name of NOT_ON_IMMUTABLE_ASSETS.filter((n) => n !== 'etag' && n !== 'last-modified')) {
      expect(page.headers[name], name).toBeDefined();
    }
  });

  it('sends HSTS only when the request came over TLS as a trusted proxy reports it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    // Without TRUST_PROXY anyone could send the header: it must not count.
    const spoofed = await ctx.app.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await ctx.buildAnother({ config: { trustProxy: true } });
    const tls = await behindProxy.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await behindProxy.inject({
      method: 'GET',
      url: '/api/healthz',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('health and readiness probes', () => {
  it('answers healthz and readyz without a session, with nothing but a status, never cached', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await ctx.app.inject({ method: 'GET', url: '/api/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('declares both public in the route table', () => {
    const find = (url: string) => ctx.app.routeAccess.find((r) => r.method === 'GET' && r.url === url)?.access;
    expect(find('/api/healthz')).toEqual({ kind: 'public' });
    expect(find('/api/readyz')).toEqual({ kind: 'public' });
  });
});

describe(isDatabaseUnavailable.name, () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('recognises a database that is down, restarting, starting or unreachable', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '53300',
    ]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    // Node reports a refused dual-stack connect as an AggregateError of one error per address.
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], ''))).toBe(true);
  });

  it('looks through the query error drizzle wraps the driver’s error in', () => {
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], withCode('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], withCode('23505')))).toBe(false);
  });

  it('leaves errors in the query or the code to be 500s', () => {
    for (const code of ['23505', '42P01', '22P02', '40001'])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is not a function'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

/** What every route must answer while the database is away. */
function expectUnavailable(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  what: string,
) {
  expect(res.statusCode, what).toBe(503);
  expect(res.headers['retry-after'], what).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(res.json(), what).toEqual({
    code: ERROR_CODES.serviceUnavailable,
    key: 'common.serviceUnavailable',
    message: MESSAGES.serviceUnavailable.en,
  });
}

describe('while the database is away', () => {
  it('answers 503 with Retry-After once the embedded database has closed', async () => {
    // No tables needed: every answer below fails at the connection, before any table is read.
    const handle = await openDatabase({});
    const app = await buildApp({ db: handle.db, config: testConfig() });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
      const token = tokenForMissingSession();

      await handle.close();
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/readyz' }), 'readyz');
      expectUnavailable(await as(app, token)({ method: 'GET', url: '/api/api/getrest' }), 'a signed-in read');
      // The process itself is fine: restarting it would not help.
      expect((await app.inject({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 at once, not after a hang, when PostgreSQL refuses connections', async () => {
    const port = await freePort();
    const handle = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const app = await buildApp({ db: handle.db, config: testConfig() });
    try {
      const started = performance.now();
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/readyz' }), 'readyz');
      expectUnavailable(
        await as(app, tokenForMissingSession())({ method: 'GET', url: '/api/api/getrest' }),
        'a signed-in read',
      );
      expect(performance.now() - started).toBeLessThan(2_000);
      // The answer names nothing internal.
      const res = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(res.body).not.toContain(String(port));
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('database configuration', () => {
  it('reads the pool size and statement timeout, and refuses values that are not positive integers', () => {
    expect(loadDatabaseConfig({})).toMatchObject({ poolSize: 10, statementTimeoutMs: 30_000 });
    expect(loadDatabaseConfig({ DATABASE_POOL_SIZE: '3', DATABASE_STATEMENT_TIMEOUT_MS: '2500' })).toMatchObject({
      poolSize: 3,
      statementTimeoutMs: 2500,
    });
    expect(() => loadDatabaseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadDatabaseConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1.5s' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});

/**
 * A throwaway PostgreSQL cluster this test can stop and start, from the server binaries Debian's
 * postgresql package installs. As root the binaries must run as the postgres user, as .ci/run does.
 */
const PG_BIN = ['15', '16', '17', '14']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb')));
const AS_ROOT = userInfo().uid === 0;

function runPg(command: string): void {
  if (AS_ROOT) execFileSync('su', ['postgres', '-c', command], { stdio: 'pipe' });
  else execFileSync('sh', ['-c', command], { stdio: 'pipe' });
}

// The cluster is the test's own whichever database the pass uses: it runs in the PGlite pass only.
describe.skipIf(!PG_BIN || process.env.TEST_DATABASE_URL)('against a PostgreSQL server that stops and starts', () => {
  if (!PG_BIN)
    console.warn('platform.test.ts: no PostgreSQL server binaries under /usr/lib/postgresql; skipping the outage test');
  let dir: string;
  let port: number;
  let url: string;
  let handle: DatabaseHandle;
  let app: App;
  const pgCtl = (args: string) => runPg(`${PG_BIN}/pg_ctl -D ${dir}/data ${args}`);
  const startServer = (wait: boolean) =>
    pgCtl(
      `-o "-p ${port} -k ${dir} -c fsync=off -c listen_addresses=127.0.0.1" -l ${dir}/log ${wait ? '-w' : '-W'} start`,
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ra-pg-outage-'));
    if (AS_ROOT) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
    port = await freePort();
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    runPg(`${PG_BIN}/initdb -D ${dir}/data -A trust -U postgres --no-sync`);
    startServer(true);
    // Opened the way `npm start` opens it, from the environment.
    handle = await openConfiguredDatabase(
      loadDatabaseConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '3', DATABASE_STATEMENT_TIMEOUT_MS: '1000' }),
    );
    await handle.migrate();
    await seedDemoData(handle.db);
    app = await buildApp({ db: handle.db, config: testConfig() });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close().catch(() => undefined);
    if (dir) {
      try {
        pgCtl('-m immediate -w stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies the statement timeout to every connection of the pool', async () => {
    const shown = (await handle.db.execute(sql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(shown.rows[0]).toEqual({ statement_timeout: '1s' });
    const started = performance.now();
    await expect(handle.db.execute(sql`select pg_sleep(3)`)).rejects.toSatisfy(
      (error: Error) => (error.cause as { code?: string } | undefined)?.code === '57014',
    );
    expect(performance.now() - started).toBeLessThan(2_500);
  });

  it('opens no more connections than the pool size, however many queries wait', async () => {
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      // drizzle's queries are lazy: then() sends them.
      const sleeps = Array.from({ length: 8 }, () =>
        handle.db.execute(sql`select pg_sleep(0.3)`).then(() => undefined),
      );
      await new Promise((r) => setTimeout(r, 150));
      const { rows } = await watcher.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where application_name = 'restaurant-admin'`,
      );
      await Promise.all(sleeps);
      expect(Number(rows[0]!.n)).toBe(3);
    } finally {
      await watcher.end();
    }
  });

  it('answers 503 while the server is down and 200 again within 300 ms of its return', async () => {
    const token = await tokenFor(app, DEMO_EMAILS.owner);
    const getrest = () => as(app, token)({ method: 'GET', url: '/api/api/getrest' });
    expect((await getrest()).statusCode).toBe(200);

    pgCtl('-m fast -w stop');
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/readyz' }), 'readyz');
    expectUnavailable(await getrest(), 'a signed-in read');
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/account/signin',
        payload: { email: DEMO_EMAILS.manager, password: 'demo1234', cid: -1, emailVerificationCodeNumber: '' },
      }),
      'sign-in',
    );

    // Start without waiting and watch both sides: when a fresh connection first succeeds, and when
    // the API first answers 200. Everything in between must be a 503, never a 500.
    startServer(false);
    let databaseBack: number | undefined;
    let apiBack: number | undefined;
    const statuses = new Set<number>();
    const deadline = performance.now() + 30_000;
    const watchDatabase = (async () => {
      while (databaseBack === undefined && performance.now() < deadline) {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
        try {
          await client.connect();
          await client.query('select 1');
          databaseBack = performance.now();
        } catch {
          await new Promise((r) => setTimeout(r, 10));
        } finally {
          await client.end().catch(() => undefined);
        }
      }
    })();
    const watchApi = (async () => {
      while (apiBack === undefined && performance.now() < deadline) {
        const res = await getrest();
        statuses.add(res.statusCode);
        if (res.statusCode === 200) apiBack = performance.now();
        else await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await Promise.all([watchDatabase, watchApi]);

    expect(databaseBack).toBeDefined();
    expect(apiBack).toBeDefined();
    expect([...statuses].sort()).toEqual(statuses.has(503) ? [200, 503] : [200]);
    const lag = apiBack! - databaseBack!;
    console.log(`platform.test.ts: API answered 200 ${Math.round(lag)} ms after PostgreSQL accepted connections again`);
    expect(lag).toBeLessThan(300);
    expect((await app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
  });
});
