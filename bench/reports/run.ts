/**
 * Report speed at a busy restaurant's scale (docs/performance.md "Reports").
 *
 * Generates one busy restaurant with BENCH_ORDERS orders (default 500,000) over two years plus the
 * three other demo restaurants' orders (about 40 a day each) in the same tables, through the same
 * batch ingestion path as the demo seed (rows and rollups), then times every report endpoint via
 * app.inject for a 1-day, 1-month and 1-year range, and the 1-year summary computed from the raw order
 * rows for comparison.
 *
 *   npm run reports -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run reports -w @ra/bench  # PostgreSQL (schema bench_reports)
 *
 * Options (env): BENCH_ORDERS, BENCH_DAYS (730), BENCH_RUNS (15), BENCH_REUSE=1 (keep the generated
 * data of an earlier PostgreSQL run instead of generating again).
 */
import { sql } from 'drizzle-orm';
import { REPORT_PATHS } from '@ra/shared/reports/reports.schemas';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { seedDemoOrders } from '../../apps/server/src/demo/demo-orders.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { ReportsRepository } from '../../apps/server/src/modules/reports/reports.repository.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const totalBusy = Number(process.env.BENCH_ORDERS ?? 500_000);
const days = Number(process.env.BENCH_DAYS ?? 730);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const reuse = process.env.BENCH_REUSE === '1';
// A fixed "now" keeps the data and the ranges the same from run to run.
const NOW = new Date('2026-11-15T20:00:00Z');

// BENCH_PGLITE_DIR keeps PGlite's data in a directory instead of memory, for the full 500,000 orders
const handle = await openDatabase({
  databaseUrl: url,
  schema: url ? 'bench_reports' : undefined,
  pgliteDir: url ? undefined : process.env.BENCH_PGLITE_DIR || undefined,
  maxConnections: 4,
});
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);

const scalar = async (query: ReturnType<typeof sql>) =>
  Number(((await handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0]?.n ?? 0);

async function generate(): Promise<void> {
  await handle.migrate();
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
      if (Date.now() - last > 15_000) {
        last = Date.now();
        log(`  ${name}: ${done} orders, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  log(
    `generated ${result.orders} orders and ${result.payouts} payouts in ${seconds.toFixed(0)} s ` +
      `(${Math.round(result.orders / seconds)} orders/s): ${result.restaurants.map((r) => `${r.name} ${r.orders}`).join(', ')}`,
  );
  if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
}

const existing =
  reuse && handle.kind === 'postgres' ? await scalar(sql`select count(*)::int as n from orders`).catch(() => 0) : 0;
if (existing > 0) log(`reusing ${existing} orders from an earlier run`);
else await generate();

const orderCount = await scalar(sql`select count(*)::int as n from orders`);
const busiest = await scalar(
  sql`select restaurant_id as n from orders group by restaurant_id order by count(*) desc limit 1`,
);
const busiestOrders = await scalar(sql`select count(*)::int as n from orders where restaurant_id = ${busiest}`);
log(`${orderCount} orders in the tables; the busy restaurant (id ${busiest}) has ${busiestOrders}`);

const app = await buildApp({
  db: handle.db,
  logger: false,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-reports',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock: systemClock,
  },
});
const signin = await app.inject({
  method: 'POST',
  url: '/api/account/signin',
  payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token: string }).token;

// Ranges end on the last complete business day before NOW.
const today = businessDayOf(NOW, 'America/New_York', 3);
const to = addDays(today, -1);
const RANGES = {
  '1 day': { from: to, to },
  '1 month': { from: addDays(to, -29), to },
  '1 year': { from: addDays(to, -364), to },
};

const endpoints: Array<[string, (r: { from: string; to: string }) => string]> = [
  ...Object.entries(REPORT_PATHS).map(
    ([section, path]) =>
      [
        section,
        (r: { from: string; to: string }) =>
          `/api${path}?from=${r.from}&to=${r.to}${section === 'salesTrends' ? '&granularity=day' : ''}`,
      ] as [string, (r: { from: string; to: string }) => string],
  ),
  ['itemSales export (csv)', (r) => `/api${REPORT_PATHS.itemSales}/export?from=${r.from}&to=${r.to}&format=csv`],
  ['transactions (page 1)', (r) => `/api/api/transactions?from=${r.from}&to=${r.to}`],
  ['analytics overview', (r) => `/api/api/analytics/overview?from=${r.from}&to=${r.to}`],
];

function stats(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95) };
}

async function time(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 2; i += 1) await fn(); // warm caches and plans
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return stats(samples);
}

const ms = (n: number) => n.toFixed(1).padStart(7);
const rows: string[] = [];
const results: Record<string, Record<string, { median: number; p95: number }>> = {};
log(`timing ${endpoints.length} endpoints x 3 ranges, ${runs} runs each (after 2 warm-up runs); milliseconds`);
rows.push(
  `| endpoint | 1 day median | 1 day p95 | 1 month median | 1 month p95 | 1 year median | 1 year p95 | 1 year / 1 day |`,
);
rows.push(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const [name, urlFor] of endpoints) {
  results[name] = {};
  for (const [label, range] of Object.entries(RANGES)) {
    const target = urlFor(range);
    const check = await app.inject({ method: 'GET', url: target, headers: { authorization: token } });
    if (check.statusCode !== 200) throw new Error(`${target}: ${check.statusCode} ${check.body.slice(0, 200)}`);
    results[name][label] = await time(() =>
      app.inject({ method: 'GET', url: target, headers: { authorization: token } }),
    );
  }
  const r = results[name];
  const ratio = (r['1 year']?.median ?? 0) / Math.max(0.001, r['1 day']?.median ?? 1);
  rows.push(
    `| ${name} | ${ms(r['1 day']!.median)} | ${ms(r['1 day']!.p95)} | ${ms(r['1 month']!.median)} | ${ms(r['1 month']!.p95)} | ${ms(r['1 year']!.median)} | ${ms(r['1 year']!.p95)} | ${ratio.toFixed(1)}x |`,
  );
}

const repo = new ReportsRepository(handle.db);
const year = RANGES['1 year'];
const raw = await time(() => repo.rawSalesByChannel(busiest, year));
const rollup = await time(() => repo.salesByChannel(busiest, year));
const endpoint = results.salesSummary!['1 year']!;
const [rawFigures, rollupFigures] = await Promise.all([
  repo.rawSalesByChannel(busiest, year),
  repo.salesByChannel(busiest, year),
]);
const same =
  JSON.stringify(Object.fromEntries([...rawFigures].sort())) ===
  JSON.stringify(Object.fromEntries([...rollupFigures].sort()));

console.log(`\n${kind}: ${orderCount} orders (busy restaurant ${busiestOrders}), ranges ending ${to}\n`);
console.log(rows.join('\n'));
console.log(
  `\n1-year summary, ${runs} runs: from raw order rows (SQL over orders, payments, refunds) median ${raw.median.toFixed(1)} ms, p95 ${raw.p95.toFixed(1)} ms;` +
    ` from rollups (same query shape) median ${rollup.median.toFixed(1)} ms; whole endpoint (HTTP inject, both periods, validation) median ${endpoint.median.toFixed(1)} ms.` +
    `\nRaw / endpoint: ${(raw.median / endpoint.median).toFixed(1)}x; raw / rollup query: ${(raw.median / rollup.median).toFixed(1)}x. Figures identical: ${same}.`,
);

await app.close();
await handle.close();
