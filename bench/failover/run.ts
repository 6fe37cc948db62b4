/**
 * The failover drill (docs/performance.md "Failover drill", docs/scaling.md).
 *
 * Starts (or reuses) the local cluster of deploy/cluster.sh, then, while DRILL_CLIENTS POS clients push
 * orders through the load balancer and an owner reads reports:
 *   1. kill -9 one API server (at DRILL_KILL_API_AT s);
 *   2. kill -9 the PostgreSQL primary, its pg_auto_failover keeper included, as if its machine died
 *      (at DRILL_KILL_PRIMARY_AT s);
 *   3. brings the old primary back (deploy/cluster.sh start restarts what is dead), which rejoins as a
 *      standby; the killed API server comes back with it.
 * A POS retries a refused or unanswered order with the same posOrderId (pushes are idempotent), as
 * real ones do. Afterwards every acknowledged order must be in the database.
 *
 *   npm run bench:failover
 *   CLUSTER_DIR=/tmp/x CLUSTER_LB_PORT=8102 ... npm run bench:failover   (the cluster's own variables)
 *
 * The small drill (`--small`, or FAILOVER_DRILL=small), which CI runs (scripts/test-all.mjs
 * "failover-drill", with CLUSTER_API_COUNT=2): 4 POS clients, and every step waits for a state rather
 * than a time: API server 1 is killed after DRILL_ACKS acknowledged orders, the primary after DRILL_ACKS
 * more (the surviving server took them), then it waits for pg_auto_failover's promotion and for an order
 * sent after the kill to be acknowledged, brings the old primary back as a standby (as the full drill;
 * DRILL_REJOIN=0 leaves it dead), then waits for DRILL_ACKS more. Each wait is bounded (DRILL_WAIT_S,
 * 240 s; deploy/cluster.sh bounds its own): one that runs out fails the drill.
 *
 * Either drill exits non-zero unless every acknowledged order is present and writes were acknowledged
 * again after the primary died.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  multiHostClientConfig,
  parseMultiHostUrl,
  WriterLocator,
  writerClientClass,
} from '../../apps/server/src/db/multi-host.ts';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const DIR = process.env.CLUSTER_DIR ?? '/tmp/ra-cluster';
const LB = `http://127.0.0.1:${process.env.CLUSTER_LB_PORT ?? 8080}`;
const PG_BASE = Number(process.env.CLUSTER_PG_PORT_BASE ?? 5440);
const SMALL = process.argv.includes('--small') || process.env.FAILOVER_DRILL === 'small';
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? (SMALL ? 4 : 16));
/** Small drill: acknowledged orders before each kill, and after the failover. */
const STEP_ACKS = Number(process.env.DRILL_ACKS ?? 20);
/** The longest any wait for a state may take before the drill fails. */
const WAIT_S = Number(process.env.DRILL_WAIT_S ?? 240);
const REJOIN = (process.env.DRILL_REJOIN ?? '1') === '1';
const KILL_API_AT = Number(process.env.DRILL_KILL_API_AT ?? 10);
const KILL_PRIMARY_AT = Number(process.env.DRILL_KILL_PRIMARY_AT ?? 25);
/** Seconds of load after the old primary is back as a standby. */
const TAIL_S = Number(process.env.DRILL_TAIL_S ?? 10);
/** The demo owner (apps/server/src/demo/seed.ts), written out so the drill loads no server code but the db routing. */
const OWNER = {
  email: process.env.DRILL_EMAIL ?? 'owner@demo.test',
  password: process.env.DRILL_PASSWORD ?? 'demo1234',
};
const RUN = `drill${Date.now().toString(36)}`;
const NODE_URL = `postgres://postgres@127.0.0.1:${PG_BASE + 1},127.0.0.1:${PG_BASE + 2}/restaurant?target_session_attrs=read-write`;
const MONITOR_URL = `postgres://autoctl_node@127.0.0.1:${PG_BASE}/pg_auto_failover`;

const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;
const log = (message: string) => console.log(`[${seconds().toFixed(1).padStart(6)} s] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` until it holds; the drill fails if it has not within WAIT_S seconds. */
async function waitFor(what: string, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = performance.now() + WAIT_S * 1000;
  while (!(await done())) {
    if (performance.now() > deadline) throw new DrillFailed(`${what}: not within ${WAIT_S} s`);
    await sleep(100);
  }
}
class DrillFailed extends Error {}

function cluster(args: string[]): void {
  execFileSync('bash', [join(ROOT, 'deploy/cluster.sh'), ...args], {
    stdio: 'inherit',
    env: { ...process.env, CLUSTER_BUILD: process.env.CLUSTER_BUILD ?? '0' },
  });
}

async function monitorQuery<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: MONITOR_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The process and every process under it, deepest first. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    // no children
  }
  return [...children.flatMap(descendants), pid];
}

function kill9(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

// ---- the cluster, the owner, the POS clients -------------------------------------------------------

log(`starting or reusing the cluster in ${DIR}`);
cluster(['start']);

const parsed = parseMultiHostUrl(NODE_URL)!;
const base = multiHostClientConfig(parsed);
const writer = new pg.Pool({
  ...base,
  max: 2,
  connectionTimeoutMillis: 3000,
  Client: writerClientClass(new WriterLocator(parsed.hosts, base)),
});
writer.on('error', () => undefined);

async function signIn(): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${LB}/api/account/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...OWNER, cid: -1, emailVerificationCodeNumber: '' }),
    });
    if (res.status === 200) return ((await res.json()) as { token: string }).token;
    if (attempt === 5) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
    await sleep(1000);
  }
}
const token = await signIn();

function order(posOrderId: string, n: number) {
  const now = Date.now();
  const quantity = 1 + (n % 3);
  const items = 1900 * quantity + 800;
  const tax = Math.round(items * 0.101);
  const total = items + tax;
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
    items: [
      { posItemId: 'B-BURG', name: 'Bistro burger', category: 'Mains', quantity, unitPriceCents: 1900 },
      { posItemId: 'B-IPA', name: 'Harbor IPA draft', category: 'Beer', quantity: 1, unitPriceCents: 800 },
    ],
    taxCents: tax,
    taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: items, taxCents: tax }],
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

const acknowledged = new Set<string>();
const ackTimes: number[] = [];
/** When each acknowledged request was sent. */
const ackStarts: number[] = [];
const failures = new Map<string, number>();
const reportFailures = new Map<string, number>();
let reportsRead = 0;
let stopping = false;
const fail = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function posClient(client: number): Promise<void> {
  for (let n = 0; !stopping; n += 1) {
    const id = `${RUN}-${client}-${n}`;
    const body = JSON.stringify(order(id, client * 100_000 + n));
    // A POS keeps an order until the server has acknowledged it.
    for (;;) {
      const sentAt = seconds();
      try {
        const res = await fetch(`${LB}/api/api/pos/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        if (res.status === 200 || res.status === 201) {
          acknowledged.add(id);
          ackTimes.push(seconds());
          ackStarts.push(sentAt);
          break;
        }
        fail(failures, String(res.status));
      } catch (error) {
        fail(failures, (error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
      }
      if (stopping) return;
      await sleep(250);
    }
  }
}

async function ownerReading(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  while (!stopping) {
    try {
      const res = await fetch(`${LB}/api/api/reports/sales-summary?from=${monthAgo}&to=${today}`, {
        headers: { authorization: token },
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      if (res.status === 200) reportsRead += 1;
      else fail(reportFailures, String(res.status));
    } catch {
      fail(reportFailures, 'network');
    }
    await sleep(200);
  }
}

const lagSamples: Array<{ at: number; bytes: number; seconds: number }> = [];
async function sampleLag(): Promise<void> {
  while (!stopping) {
    try {
      const { rows } = await writer.query<{ bytes: string | null; lag: number | null }>(
        `select max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text as bytes,
                extract(epoch from max(replay_lag))::float8 as lag
         from pg_stat_replication`,
      );
      if (rows[0]?.bytes != null)
        lagSamples.push({ at: seconds(), bytes: Number(rows[0].bytes), seconds: rows[0].lag ?? 0 });
    } catch {
      // the writer is away (the failover); the next sample finds the new one
    }
    await sleep(1000);
  }
}

// ---- the drill ---------------------------------------------------------------------------------------

log(`${CLIENTS} POS clients pushing orders through ${LB}, the owner reading reports`);
const load = [...Array.from({ length: CLIENTS }, (_, i) => posClient(i)), ownerReading(), sampleLag()];

/** Orders acknowledged whose request was sent after `t` (seconds of the drill). */
const ackedSentAfter = (t: number) => ackStarts.filter((s) => s > t).length;
let failedStep: string | undefined;
if (SMALL) await waitFor(`${STEP_ACKS} orders acknowledged`, () => acknowledged.size >= STEP_ACKS);
else await sleep(KILL_API_AT * 1000);
const apiKilledAt = seconds();
const apiPid = Number(readFileSync(join(DIR, 'run/api-1.pid'), 'utf8'));
kill9([apiPid]);
log(`kill -9 API server 1 (pid ${apiPid}); acknowledged so far ${acknowledged.size}`);

if (SMALL)
  await waitFor(
    `${STEP_ACKS} orders acknowledged by the API server left`,
    () => ackedSentAfter(apiKilledAt) >= STEP_ACKS,
  );
else await sleep(Math.max(0, KILL_PRIMARY_AT - KILL_API_AT) * 1000);
const [primary] = await monitorQuery<{ nodename: string }>(
  `select nodename from pgautofailover.node where reportedstate in ('primary', 'wait_primary', 'single')`,
);
if (!primary) throw new Error('no primary to kill');
const keeperPid = Number(readFileSync(join(DIR, `run/keeper-${primary.nodename}.pid`), 'utf8'));
const postmasterFile = join(DIR, primary.nodename, 'postmaster.pid');
const postmasterPid = existsSync(postmasterFile) ? Number(readFileSync(postmasterFile, 'utf8').split('\n')[0]) : 0;
const killed = [...new Set([...descendants(keeperPid), ...(postmasterPid ? descendants(postmasterPid) : [])])];
const primaryKilledAt = seconds();
kill9(killed);
log(
  `kill -9 the primary ${primary.nodename} (keeper, PostgreSQL and its backends: ${killed.length} processes); acknowledged so far ${acknowledged.size}`,
);

// Wait for pg_auto_failover to promote the standby, then for an order sent after the kill to be acknowledged.
let rejoinStarted = Number.NaN;
try {
  await waitFor('pg_auto_failover promoting the standby (pgautofailover.node)', async () => {
    const rows = await monitorQuery<{ n: string }>(
      `select count(*) as n from pgautofailover.node
       where reportedstate in ('primary', 'wait_primary', 'single') and nodename <> '${primary.nodename}'`,
    ).catch(() => [{ n: '0' }]);
    return Number(rows[0]!.n) >= 1;
  });
  log('pg_auto_failover has promoted the standby');
  await waitFor('an order sent after the kill acknowledged', () => ackedSentAfter(primaryKilledAt) > 0);
  log(`writes acknowledged again`);
  if (REJOIN) {
    log(`bringing the old primary ${primary.nodename} (and API server 1) back: deploy/cluster.sh start`);
    rejoinStarted = seconds();
    try {
      cluster(['start']);
    } catch (error) {
      throw new DrillFailed(`the old primary rejoining (deploy/cluster.sh start): ${(error as Error).message}`);
    }
    log(`the old primary is a standby again after ${(seconds() - rejoinStarted).toFixed(1)} s`);
  }
  if (SMALL) {
    const resumedAt = seconds();
    await waitFor(`${STEP_ACKS} orders acknowledged by the new primary`, () => ackedSentAfter(resumedAt) >= STEP_ACKS);
  } else await sleep(TAIL_S * 1000);
} catch (error) {
  if (!(error instanceof DrillFailed)) throw error;
  failedStep = error.message;
  log(`FAILED: ${failedStep}`);
}
stopping = true;
await Promise.all(load);
log('load stopped');

// ---- the count ---------------------------------------------------------------------------------------

const { rows } = await writer.query<{ id: string }>(
  `select pos_order_id as id from orders where pos_order_id like $1`,
  [`${RUN}-%`],
);
const stored = new Set(rows.map((r) => r.id));
const present = [...acknowledged].filter((id) => stored.has(id)).length;
const lost = acknowledged.size - present;

// Write gaps: from the last acknowledged order before the kill to the first after it (the failover),
// and the longest pause in acknowledged orders from the kill to the end (the rejoin included).
const before = ackTimes.filter((t) => t <= primaryKilledAt);
const after = ackTimes.filter((t) => t > primaryKilledAt).sort((a, b) => a - b);
const lastBefore = before.length ? Math.max(...before) : primaryKilledAt;
// The first order SENT after the kill and acknowledged (one in flight at the kill may still answer).
const firstAfter = Math.min(...ackTimes.filter((_, i) => ackStarts[i]! > primaryKilledAt));
const resumed = Number.isFinite(firstAfter);
const failoverGap = firstAfter - lastBefore;
let gap = failoverGap;
let gapFrom = lastBefore;
for (let i = 1; i < after.length; i += 1) {
  if (after[i]! - after[i - 1]! > gap) {
    gap = after[i]! - after[i - 1]!;
    gapFrom = after[i - 1]!;
  }
}
const rejoinAt = rejoinStarted;
const apiGap = (() => {
  const sorted = ackTimes.filter((t) => t < primaryKilledAt).sort((a, b) => a - b);
  let worst = 0;
  for (let i = 1; i < sorted.length; i += 1) worst = Math.max(worst, sorted[i]! - sorted[i - 1]!);
  return worst;
})();
const elapsed = seconds();
const [state] = await monitorQuery<{ s: string }>(
  `select string_agg(nodename || ' ' || reportedstate, ', ' order by nodename) as s from pgautofailover.node`,
);
await writer.end();

const fmt = (m: Map<string, number>) =>
  m.size
    ? [...m.entries()]
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')
    : 'none';
const maxLag = lagSamples.reduce((m, s) => Math.max(m, s.bytes), 0);
const maxLagS = lagSamples.reduce((m, s) => Math.max(m, s.seconds), 0);
const medianLag = [...lagSamples].sort((a, b) => a.bytes - b.bytes)[Math.floor(lagSamples.length / 2)]?.bytes ?? 0;

console.log('');
console.log(`drill run ${RUN}: ${elapsed.toFixed(0)} s, ${CLIENTS} POS clients, ${reportsRead} reports read`);
console.log(
  `orders: acknowledged ${acknowledged.size}, present ${present}, lost ${lost}; stored but never acknowledged ${stored.size - present}`,
);
console.log(`order throughput: ${(acknowledged.size / elapsed).toFixed(0)} orders/s over the whole drill`);
console.log(`longest pause in acknowledged writes while only an API server had died: ${apiGap.toFixed(2)} s`);
console.log(
  `write gap of the failover: ${failoverGap.toFixed(1)} s (last order acknowledged before the kill at ${lastBefore.toFixed(1)} s, primary killed at ${primaryKilledAt.toFixed(1)} s, first order sent after it acknowledged at ${firstAfter.toFixed(1)} s)`,
);
console.log(
  `longest write gap from the kill to the end: ${gap.toFixed(1)} s (from ${gapFrom.toFixed(1)} s; ${REJOIN ? `the old primary's rejoin started at ${rejoinAt.toFixed(1)} s` : 'the old primary was not brought back'})`,
);
console.log(`failed POS requests by status (each retried): ${fmt(failures)}`);
console.log(`failed report reads by status: ${fmt(reportFailures)}`);
console.log(
  `replica lag (pg_stat_replication, ${lagSamples.length} samples): median ${medianLag} bytes, max ${maxLag} bytes, max replay_lag ${maxLagS.toFixed(3)} s`,
);
console.log(`pg_auto_failover after the drill: ${state?.s ?? 'unknown'}`);
console.log(`failover drill: acknowledged ${acknowledged.size}, present ${present}, write gap ${gap.toFixed(1)} s`);
const verdict = [
  ...(failedStep ? [failedStep] : []),
  ...(lost > 0 ? [`${lost} acknowledged orders lost`] : []),
  ...(resumed ? [] : ['no write was acknowledged after the primary died']),
  ...(acknowledged.size === 0 ? ['no order acknowledged at all'] : []),
];
console.log(verdict.length ? `failover drill FAILED: ${verdict.join('; ')}` : 'failover drill passed');
process.exit(verdict.length ? 1 : 0);
