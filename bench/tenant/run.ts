/**
 * Tenant isolation (issue 22, docs/performance.md "Tenant isolation"): one restaurant's 1-year sales
 * summary alone in the tables, then with 100 other busy restaurants' year of orders beside it.
 *
 * Generates the demo's busiest restaurant with BENCH_PER_DAY orders a day (default 100) for 365 days
 * through the batch ingestion path (rows and rollups), times the 1-year summary (from the rollups, as
 * the report reads it, and from the raw order rows), then copies that year to 100 new restaurants
 * (orders with their key rows, payments, refunds and every rollup table, in SQL) and times the same
 * again. Prints both and the ratio (goal: at most 1.2x).
 *
 *   BENCH_DATABASE_URL=postgres://... npm run tenant -w @ra/bench   # schema bench_tenant, dropped first
 *
 * Options (env): BENCH_PER_DAY (100), BENCH_OTHERS (100), BENCH_RUNS (25).
 */
import { sql } from 'drizzle-orm';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { addOrderMonthPartitions } from '../../apps/server/src/db/order-partitions.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { seedDemoOrders } from '../../apps/server/src/demo/demo-orders.ts';
import { ROLLUP_TABLES } from '../../apps/server/src/modules/orders/orders.repository.ts';
import { ReportsRepository } from '../../apps/server/src/modules/reports/reports.repository.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required (this bench measures PostgreSQL)');
const perDay = Number(process.env.BENCH_PER_DAY ?? 100);
const others = Number(process.env.BENCH_OTHERS ?? 100);
const runs = Number(process.env.BENCH_RUNS ?? 25);
const NOW = new Date('2026-11-15T20:00:00Z');
const SCHEMA = 'bench_tenant';

{
  const setup = await openDatabase({ databaseUrl: url, maxConnections: 1 });
  await setup.db.execute(sql.raw(`drop schema if exists ${SCHEMA} cascade`));
  await setup.close();
}
const handle = await openDatabase({ databaseUrl: url, schema: SCHEMA, maxConnections: 4 });
const db = handle.db;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const scalar = async (query: ReturnType<typeof sql>) => Number((await rows(query))[0]?.n ?? 0);

await handle.migrate();
await seedDemoData(db);
await db.execute(sql`update restaurants set time_zone = 'America/New_York' where time_zone is null`);
await addOrderMonthPartitions(db, NOW);
const started = Date.now();
const generated = await seedDemoOrders(db, {
  days: 365,
  now: NOW,
  seed: 11,
  runId: 'tenant',
  batchSize: 1000,
  busiestPerDay: perDay,
  othersPerDay: 5,
});
console.log(`generated ${generated.orders} orders in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await addOrderMonthPartitions(db, NOW);
const target = await scalar(sql`select restaurant_id as n from orders group by 1 order by count(*) desc limit 1`);
const targetOrders = await scalar(sql`select count(*)::int as n from orders where restaurant_id = ${target}`);
await db.execute(sql`vacuum analyze`);

const to = addDays(businessDayOf(NOW, 'America/New_York', 3), -1);
const year = { from: addDays(to, -364), to };
const repo = new ReportsRepository(db);

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
async function time(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(samples);
}
const measure = async () => ({
  rollup: await time(() => repo.salesByChannel(target, year)),
  raw: await time(() => repo.rawSalesByChannel(target, year)),
  figures: JSON.stringify([...(await repo.salesByChannel(target, year))].sort()),
});

const alone = await measure();
console.log(
  `alone: ${targetOrders} orders of restaurant ${target}; rollup ${alone.rollup.toFixed(2)} ms, raw ${alone.raw.toFixed(2)} ms`,
);

// 100 other restaurants, each with a copy of the target's year (its own ids and keys through the triggers).
const copyStarted = Date.now();
const [maxNode] = await rows(sql`select max(id)::int as n from nodes`);
const baseNode = Number(maxNode?.n ?? 0) + 1000;
await db.execute(sql`insert into nodes (id, type, restname, path, depth)
  select ${baseNode} + g, 'restaurant', 'Bench ' || g, (${baseNode} + g)::text, 0 from generate_series(1, ${others}) g`);
await db.execute(sql`insert into restaurants (node_id, name, time_zone)
  select ${baseNode} + g, 'Bench ' || g, 'America/New_York' from generate_series(1, ${others}) g`);
const newIds = (await rows(sql`select id from restaurants where node_id > ${baseNode} order by id`)).map((r) =>
  Number(r.id),
);
const columnsOf = async (table: string) =>
  (
    await rows(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`)
  ).map((r) => String(r.column_name));
for (const table of ['orders', 'payments', 'refunds', ...ROLLUP_TABLES]) {
  const cols = (await columnsOf(table)).filter((c) => c !== 'id');
  const select = cols.map((c) => (c === 'restaurant_id' ? 'r.id' : c === 'payload' ? `'{}'::jsonb` : `t.${c}`));
  // one restaurant per statement: each is a normal-sized insert, as a day of pushes would be
  for (const id of newIds) {
    await db.execute(
      sql.raw(`insert into ${table} (${cols.join(', ')})
        select ${select.join(', ')} from ${table} t, (select ${id} as id) r where t.restaurant_id = ${target}`),
    );
  }
  console.log(`  copied ${table} (${((Date.now() - copyStarted) / 1000).toFixed(0)} s)`);
}
await db.execute(sql`vacuum analyze`);
const total = await scalar(sql`select count(*)::int as n from orders`);

const crowded = await measure();
if (crowded.figures !== alone.figures) throw new Error('the figures changed with other tenants in the tables');
console.log(
  `with ${others} others: ${total} orders in the tables; rollup ${crowded.rollup.toFixed(2)} ms, raw ${crowded.raw.toFixed(2)} ms`,
);
console.log(
  `\nRestaurant ${target}, 1-year sales summary (${year.from}..${year.to}), median of ${runs} runs:\n` +
    `| read | alone (${targetOrders} orders) | with ${others} others (${total} orders) | ratio |\n| --- | ---: | ---: | ---: |\n` +
    `| from rollups (the report) | ${alone.rollup.toFixed(2)} ms | ${crowded.rollup.toFixed(2)} ms | ${(crowded.rollup / alone.rollup).toFixed(2)}x |\n` +
    `| from raw order rows | ${alone.raw.toFixed(2)} ms | ${crowded.raw.toFixed(2)} ms | ${(crowded.raw / alone.raw).toFixed(2)}x |`,
);
await handle.close();
