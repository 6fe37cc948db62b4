/**
 * Customer list and SMS campaign speed (docs/performance.md "Customers and SMS campaigns").
 *
 * Adds two years of orders carrying phone numbers to Harbor Bistro (BENCH_CUSTOMERS phones, default
 * 100,000, about 2.5 orders each with one dish), rebuilds the customer list from them (the job a POS
 * push queues), then times through app.inject:
 *   - the list's first page with a filter (orders from 2, last 1 year, by points) at full size, and
 *     the same on a restaurant of 1,000 customers built the same way (goal: under 3x);
 *   - the count of that filter's matches (its own request beside the page, capped at 10,000), both sizes;
 *   - deep paging (page 2,000) and a text search (page and count; trigram indexes from 0019);
 *   - the quote of a campaign to every result of a filter (1,000 recipients, two languages);
 *   - Send Now to 1,000 recipients through the local SMS adapter, until every one is sent (goal: 30 s).
 *
 *   npm run customers -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run customers -w @ra/bench  # PostgreSQL (schema bench_customers)
 *
 * Options (env): BENCH_CUSTOMERS (100000), BENCH_RUNS (15).
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { bankAccounts } from '../../apps/server/src/db/schema/business.ts';
import { restaurants } from '../../apps/server/src/db/schema/restaurants.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';
import { CustomersService } from '../../apps/server/src/modules/customers/customers.service.ts';
import { localAdapters } from '../../apps/server/src/modules/customers/customers.module.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 15);
// 14:00 in New York: inside the 8:00-21:00 sending window.
const NOW = new Date('2026-11-16T19:00:00Z');

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_customers' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url)
  await handle.db.execute(sql.raw('drop schema if exists bench_customers cascade; create schema bench_customers'));
await handle.migrate();
await seedDemoData(handle.db, { now: NOW });

const [owner] = await handle.db
  .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
  .from(users)
  .where(eq(users.email, DEMO_EMAILS.owner));
if (!owner?.restaurantId) throw new Error('demo owner missing');
const harbor = owner.restaurantId;
const [small] = await handle.db
  .select({ id: restaurants.id })
  .from(restaurants)
  .where(sql`${restaurants.id} <> ${harbor}`)
  .limit(1);
if (!small) throw new Error('a second demo restaurant is needed');

/**
 * `phones` customers for `restaurantId`: orders spread over 730 days, phone k getting 1 + (k % 4) orders
 * (2.5 on average), one in four a Chinese speaker, every order one dish of 5 to 80 dollars.
 */
async function addOrders(restaurantId: number, phones: number, prefix: string): Promise<number> {
  const chunk = 20_000;
  let total = 0;
  for (let from = 0; from < phones; from += chunk) {
    const to = Math.min(phones, from + chunk) - 1;
    const inserted = await handle.db.execute(sql`
      with g as (
        select k, n, ((k * 7919 + n * 104729) % 730) as ago, (500 + ((k * 31 + n * 17) % 7500)) as cents
        from generate_series(${from}::int, ${to}::int) k, generate_series(0, 3) n where n <= k % 4
      ), o as (
        insert into orders (restaurant_id, pos_order_id, channel, party_size, status, opened_at, closed_at, business_day,
          opened_hour, gross_sales_cents, item_discount_cents, order_discount_cents, comp_cents, void_cents, net_sales_cents,
          tax_cents, service_charge_cents, tip_cents, total_cents, paid_cents, refunded_cents, comp_quantity, void_quantity,
          has_tax_lines, payload_hash, payload, customer_phone, customer_name, customer_language)
        select ${restaurantId}, ${prefix} || k || '-' || n, 'dineIn', 2, 'closed',
          ${NOW.toISOString()}::timestamptz - (ago || ' days')::interval - interval '3 hours',
          ${NOW.toISOString()}::timestamptz - (ago || ' days')::interval - interval '2 hours',
          (${NOW.toISOString()}::timestamptz - (ago || ' days')::interval)::date, 18, cents, 0, 0, 0, 0, cents,
          0, 0, 0, cents, cents, 0, 0, 0, false, 'bench', '{}'::jsonb,
          '+1212' || lpad(k::text, 7, '0'), 'Guest ' || k, case when k % 4 = 0 then 'zh' else 'en' end
        from g
        returning id, net_sales_cents
      )
      insert into order_items (order_id, line_no, restaurant_id, pos_item_id, name, category, quantity, unit_price_cents,
        options_cents, gross_cents, line_discount_cents, discount_cents, comp_cents, net_cents, tax_cents, voided, comped,
        business_day)
      select id, 1, ${restaurantId}, 'D' || (id % 12), 'Dish ' || (id % 12), 'Mains', 1, net_sales_cents, 0, net_sales_cents,
        0, 0, 0, net_sales_cents, 0, false, false, ${NOW.toISOString().slice(0, 10)}::date
      from o`);
    total += (inserted as unknown as { rowCount?: number }).rowCount ?? 0;
  }
  return total;
}

let started = Date.now();
const orderCount = await addOrders(harbor, customers, 'B-');
await addOrders(small.id, 1_000, 'S-');
log(
  `generated ${customers} phones, ${orderCount} orders with a dish each, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);

const service = new CustomersService(handle.db, new ManualClock(NOW));
started = Date.now();
await service.recompute(harbor);
log(`customer list rebuilt from the orders (${customers} customers): ${((Date.now() - started) / 1000).toFixed(1)} s`);
await service.recompute(small.id);
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);

// Sending needs a verified bank account on both restaurants.
for (const id of [harbor]) {
  const [r] = await handle.db.select({ nodeId: restaurants.nodeId }).from(restaurants).where(eq(restaurants.id, id));
  await handle.db
    .insert(bankAccounts)
    .values({
      nodeId: r!.nodeId,
      holderName: 'Bench LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumberEnc: 'x',
      accountLast4: '6789',
      providerCustomerId: 'cus_bench',
      status: 'verified',
    })
    .onConflictDoUpdate({ target: bankAccounts.nodeId, set: { status: 'verified' } });
}

const clock = new ManualClock(NOW);
const app = await buildApp({
  db: handle.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-customers',
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
  return (res.json() as { token: string }).token;
};
const ownerToken = await tokenOf(DEMO_EMAILS.owner);
const agentToken = await tokenOf(DEMO_EMAILS.agent);
const adminToken = await tokenOf(DEMO_EMAILS.admin);
const call = (token: string, method: 'GET' | 'POST', target: string, payload?: unknown) =>
  app.inject({
    method,
    url: target,
    headers: { authorization: token },
    ...(payload ? { payload: payload as object } : {}),
  });

async function time(
  label: string,
  token: string,
  method: 'GET' | 'POST',
  target: string,
  payload?: unknown,
): Promise<number> {
  const check = await call(token, method, target, payload);
  if (check.statusCode !== 200) throw new Error(`${label}: ${check.statusCode} ${check.body.slice(0, 300)}`);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(token, method, target, payload);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  log(`${label}: median ${median.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${runs} runs)`);
  return median;
}

const filtered = '/api/api/customers?range=1y&ordersMin=2&sort=points&order=desc&page=1&pageSize=20';
const big = await time(`list, first page filtered (${customers} customers)`, ownerToken, 'GET', filtered);
const countFiltered = filtered.replace('/api/api/customers?', '/api/api/customers/count?');
const bigCount = await time(
  `count of the filter's matches, capped at 10,000 (${customers} customers)`,
  ownerToken,
  'GET',
  countFiltered,
);
// The admin switched into the small restaurant reads its list the same way.
const [smallNode] = (
  (await handle.db.execute(
    sql`select n.xid from restaurants r join nodes n on n.id = r.node_id where r.id = ${small.id}`,
  )) as unknown as {
    rows: Array<{ xid: string }>;
  }
).rows;
const switched = await call(adminToken, 'POST', '/api/account/swtichRestByXid', { xid: smallNode!.xid });
if (switched.statusCode !== 200) throw new Error(`switch: ${switched.statusCode} ${switched.body}`);
const little = await time('list, first page filtered (1,000 customers)', adminToken, 'GET', filtered);
log(`${customers} / 1,000 customers: ${(big / little).toFixed(2)}x (goal: under 3x)`);
const littleCount = await time("count of the filter's matches (1,000 customers)", adminToken, 'GET', countFiltered);
log(
  `count, ${customers} / 1,000 customers: ${(bigCount / littleCount).toFixed(2)}x (its own request; the page does not wait for it)`,
);
await time('list, unfiltered first page by last order', ownerToken, 'GET', '/api/api/customers?page=1&pageSize=20');
await time('list, page 2,000 (deep offset)', ownerToken, 'GET', '/api/api/customers?page=2000&pageSize=20');
await time('list, text search "Guest 4242"', ownerToken, 'GET', '/api/api/customers?q=Guest%204242&page=1&pageSize=20');
await time('count, text search "Guest 4242"', ownerToken, 'GET', '/api/api/customers/count?q=Guest%204242');
const trigram = (
  (await handle.db
    .execute(sql`select indexname from pg_indexes where tablename = 'customers' and indexname like '%trgm%'
    order by indexname`)) as unknown as { rows: Array<{ indexname: string }> }
).rows.map((r) => r.indexname);
log(`trigram indexes on customers: ${trigram.join(', ') || 'none'}`);

const campaign = {
  bodyEn: 'Harbor Bistro misses you: 20% off this week!',
  bodyZh: '海港小馆想念您：本周八折！',
  audience: { filter: { range: '1y', ordersMin: 2, sort: 'points', order: 'desc' } },
};
await time(
  'quote, every result of a filter (1,000 recipients, two languages)',
  ownerToken,
  'POST',
  '/api/api/customers/campaigns/quote',
  campaign,
);

const submitted = await call(ownerToken, 'POST', '/api/api/customers/campaigns', campaign);
if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
const id = (submitted.json() as { id: number }).id;
const approved = await call(agentToken, 'POST', `/api/api/customers/reviews/${id}`, { decision: 'approved' });
if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
const sms = localAdapters.get(handle.db)!.sms;
const before = sms.messages.length;
started = Date.now();
const sent = await call(ownerToken, 'POST', `/api/api/customers/campaigns/${id}/send`);
if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
await app.jobs.drain();
const [state] = (
  (await handle.db.execute(sql`select count(*) filter (where status = 'sent')::int as sent, count(*)::int as n
    from sms_recipients where campaign_id = ${id}`)) as unknown as { rows: Array<{ sent: number; n: number }> }
).rows;
const seconds = (Date.now() - started) / 1000;
log(
  `Send Now to ${state!.n} recipients through the local adapter: ${seconds.toFixed(1)} s, ${state!.sent} sent, ${sms.messages.length - before} messages (goal: under 30 s)`,
);

await app.close();
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_customers cascade'));
await handle.close();
