import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { ManualClock } from '../src/lib/clock.ts';
import type { AppConfig } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { addOrderMonthPartitions } from '../src/db/order-partitions.ts';
import { DEMO_PASSWORD, seedDemoData } from '../src/demo/seed.ts';

import { createScratchDatabase } from './scratch-database.ts';
import { TEST_NOW } from './test-now.ts';

export { TEST_NOW } from './test-now.ts';

export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdef0123456789';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    // Unused: the JWT secret is given, and the database is opened by the helper.
    dataDir: join(tmpdir(), 'ra-server-test-data'),
    jwtSecret: TEST_JWT_SECRET,
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'test@restaurant-admin.local', fail: false },
    webDistDir: join(tmpdir(), 'ra-no-web-dist'),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests run at a fixed instant, never the hour they happen to run at (a Saturday evening in New York).
    clock: new ManualClock(TEST_NOW),
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  db: Database;
  config: AppConfig;
  /** Another app on the same database (e.g. with email failing); closed by `close`. */
  buildAnother(options?: { config?: Partial<AppConfig>; modules?: FastifyPluginAsyncZod[] }): Promise<App>;
  close(): Promise<void>;
}

/**
 * One database per test file, migrated and seeded with the demo data, and an app built on it: PGlite in
 * memory by default, or a database of its own on the server at TEST_DATABASE_URL (dropped afterwards).
 * Either is a copy of the run's template (test/global-setup.ts) when the file runs at TEST_NOW.
 */
let templateBlob: Promise<Blob | undefined> | undefined;
/** The migrated, seeded PGlite dump of this run, read once per worker; undefined outside vitest's setup. */
function pgliteTemplate(): Promise<Blob | undefined> {
  templateBlob ??= (async () => {
    const file = provided('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateBlob;
}

/** What the run's setup provided, or '' outside vitest's setup (a script importing this helper). */
function provided(key: 'pgliteTemplate' | 'postgresTemplate'): string {
  try {
    return inject(key);
  } catch {
    return '';
  }
}

export async function createTestContext(
  options: {
    config?: Partial<AppConfig>;
    imageUsers?: BuildAppOptions['imageUsers'];
    payments?: BuildAppOptions['payments'];
  } = {},
): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  const config = testConfig(options.config);
  // The run's template was seeded as of TEST_NOW; a file on another clock seeds its own.
  const atTestNow = config.clock.now().getTime() === new Date(TEST_NOW).getTime();
  const postgresTemplate = serverUrl && atTestNow ? provided('postgresTemplate') : '';
  const scratch = serverUrl
    ? await createScratchDatabase(serverUrl, 'test', { template: postgresTemplate || undefined })
    : undefined;
  const pglite = !serverUrl && atTestNow ? await pgliteTemplate() : undefined;
  const seeded = !!postgresTemplate || !!pglite;
  const apps: App[] = [];
  let handle: DatabaseHandle | undefined;
  // the database is closed, and on a server dropped, even when an app's close fails first
  const close = async () => {
    try {
      await Promise.all(apps.map((a) => a.close()));
    } finally {
      try {
        await handle?.close();
      } finally {
        await scratch?.drop();
      }
    }
  };
  try {
    handle = await openDatabase({ databaseUrl: scratch?.url, maxConnections: 4, pgliteLoadDataDir: pglite });
    await handle.migrate();
    if (!seeded) {
      await seedDemoData(handle.db, { now: config.clock.now() });
      await addOrderMonthPartitions(handle.db, config.clock.now());
    }
    const { db, listen } = handle;
    const app = await buildApp({
      db,
      config,
      listen,
      imageUsers: options.imageUsers,
      ...(options.payments ? { payments: options.payments } : {}),
    });
    apps.push(app);
    return {
      app,
      db,
      config,
      async buildAnother(more = {}) {
        const another = await buildApp({
          db,
          config: { ...config, ...more.config },
          modules: more.modules,
          listen,
        });
        apps.push(another);
        return another;
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** Distinct client addresses keep one test's failed sign-ins from rate-limiting another's. */
let nextIp = 1;
export function freshIp(): string {
  nextIp += 1;
  return `10.${process.pid % 250}.${Math.floor(nextIp / 250)}.${nextIp % 250}`;
}

export async function signin(
  app: App,
  email: string,
  password: string = DEMO_PASSWORD,
  extra: { ip?: string; emailVerificationCodeNumber?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/account/signin',
    remoteAddress: extra.ip ?? freshIp(),
    payload: { email, password, cid: -1, emailVerificationCodeNumber: extra.emailVerificationCodeNumber ?? '' },
  });
}

/** Signs in and returns the token; fails the test if sign-in does not answer one. */
export async function tokenFor(app: App, email: string): Promise<string> {
  const res = await signin(app, email);
  const body = res.json() as { token?: string };
  if (res.statusCode !== 200 || !body.token)
    throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
  return body.token;
}

/** app.inject with the token in the Authorization header, as the SPEC 7 client sends it. */
export function as(app: App, token: string) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { authorization: token, ...(options.headers ?? {}) } });
}
