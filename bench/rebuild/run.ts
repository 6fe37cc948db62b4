/**
 * How long a restaurant's clock change takes at a busy restaurant's scale (docs/performance.md
 * "Changing the business-day clock").
 *
 * Generates the same data as bench/reports (one busy restaurant with BENCH_ORDERS orders over two
 * years plus the three other demo restaurants, through the demo seed's batch ingestion), then, as the
 * owner through app.inject, changes the end-of-day hour (3 -> 4 -> 3) and the time zone
 * (New York -> Chicago -> New York). Each change re-files every order, payment, refund and payout of
 * the restaurant and rebuilds its rollups in one transaction that holds the restaurant row, so it
 * also pushes one order while a change runs and reports how long that push waited. At the end it
 * checks that the rollups equal the sums of the raw rows.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_rebuild npm run rebuild -w @ra/bench
 *   BENCH_PGLITE_DIR=/tmp/bench-rebuild-pglite npm run rebuild -w @ra/bench   # PGlite on disk
 *
 * Options (env): BENCH_ORDERS (500,000), BENCH_DAYS (730), BENCH_RUNS (2 flips per setting),
 * BENCH_REUSE=1 (keep the data of an earlier run), BENCH_GENERATE_ONLY=1.
 */
import { sql } from 'drizzle-orm';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { seedDemoOrders } from '../../apps/server/src/demo/demo-orders.ts';
import { ROLLUP_TABLES } from '../../apps/server/src/modules/orders/orders.repository.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const pgliteDir = process.env.BENCH_PGLITE_DIR || undefined;
const totalBusy = Number(process.env.BENCH_ORDERS ?? 500_000);
const days = Number(process.env.BENCH_DAYS ?? 730);
const runs = Number(process.env.BENCH_RUNS ?? 2);
const reuse = process.env.BENCH_REUSE === '1';
// A fixed "now" keeps the data the same from run to run (the reports bench uses the same instant).
const NOW = new Date('2026-11-15T20:00:00Z');

const handle = await openDatabase({
  databaseUrl: url,
  schema: url ? 'bench_rebuild' : undefined,
  pgliteDir: url ? undefined : pgliteDir,
  maxConnections: 4,
});
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);

const scalar = async (db: Database, query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0]?.n ?? 0);

async function generate(): Promise<void> {
  await seedDemoData(handle.db);
  // The demo's fourth restaurant has not chosen a zone (it exercises the login flow); give it one here.
  await handle.db.execute(sql`update restaurants set time_zone = 'America/New_York' where time_zone is null`);
  const started = Date.now();
  let last = started;
  const result = await seedDemoOrders(handle.db, {
    days,
    now: NOW,
    seed: 7,
    runId: 'bench',
    batchSize: 1000,
    busiestPerDay: totalBusy / days,
    othersPerDay: 40,
    onProgress: (done, name) => {
      if (Date.now() - last > 30_000) {
        last = Date.now();
        log(`  ${name}: ${done} orders, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  log(`generated ${result.orders} orders and ${result.payouts} payouts in ${seconds.toFixed(0)} s`);
  if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
}

await handle.migrate();
const existing = reuse ? await scalar(handle.db, sql`select count(*)::int as n from orders`).catch(() => 0) : 0;
if (existing > 0) log(`reusing ${existing} orders from an earlier run`);
else await generate();
if (process.env.BENCH_GENERATE_ONLY === '1') {
  await handle.close();
  process.exit(0);
}

const busiest = await scalar(
  handle.db,
  sql`select restaurant_id as n from orders group by restaurant_id order by count(*) desc limit 1`,
);
const count = (table: string) =>
  scalar(handle.db, sql`select count(*)::int as n from ${sql.raw(table)} where restaurant_id = ${busiest}`);
const sizes = {
  orders: await count('orders'),
  lines: await count('order_items'),
  payments: await count('payments'),
  refunds: await count('refunds'),
  payouts: await count('payouts'),
};
log(`the busy restaurant (id ${busiest}) has`, sizes);

// Loaded after the data exists, so generating does not need the whole API.
const { buildApp } = await import('../../apps/server/src/app.ts');
const clock = new ManualClock(NOW);
const app = await buildApp({
  db: handle.db,
  logger: false,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-rebuild',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock,
  },
});
const signin = await app.inject({
  method: 'POST',
  url: '/api/account/signin',
  payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token: string }).token;
const headers = { authorization: token };

const setSetting = (name: string, value: string) =>
  app.inject({ method: 'POST', url: '/api/api/updateRestConfig', headers, payload: { name, value } });

let pushNo = 0;
/** A small closed order opened a minute before "now", pushed while the clock change runs. */
function probeOrder() {
  pushNo += 1;
  const openedAt = new Date(NOW.getTime() - 60_000).toISOString();
  return {
    posOrderId: `rebuild-probe-${Date.now()}-${pushNo}`,
    channel: 'toGo',
    partySize: 1,
    status: 'closed',
    openedAt,
    closedAt: openedAt,
    items: [{ posItemId: 'P-1', name: 'Probe coffee', category: 'Drinks', quantity: 1, unitPriceCents: 300 }],
    payments: [{ posPaymentId: `probe-${pushNo}-p`, method: 'cash', amountCents: 300, paidAt: openedAt }],
  };
}

async function timed(name: string, value: string) {
  const started = process.hrtime.bigint();
  const change = setSetting(name, value);
  // Give the change a head start so the push arrives while it holds the restaurant.
  await new Promise((r) => setTimeout(r, 200));
  const pushStarted = process.hrtime.bigint();
  const push = app.inject({ method: 'POST', url: '/api/api/pos/orders', headers, payload: probeOrder() });
  const [changed, pushed] = await Promise.all([change, push]);
  const pushDone = process.hrtime.bigint();
  const total = Number(pushDone > started ? process.hrtime.bigint() - started : 0n) / 1e6;
  if (changed.statusCode !== 200) throw new Error(`${name}=${value}: ${changed.statusCode} ${changed.body}`);
  if (pushed.statusCode !== 201) throw new Error(`probe push: ${pushed.statusCode} ${pushed.body}`);
  return { total, pushWait: Number(pushDone - pushStarted) / 1e6 };
}

const results: Array<{ change: string; ms: number; pushWaitMs: number }> = [];
for (let i = 0; i < runs; i += 1) {
  for (const [name, value] of [
    ['hourOffsetEndOfDay', '4'],
    ['hourOffsetEndOfDay', '3'],
    ['timezone', 'America/Chicago'],
    ['timezone', 'America/New_York'],
  ] as const) {
    const { total, pushWait } = await timed(name, value);
    results.push({ change: `${name} -> ${value}`, ms: total, pushWaitMs: pushWait });
    log(
      `${name} -> ${value}: ${(total / 1000).toFixed(1)} s (a push during it waited ${(pushWait / 1000).toFixed(1)} s)`,
    );
  }
}

// The rollups after the last change equal the sums of the raw rows (the daily_sales order figures).
const rawVsRollup = await scalar(
  handle.db,
  sql`select count(*)::int as n from (
    select business_day, channel, count(*) filter (where status = 'closed') as orders,
      coalesce(sum(net_sales_cents) filter (where status = 'closed'), 0) as net
    from orders where restaurant_id = ${busiest} group by 1, 2
  ) raw full join (
    select business_day, channel, order_count as orders, net_sales_cents as net
    from daily_sales where restaurant_id = ${busiest} and (order_count <> 0 or net_sales_cents <> 0)
  ) roll using (business_day, channel)
  where raw.orders is distinct from roll.orders::int8 or raw.net is distinct from roll.net::numeric`,
);
const rollupRows = await Promise.all(
  ROLLUP_TABLES.map((t) =>
    scalar(handle.db, sql`select count(*)::int as n from ${sql.raw(t)} where restaurant_id = ${busiest}`),
  ),
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
console.log(`\n${kind}: busy restaurant with ${sizes.orders} orders, ${sizes.lines} lines, ${sizes.payments} payments`);
console.log(`rollup rows after the rebuild: ${rollupRows.reduce((a, b) => a + b, 0)}`);
console.log('| change | median s | max s | push during it waited, median s |');
console.log('| --- | ---: | ---: | ---: |');
for (const change of [...new Set(results.map((r) => r.change))]) {
  const mine = results.filter((r) => r.change === change);
  console.log(
    `| ${change} | ${(median(mine.map((r) => r.ms)) / 1000).toFixed(1)} | ${(Math.max(...mine.map((r) => r.ms)) / 1000).toFixed(1)} | ${(median(mine.map((r) => r.pushWaitMs)) / 1000).toFixed(1)} |`,
  );
}
console.log(`daily_sales days differing from the raw orders: ${rawVsRollup}`);

await app.close();
await handle.close();
if (rawVsRollup !== 0) process.exit(1);
