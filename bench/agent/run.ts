/**
 * Agent area speed (issue 13; docs/performance.md "Agent area").
 *
 * The demo agent's tree grows to BENCH_RESTAURANTS restaurants (default 2,000) under BENCH_MEMBERS team
 * members (default 50, each assigned an equal share), every restaurant with this month's daily sales,
 * daily card volume and a portfolio row (status and plan mixed). Times through app.inject:
 *   - the portfolio's first page with this month's sales trend, with 20 restaurants in the tree and then
 *     with the full tree (goal: under 3x), a search, and a member's own portfolio;
 *   - the dashboard (live, new this month, quiet 3 days, earnings this month);
 *   - the monthly earnings computation for the whole tree: both semi-monthly pay periods of last month,
 *     subscription and card-volume rules (goal: under 5 s).
 *
 *   npm run agent -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run agent -w @ra/bench  # PostgreSQL (schema bench_agent)
 *
 * Options (env): BENCH_RESTAURANTS (2000), BENCH_MEMBERS (50), BENCH_RUNS (15).
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const restaurantsWanted = Number(process.env.BENCH_RESTAURANTS ?? 2_000);
const membersWanted = Number(process.env.BENCH_MEMBERS ?? 50);
const runs = Number(process.env.BENCH_RUNS ?? 15);
// The 14th, mid-afternoon in New York: this month has 14 days of sales; last month is over.
const NOW = new Date('2026-03-14T19:00:00Z');

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_agent' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_agent cascade; create schema bench_agent'));
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
// Every column of restaurants but the ones set per copy: a new restaurant is a copy of a demo one.
const copied = (
  await rows<{ column_name: string }>(
    sql`select column_name from information_schema.columns
        where table_name = 'restaurants' and table_schema = current_schema()
          and column_name not in ('id', 'node_id', 'name', 'fullname')`,
  )
).map((c) => `"${c.column_name}"`);
const columnList = sql.raw(copied.join(', '));
const today = '2026-03-14';
const lastMonth = { start: '2026-02-01', end: '2026-02-28' };

/** Adds `n` restaurants directly under the agent with this month's and last month's sales. */
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
    insert into restaurants (node_id, name, fullname, ${columnList})
    select n.id, n.restname, n.restname || ' LLC', ${sql.raw(copied.map((c) => `t.${c}`).join(', '))}
    from nodes n cross join restaurants t
    where t.id = ${template!.id} and n.restname like 'Bench Kitchen %'
      and not exists (select 1 from restaurants r where r.node_id = n.id)`);
  const fresh = sql`select r.id, row_number() over (order by r.id) as k from restaurants r
    where r.name like 'Bench Kitchen %' and not exists (select 1 from agent_portfolio p where p.restaurant_id = r.id)`;
  await handle.db.execute(sql`
    insert into agent_portfolio (restaurant_id, status, plan, monthly_fee_cents, since, updated_at)
    select id, (array['live','live','live','onboarding','paused','churned'])[1 + k % 6],
           (array['starter','pro','enterprise'])[1 + k % 3], (array[7900, 14900, 29900])[1 + k % 3],
           case when k % 6 < 3 then date '2025-06-01' + (k % 250)::int else null end, ${NOW.toISOString()}::timestamptz
    from (${fresh}) f`);
  // Daily net sales from last month's 1st to today, and the card volume behind them; some quiet days.
  await handle.db.execute(sql`
    insert into daily_sales (restaurant_id, business_day, channel, order_count, net_sales_cents, gross_sales_cents)
    select r.id, d::date, 'dineIn', 20 + (r.id + extract(day from d)::int) % 40,
           (80000 + ((r.id * 7919 + extract(doy from d)::int * 104729) % 250000)),
           (80000 + ((r.id * 7919 + extract(doy from d)::int * 104729) % 250000))
    from restaurants r cross join generate_series(${lastMonth.start}::date, ${today}::date, interval '1 day') d
    where r.name like 'Bench Kitchen %' and (r.id % 10 <> 0 or d < ${today}::date - 4)
    on conflict do nothing`);
  await handle.db.execute(sql`
    insert into daily_payment_sales (restaurant_id, business_day, method, card_brand, count, amount_cents)
    select restaurant_id, business_day, 'card', 'visa', order_count, (net_sales_cents * 7) / 10
    from daily_sales where restaurant_id in (select id from restaurants where name like 'Bench Kitchen %')
    on conflict do nothing`);
}

const [before] = await rows<{ n: number }>(
  sql`select count(*)::int as n from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${agentNode!.path}%`}`,
);
const demoCount = Number(before!.n);
let started = Date.now();
await addRestaurants(1, Math.max(0, 20 - demoCount));
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);

const clock = new ManualClock(NOW);
const app = await buildApp({
  db: handle.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-agent',
    jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
    tokenTtlSeconds: 43_200,
    trustProxy: false,
    email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
    webDistDir: '/tmp/ra-no-web-dist',
    logLevel: 'silent',
    clock,
  },
});
const tokenOf = async (email: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/signin',
    payload: { email, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
  });
  const token = (res.json() as { token?: string }).token;
  if (!token) throw new Error(`sign-in of ${email}: ${res.statusCode} ${res.body}`);
  return token;
};
const agentToken = await tokenOf(DEMO_EMAILS.agent);
const call = (token: string, method: 'GET' | 'POST', target: string, payload?: unknown) =>
  app.inject({
    method,
    url: target,
    headers: { authorization: token },
    ...(payload ? { payload: payload as object } : {}),
  });

async function time(label: string, token: string, method: 'GET' | 'POST', target: string, payload?: unknown, n = runs) {
  const check = await call(token, method, target, payload);
  if (check.statusCode !== 200) throw new Error(`${label}: ${check.statusCode} ${check.body.slice(0, 300)}`);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(token, method, target, payload);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  log(`${label}: median ${median.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${n} runs)`);
  return { median, body: check.json() as Record<string, unknown> };
}

const firstPage = '/api/api/agent/portfolio?page=1&pageSize=20';
const small = await time('portfolio, first page with trend (20 restaurants)', agentToken, 'GET', firstPage);

started = Date.now();
const [now20] = await rows<{ n: number }>(
  sql`select count(*)::int as n from restaurants where name like 'Bench Kitchen %'`,
);
await addRestaurants(Number(now20!.n) + 1, restaurantsWanted - demoCount - Number(now20!.n));
// The team: members each assigned an equal share of the tree.
await handle.db.execute(sql`
  insert into users (email, first_name, last_name, node_id, password_hash)
  select 'member' || g || '@bench.test', 'Member', lpad(g::text, 3, '0'), ${agentNode!.id},
         (select password_hash from users where id = ${agentUser.id})
  from generate_series(1, ${membersWanted}::int) g`);
await handle.db.execute(sql`
  insert into agent_team_members (user_id, agent_node_id, team_role, invited_by_user_id, created_at)
  select id, ${agentNode!.id}, 'member', ${agentUser.id}, ${NOW.toISOString()}::timestamptz
  from users where email like 'member%@bench.test'`);
await handle.db.execute(sql`
  insert into agent_member_restaurants (user_id, restaurant_id)
  select m.id, r.id
  from (select id, row_number() over (order by id) - 1 as k from users where email like 'member%@bench.test') m
  join (select r.id, row_number() over (order by r.id) as k from restaurants r join nodes n on n.id = r.node_id
        where n.path like ${`${agentNode!.path}%`}) r on r.k % ${membersWanted} = m.k`);
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
const [total] = await rows<{ n: number; days: number }>(
  sql`select count(*)::int as n, (select count(*)::int from daily_sales) as days
      from restaurants r join nodes n on n.id = r.node_id where n.path like ${`${agentNode!.path}%`}`,
);
log(
  `tree: ${total!.n} restaurants, ${membersWanted} members, ${total!.days} restaurant-days of sales, built in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

const big = await time(`portfolio, first page with trend (${total!.n} restaurants)`, agentToken, 'GET', firstPage);
log(`${total!.n} / 20 restaurants: ${(big.median / small.median).toFixed(2)}x (goal: under 3x)`);
await time(
  'portfolio, search "kitchen 01"',
  agentToken,
  'GET',
  '/api/api/agent/portfolio?q=kitchen%2001&page=1&pageSize=20',
);
await time(
  'portfolio, status paused, page 5',
  agentToken,
  'GET',
  '/api/api/agent/portfolio?status=paused&page=5&pageSize=20',
);
await time('dashboard', agentToken, 'GET', '/api/api/agent/dashboard');
const memberToken = await tokenOf('member1@bench.test');
await time(
  `a member's portfolio (${Math.round(Number(total!.n) / membersWanted)} assigned)`,
  memberToken,
  'GET',
  firstPage,
);

// The monthly earnings computation: both pay periods of last month, for the whole tree.
const computeRuns = Math.max(3, Math.min(runs, 5));
const halves: number[] = [];
for (const periodStart of [lastMonth.start, '2026-02-16']) {
  const { median, body } = await time(
    `earnings compute, period from ${periodStart}`,
    agentToken,
    'POST',
    '/api/api/agent/earnings/compute',
    { periodStart },
    computeRuns,
  );
  log(
    `  ${String(body.rows)} commission rows, ${String(body.restaurants)} restaurants, total ${String(body.totalCents)} cents`,
  );
  halves.push(median);
}
const month = halves.reduce((a, b) => a + b, 0);
log(`monthly earnings computation (two periods): ${(month / 1000).toFixed(2)} s (goal: under 5 s)`);
await time(
  'payment report of a period (JSON)',
  agentToken,
  'GET',
  `/api/api/agent/earnings?periodStart=${lastMonth.start}`,
  undefined,
  5,
);

await app.close();
await handle.close();
