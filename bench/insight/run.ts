/**
 * Comparison across locations speed (issue 24; docs/performance.md "Comparison across locations").
 *
 * The demo agent's tree grows to BENCH_RESTAURANTS restaurants (default 2,000), each with daily sales on
 * two channels from 1 January to today (refunds and discounts included) and two 6-hour shifts a day
 * over the same days, so labour is worked out from real shifts. Times through app.inject (median of
 * BENCH_RUNS): the comparison's first page (last 30 days against the 30 before, sorted by net sales,
 * 25 rows, totals and the daily trend; labour comes in a second request, timed on its own) with 20 restaurants and with the full tree; a
 * sort by change, a search, a later page, and the CSV export of every restaurant.
 *
 *   npm run insight -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run insight -w @ra/bench  # PostgreSQL (schema bench_insight)
 *
 * Goal: first page under 300 ms on PostgreSQL at 2,000 restaurants.
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const restaurantsWanted = Number(process.env.BENCH_RESTAURANTS ?? 2_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const NOW = new Date('2026-03-14T19:00:00Z');
const FIRST_DAY = '2026-01-01';
const TODAY = '2026-03-14';

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_insight' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_insight cascade; create schema bench_insight'));
await handle.migrate();
await seedDemoData(handle.db, { now: NOW });

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

const [agentUser] = await handle.db
  .select({ id: users.id, nodeId: users.nodeId })
  .from(users)
  .where(eq(users.email, DEMO_EMAILS.agent));
if (!agentUser?.nodeId) throw new Error('demo agent missing');
const [agentNode] = await rows<{ id: number; path: string; depth: number }>(
  sql`select id, path, depth from nodes where id = ${agentUser.nodeId}`,
);
const [template] = await rows<{ id: number }>(
  sql`select r.id from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${agentNode!.path}%`} order by r.id limit 1`,
);
const [worker] = await rows<{ id: number }>(sql`select id from users where email = ${DEMO_EMAILS.staff}`);
const copied = (
  await rows<{ column_name: string }>(
    sql`select column_name from information_schema.columns
        where table_name = 'restaurants' and table_schema = current_schema()
          and column_name not in ('id', 'node_id', 'name', 'fullname')`,
  )
).map((c) => `"${c.column_name}"`);

/** Adds `n` restaurants under the agent with daily sales on two channels and two shifts a day. */
async function addRestaurants(from: number, n: number): Promise<void> {
  if (n <= 0) return;
  const to = from + n - 1;
  await handle.db.execute(sql`
    insert into nodes (parent_id, type, restname, path, depth)
    select ${agentNode!.id}, 'restaurant', 'Bench Kitchen ' || lpad(g::text, 5, '0'), '', ${agentNode!.depth + 1}
    from generate_series(${from}::int, ${to}::int) g`);
  await handle.db.execute(
    sql`update nodes set path = ${agentNode!.path} || id || '/' where path = '' and restname like 'Bench Kitchen %'`,
  );
  await handle.db.execute(sql`
    insert into restaurants (node_id, name, fullname, ${sql.raw(copied.join(', '))})
    select n.id, n.restname, n.restname || ' LLC', ${sql.raw(copied.map((c) => `t.${c}`).join(', '))}
    from nodes n cross join restaurants t
    where t.id = ${template!.id} and n.restname like 'Bench Kitchen %'
      and not exists (select 1 from restaurants r where r.node_id = n.id)`);
  const fresh = sql`select r.id from restaurants r where r.name like 'Bench Kitchen %'
    and not exists (select 1 from daily_sales d where d.restaurant_id = r.id)`;
  await handle.db.execute(sql`
    insert into daily_sales (restaurant_id, business_day, channel, order_count, guest_count, net_sales_cents,
      gross_sales_cents, refund_cents, refund_count, item_discount_cents, order_discount_cents)
    select r.id, d::date, c.channel, 20 + (r.id + extract(day from d)::int) % 40, 30 + (r.id + extract(day from d)::int) % 70,
           (80000 + ((r.id * 7919 + extract(doy from d)::int * 104729) % 250000)) / c.div,
           (90000 + ((r.id * 7919 + extract(doy from d)::int * 104729) % 250000)) / c.div,
           ((r.id + extract(doy from d)::int) % 7) * 500, ((r.id + extract(doy from d)::int) % 7) / 3,
           (r.id % 13) * 100, (extract(day from d)::int % 5) * 200
    from (${fresh}) r cross join generate_series(${FIRST_DAY}::date, ${TODAY}::date, interval '1 day') d
      cross join (values ('dineIn', 1), ('takeout', 3)) c(channel, div)
    on conflict do nothing`);
  // Its per-day sum over channels, as applyRollups files it with every push (migration 0036).
  await handle.db.execute(sql`
    insert into daily_restaurant_sales (restaurant_id, business_day, order_count, guest_count, net_sales_cents,
      refund_count, refund_cents, discount_cents)
    select d.restaurant_id, d.business_day, sum(d.order_count), sum(d.guest_count), sum(d.net_sales_cents),
      sum(d.refund_count), sum(d.refund_cents), sum(d.item_discount_cents + d.order_discount_cents)
    from daily_sales d join restaurants r on r.id = d.restaurant_id
    where r.name like 'Bench Kitchen %'
      and not exists (select 1 from daily_restaurant_sales x where x.restaurant_id = r.id)
    group by 1, 2`);
  await handle.db.execute(sql`
    insert into work_shifts (restaurant_id, user_id, wage_cents, clock_in_at, clock_out_at)
    select r.id, ${worker!.id}, 1500 + (r.id % 10) * 100,
           d + interval '14 hours' + s.at, d + interval '20 hours' + s.at
    from restaurants r cross join generate_series(${FIRST_DAY}::timestamptz, ${TODAY}::timestamptz - interval '1 day', interval '1 day') d
      cross join (values (interval '0 hours'), (interval '1 hour')) s(at)
    where r.name like 'Bench Kitchen %' and not exists (select 1 from work_shifts w where w.restaurant_id = r.id)`);
}

const [before] = await rows<{ n: number }>(
  sql`select count(*)::int as n from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${agentNode!.path}%`}`,
);
const demoCount = Number(before!.n);
await addRestaurants(1, Math.max(0, 20 - demoCount));
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);

const app = await buildApp({
  db: handle.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-insight',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock: new ManualClock(NOW),
  },
});
const signin = await app.inject({
  method: 'POST',
  url: '/api/account/signin',
  payload: { email: DEMO_EMAILS.agent, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token?: string }).token;
if (!token) throw new Error(`sign-in: ${signin.statusCode} ${signin.body}`);

async function time(label: string, target: string, n = runs) {
  const check = await app.inject({ method: 'GET', url: target, headers: { authorization: token! } });
  if (check.statusCode !== 200) throw new Error(`${label}: ${check.statusCode} ${check.body.slice(0, 300)}`);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: target, headers: { authorization: token! } });
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  log(`${label}: median ${median.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${n} runs)`);
  return {
    median,
    body: String(check.headers['content-type'] ?? '').includes('json') ? (check.json() as Record<string, unknown>) : {},
  };
}

const range = 'from=2026-02-12&to=2026-03-13';
const firstPage = `/api/insight/comparison?${range}&sort=netSales&order=desc&page=1&pageSize=25&labor=false`;
// The labour column of the same page: the second request the page makes.
const laborPage = `/api/insight/comparison?${range}&sort=netSales&order=desc&page=1&pageSize=25&labor=true`;
const small = await time('comparison first page (20 restaurants)', firstPage);

const started = Date.now();
const [now20] = await rows<{ n: number }>(
  sql`select count(*)::int as n from restaurants where name like 'Bench Kitchen %'`,
);
await addRestaurants(Number(now20!.n) + 1, restaurantsWanted - demoCount - Number(now20!.n));
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
const [size] = await rows<{ n: number; days: number; restaurantDays: number; shifts: number }>(
  sql`select (select count(*)::int from restaurants) as n, (select count(*)::int from daily_sales) as days,
             (select count(*)::int from daily_restaurant_sales) as "restaurantDays",
             (select count(*)::int from work_shifts) as shifts`,
);
log(
  `tree: ${size!.n} restaurants, ${size!.days} daily_sales rows, ${size!.restaurantDays} daily_restaurant_sales rows, ${size!.shifts} shifts, built in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

const big = await time(`comparison first page (${size!.n} restaurants)`, firstPage);
log(`  total ${String(big.body.total)}, goal under 300 ms: ${big.median < 300 ? 'met' : 'missed'}`);
log(`${size!.n} / 20 restaurants: ${(big.median / small.median).toFixed(2)}x`);
await time('the same page with labour for its 25 rows', laborPage);
await time(
  'sorted by net sales change, ascending',
  `/api/insight/comparison?${range}&sort=netSalesChange&order=asc&labor=false`,
);
await time('search "kitchen 01"', `/api/insight/comparison?${range}&q=kitchen%2001&labor=false`);
await time('page 40', `/api/insight/comparison?${range}&page=40&pageSize=25&labor=false`);
await time('a year (2026-01-01..2026-03-13)', `/api/insight/comparison?from=2026-01-01&to=2026-03-13&labor=false`);
await time(`CSV export of every restaurant with labour`, `/api/insight/comparison/export?${range}&format=csv`, 3);

await app.close();
await handle.close();
