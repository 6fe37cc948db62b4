import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bankAccounts } from '../src/db/schema/business.ts';
import { DEMO_PASSWORD } from '../src/demo/seed.ts';
import { harbor } from '../src/modules/team/team.test-support.ts';
import { bundleServer } from './bundle-server.ts';
import { freePort } from './free-port.ts';
import { TEST_NOW } from './test-now.ts';

/** API servers started as real processes (bundled as `npm start` runs them), for tests that kill them. */

let built: string | undefined;

/**
 * The server bundled from the source under test (bundle-server.ts), once per test worker, into the
 * run's folder for it (test/global-setup.ts removes it after the run). A bundle
 * starts with half the CPU of the same source under tsx (3 s against 6 s on this machine, on
 * PostgreSQL), and these tests start two or three at once.
 */
export function builtServer(): string {
  if (!built) {
    built = bundleServer(join(inject('serverBuildRoot'), `${process.pid}-${threadId}`));
  }
  return built;
}

export interface TServer {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

export const children: ChildProcess[] = [];

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 120_000,
): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startServer(env: Record<string, string>): Promise<TServer> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      SEED_ORDER_DAYS: '0',
      CLOCK_NOW: TEST_NOW,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'the server to be ready',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
      const res = await fetch(`${url}/api/readyz`).catch(() => undefined);
      if (res) await res.arrayBuffer();
      return res?.status === 200 ? true : undefined;
    },
    150_000,
  );
  return { child, url, output: () => output, exited };
}

export async function call(server: TServer, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text) as Record<string, unknown> };
}

export async function tokenAt(server: TServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/account/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in as ${email}: ${res.status}`);
  return body.token;
}

/** Whether the batch has more codes than `than` (the batch as the API shows it). */
export function madeSince(server: TServer, token: string, than: number) {
  return async () => {
    const res = await fetch(`${server.url}/api/api/coupon/codes/batches`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { items } = (await res.json()) as { items: Array<{ generated: number }> };
    return items.some((b) => b.generated > than) ? true : undefined;
  };
}

/** Reads rows of the embedded database while no server has it open. */
export async function rows(db: Database, query: ReturnType<typeof sql>) {
  return ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The campaign's audience: this many customers of Harbor Bistro. */
export const RECIPIENTS = 105;

/** Harbor Bistro with a verified bank and RECIPIENTS customers; answers their ids and the restaurant's xid. */
export async function prepareCampaignData(db: Database): Promise<{ customerIds: number[]; xid: string }> {
  const home = await harbor(db);
  await db
    .insert(bankAccounts)
    .values({
      nodeId: home.nodeId,
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumberEnc: 'x',
      accountLast4: '6789',
      providerCustomerId: 'cus_test',
      status: 'verified',
    })
    .onConflictDoUpdate({ target: bankAccounts.nodeId, set: { status: 'verified' } });
  const at = new Date(TEST_NOW).toISOString();
  const inserted = await rows(
    db,
    sql`insert into customers (restaurant_id, phone, language, first_order_at, last_order_at, total_orders,
          total_spent_cents, points, updated_at)
        select ${home.id}, '+1555077' || lpad(i::text, 4, '0'), case when i % 3 = 0 then 'zh' else 'en' end,
          ${at}::timestamptz, ${at}::timestamptz, 1, 1000, 10, ${at}::timestamptz
        from generate_series(1, ${RECIPIENTS}) as i
        returning id`,
  );
  return { customerIds: inserted.map((r) => Number(r.id)), xid: home.xid };
}

/** The count a hold point was held at (lib/hold-points.ts), once it was. */
export function heldAt(dir: string, name: string) {
  return () =>
    existsSync(join(dir, `${name}.held`)) ? Number(readFileSync(join(dir, `${name}.held`), 'utf8')) : undefined;
}

/** Submits, approves and sends a campaign to `ids`; answers its id. */
export async function sendCampaign(
  server: TServer,
  tokens: { owner: string; agent: string },
  ids: number[],
): Promise<number> {
  const submit = await call(server, tokens.owner, 'POST', '/api/api/customers/campaigns', {
    bodyEn: 'Harbor Bistro: 20% off this week!',
    bodyZh: '海港小馆：本周八折！',
    audience: { ids },
  });
  if (submit.status !== 200) throw new Error(`submit: ${submit.status} ${submit.body}`);
  const id = Number(submit.json().id);
  const review = await call(server, tokens.agent, 'POST', `/api/api/customers/reviews/${id}`, { decision: 'approved' });
  if (review.status !== 200) throw new Error(`review: ${review.status} ${review.body}`);
  const send = await call(server, tokens.owner, 'POST', `/api/api/customers/campaigns/${id}/send`);
  if (send.status !== 200) throw new Error(`send: ${send.status} ${send.body}`);
  return id;
}
