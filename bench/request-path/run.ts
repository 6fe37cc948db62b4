/**
 * `npm run bench:request-path`: requests per second of an authenticated `GET /api/api/getrest` on
 * PostgreSQL against a bare Fastify hello-world, measured side by side in one run (autocannon, 20
 * connections, alternating rounds so machine noise hits both). The target is a ratio of at least 1/5.
 *
 * BENCH_DATABASE_URL names a PostgreSQL database to use (created if missing; default the local CI-like
 * server at 127.0.0.1:55432). BENCH_SECONDS sets each round's length (default 10), BENCH_ROUNDS the
 * number of rounds per server (default 2).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

// A database of its own, so the bench never touches another's data.
const url = new URL(base);
const dbName = 'ra_bench_request_path';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
if (exists.rowCount === 0) await admin.query(`create database ${dbName}`);
await admin.end();
url.pathname = `/${dbName}`;

const child = spawn('node', ['--import', 'tsx', resolve(import.meta.dirname, 'servers.ts')], {
  env: { ...process.env, BENCH_DATABASE_URL: url.toString(), NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ports = await new Promise<{ app: number; hello: number }>((done, fail) => {
  child.on('exit', (code) => fail(new Error(`servers exited with ${code}`)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) done(JSON.parse(line) as { app: number; hello: number });
  });
});

const appUrl = `http://127.0.0.1:${ports.app}`;
const signin = await fetch(`${appUrl}/api/account/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'owner@demo.test', password: 'demo1234', cid: -1, emailVerificationCodeNumber: '' }),
});
const { token } = (await signin.json()) as { token: string };
if (!token) throw new Error(`sign-in failed: ${signin.status}`);
const check = await fetch(`${appUrl}/api/api/getrest`, { headers: { authorization: token } });
if (check.status !== 200) throw new Error(`getrest answered ${check.status}`);

async function measure(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const result = await autocannon({ url: target, connections: 20, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

// Warm both (JIT, pools, caches) before anything is recorded.
await autocannon({ url: `http://127.0.0.1:${ports.hello}/hello`, connections: 20, duration: 2 });
await autocannon({ url: `${appUrl}/api/api/getrest`, connections: 20, duration: 2, headers: { authorization: token } });

const rows: Array<{ round: number; server: string; rps: number; p50: number; p99: number; errors: number }> = [];
for (let round = 1; round <= rounds; round += 1) {
  rows.push({ round, server: 'hello-world', ...(await measure(`http://127.0.0.1:${ports.hello}/hello`)) });
  rows.push({
    round,
    server: 'GET /api/api/getrest (authenticated)',
    ...(await measure(`${appUrl}/api/api/getrest`, { authorization: token })),
  });
}
child.kill('SIGTERM');

console.table(rows.map((r) => ({ ...r, rps: Math.round(r.rps) })));
const mean = (name: string) => {
  const own = rows.filter((r) => r.server.startsWith(name));
  return own.reduce((s, r) => s + r.rps, 0) / own.length;
};
const helloRps = mean('hello');
const appRps = mean('GET');
console.log(
  `hello-world ${Math.round(helloRps)} req/s, authenticated getrest ${Math.round(appRps)} req/s: ratio 1/${(helloRps / appRps).toFixed(1)} (target 1/5 or better)`,
);
process.exit(0);
