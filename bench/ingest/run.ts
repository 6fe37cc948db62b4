/**
 * POS ingestion throughput (docs/performance.md "POS ingestion: orders per second"; issue 22).
 *
 * Starts one API server process per build (the built dist, NODE_ENV=production) on its own fresh
 * PostgreSQL database, seeds the demo (no orders), pairs devices the way a POS does (an owner creates a
 * pairing code, the device trades it for its own credential), then pushes BENCH_ORDERS (3,000) orders
 * of 1–4 lines each through POST /api/api/pos/orders with N concurrent clients (BENCH_CLIENTS, default
 * 8,16,32), each client its own paired device. Every answer must be 201. Prints orders/s per client
 * count and build, with the load average of the machine beside each figure.
 *
 * "Before" and "after" are measured in the same sitting, interleaved: with BENCH_BASE_DIST set (the
 * server.js of another build, e.g. main's), both servers run side by side (idle while the other is
 * measured) and each round measures base then this build at each client count; the summary gives the
 * median of BENCH_ROUNDS (3) rounds.
 *
 *   npm run build -w @ra/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres \
 *   BENCH_BASE_DIST=/work/wt/ingest3-base/apps/server/dist/server.js npm run ingest -w @ra/bench
 *
 * BENCH_SERVER_DIST replaces this worktree's apps/server/dist/server.js; BENCH_CPU_PROF=DIR runs the
 * measured servers with `node --cpu-prof --cpu-prof-dir=DIR` (see bench/ingest/profile-summary.ts).
 * The client runs in this process on the same machine: the figures include its cost for both builds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../support/server.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:55433/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,16,32').split(',').map(Number);
const AFTER_DIST = resolve(process.env.BENCH_SERVER_DIST ?? join(repoRoot, 'apps/server/dist/server.js'));
const BASE_DIST = process.env.BENCH_BASE_DIST ? resolve(process.env.BENCH_BASE_DIST) : undefined;
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** The demo owner (apps/server/src/demo/seed.ts). */
const OWNER = { email: 'owner@demo.test', password: 'demo1234' };
const RUN = `ib${Date.now().toString(36)}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load1 = () => loadavg()[0]!.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface TServer {
  label: string;
  base: string;
  database: string;
  child: ChildProcess;
  devices: string[];
}

function runNode(args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  return spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
}

async function startServer(label: string, dist: string, index: number): Promise<TServer> {
  const database = `${RUN}_${label}`;
  await admin(`create database ${database}`);
  const port = 19500 + Math.floor(Math.random() * 400) + index * 400;
  // The dist's own repository (node_modules, drizzle migrations) is three levels up from dist/server.js.
  const root = resolve(dirname(dist), '../../..');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl(database),
    JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: `/tmp/${database}`,
    WEB_DIST_DIR: '/tmp/ra-no-web-dist',
  };
  // Migrate and add the demo data (without orders) with that build's own seed command.
  const seed = runNode([join(dirname(dist), 'seed-cli.js'), '--days', '1', '--orders', '1'], env, root);
  let seedErr = '';
  seed.stderr!.on('data', (d: Buffer) => (seedErr += d.toString()));
  const seedCode = await new Promise<number | null>((r) => seed.on('exit', r));
  if (seedCode !== 0) throw new Error(`${label}: seeding failed: ${seedErr}`);
  const prof = CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, `--cpu-prof-name=${label}-${RUN}.cpuprofile`]
    : [];
  const child = runNode([...prof, dist], env, root);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 120_000;
  for (;;) {
    if (performance.now() > deadline || child.exitCode !== null) throw new Error(`${label} did not start: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  return { label, base, database, child, devices: await pairDevices(base, Math.max(...CLIENTS)) };
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** An owner creates a pairing code per terminal; each terminal trades its code for its own credential. */
async function pairDevices(base: string, count: number): Promise<string[]> {
  const signin = await post(`${base}/api/account/signin`, { ...OWNER, cid: -1, emailVerificationCodeNumber: '' });
  if (signin.status !== 200) throw new Error(`sign-in: ${signin.status} ${JSON.stringify(signin.json)}`);
  const owner = (signin.json as { token: string }).token;
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const code = await post(
      `${base}/api/api/devices/pairing-codes`,
      { name: `Bench POS ${i + 1}`, type: 'terminal' },
      owner,
    );
    if (code.status !== 201) throw new Error(`pairing code: ${code.status} ${JSON.stringify(code.json)}`);
    const paired = await post(`${base}/api/api/devices/pair`, {
      code: (code.json as { code: string }).code,
      model: 'Bench POS',
      serialNumber: `BENCH-${i + 1}`,
    });
    if (paired.status !== 201) throw new Error(`pair: ${paired.status} ${JSON.stringify(paired.json)}`);
    tokens.push((paired.json as { token: string }).token);
  }
  return tokens;
}

const MENU = [
  { posItemId: 'B-BURG', name: 'Bistro burger', category: 'Mains', unitPriceCents: 1900 },
  { posItemId: 'B-IPA', name: 'Harbor IPA draft', category: 'Beer', unitPriceCents: 800 },
  { posItemId: 'B-FRIES', name: 'Truffle fries', category: 'Sides', unitPriceCents: 900 },
  { posItemId: 'B-SALAD', name: 'Caesar salad', category: 'Starters', unitPriceCents: 1300 },
];

/** Order n: 1–4 lines, sales tax, one card payment; opened 30 minutes and closed 1 minute before now. */
function order(posOrderId: string, n: number) {
  const now = Date.now();
  const lines = 1 + (n % 4);
  const items = MENU.slice(0, lines).map((m, i) => ({ ...m, quantity: 1 + ((n + i) % 3) }));
  const itemsCents = items.reduce((t, i) => t + i.quantity * i.unitPriceCents, 0);
  const tax = Math.round(itemsCents * 0.101);
  const total = itemsCents + tax;
  return {
    posOrderId,
    orderNumber: String(n),
    channel: 'dineIn',
    tableName: `T${1 + (n % 20)}`,
    partySize: 2,
    serverId: 'E1',
    serverName: 'Sofia Ramirez',
    status: 'closed',
    openedAt: new Date(now - 30 * 60_000).toISOString(),
    closedAt: new Date(now - 60_000).toISOString(),
    items,
    taxCents: tax,
    taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: itemsCents, taxCents: tax }],
    tipCents: 0,
    payments: [
      {
        posPaymentId: `${posOrderId}-p1`,
        method: 'card',
        cardBrand: 'visa',
        cardLast4: '4242',
        amountCents: total,
        tipCents: 0,
        paidAt: new Date(now - 90_000).toISOString(),
      },
    ],
  };
}

/** Pushes `count` orders with `clients` concurrent POS clients; answers orders/s (throws on any non-201). */
async function push(server: TServer, tag: string, count: number, clients: number): Promise<number> {
  let next = 0;
  const statuses = new Map<number, number>();
  let firstError = '';
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const token = server.devices[c]!;
      for (let n = next++; n < count; n = next++) {
        const res = await fetch(`${server.base}/api/api/pos/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(order(`${RUN}-${tag}-${n}`, n)),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 201 && !firstError) firstError = `${res.status} ${text}`;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (statuses.get(201) !== count) {
    throw new Error(`${server.label}: not every order answered 201: ${JSON.stringify([...statuses])} ${firstError}`);
  }
  return count / seconds;
}

async function stopServer(server: TServer): Promise<void> {
  server.child.kill('SIGTERM');
  const deadline = performance.now() + 30_000;
  while (server.child.exitCode === null && server.child.signalCode === null && performance.now() < deadline) {
    await sleep(100);
  }
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await admin(`drop database if exists ${server.database} with (force)`);
}

const builds: Array<[string, string]> = [
  ...(BASE_DIST ? [['base', BASE_DIST] as [string, string]] : []),
  ['after', AFTER_DIST],
];
const servers: TServer[] = [];
try {
  for (const [i, [label, dist]] of builds.entries()) {
    servers.push(await startServer(label, dist, i));
    console.log(`${label}: ${dist} on ${servers.at(-1)!.base}`);
  }
  for (const server of servers) await push(server, 'warm', WARMUP, 8);
  const figures = new Map<string, Array<{ rate: number; load: string }>>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const clients of CLIENTS) {
      for (const server of servers) {
        const load = load1();
        const rate = await push(server, `r${round}c${clients}`, ORDERS, clients);
        const key = `${server.label} ${clients}`;
        figures.set(key, [...(figures.get(key) ?? []), { rate, load }]);
        console.log(
          `round ${round} ${server.label.padEnd(5)} ${String(clients).padStart(2)} clients: ${rate.toFixed(0).padStart(4)} orders/s (load ${load} before, ${load1()} after)`,
        );
      }
    }
  }
  console.log('');
  console.log(
    `median of ${ROUNDS} rounds, ${ORDERS} orders each, every answer 201 (1-min load average at each start):`,
  );
  for (const clients of CLIENTS) {
    const parts = servers.map((s) => {
      const runs = figures.get(`${s.label} ${clients}`)!;
      return `${s.label} ${median(runs.map((r) => r.rate)).toFixed(0)} orders/s [${runs.map((r) => `${r.rate.toFixed(0)}@${r.load}`).join(', ')}]`;
    });
    const ratio =
      servers.length === 2
        ? `  after/base ${(median(figures.get(`after ${clients}`)!.map((r) => r.rate)) / median(figures.get(`base ${clients}`)!.map((r) => r.rate))).toFixed(2)}x`
        : '';
    console.log(`${String(clients).padStart(2)} clients: ${parts.join('; ')}${ratio}`);
  }
} finally {
  for (const server of servers) await stopServer(server).catch((e: unknown) => console.error(e));
}
process.exit(0);
