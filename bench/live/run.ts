/**
 * Live sales fan-out (docs/performance.md "Live sales: SSE fan-out"): BENCH_STREAMS (500) dashboards
 * hold the live stream of one restaurant open while a POS order change is written once a second for
 * BENCH_SECONDS (30). For each write: how long until every open stream had the event (from the
 * moment the write's statement returned), and whether any stream missed one.
 *
 *   npm run live -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run live -w @ra/bench  # PostgreSQL (schema bench_live)
 *
 * Client and server share this process (and the machine), so the figures include the clients' own
 * parsing: an upper bound of the server's cost.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { seedDemoOrders } from '../../apps/server/src/demo/demo-orders.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const streams = Number(process.env.BENCH_STREAMS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_live' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
await handle.migrate();
await seedDemoData(handle.db);
const [harbor] = (
  (await handle.db.execute(
    sql`select restaurant_id as id from users where email = ${DEMO_EMAILS.owner}`,
  )) as unknown as { rows: Array<{ id: number }> }
).rows;
await seedDemoOrders(handle.db, { days: 2, now: new Date(), restaurantIds: [harbor!.id], busiestPerDay: 20 });
const config = { ...loadConfig({ ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn' }), logLevel: 'warn' };
const app = await buildApp({ db: handle.db, config, listen: handle.listen });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const signin = await app.inject({
  method: 'POST',
  url: '/api/account/signin',
  payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token: string }).token;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
/** Per version: how many streams have it, and when the last one got it. */
const seen = new Map<number, { count: number; lastAt: number }>();
let opened = 0;
const requests: http.ClientRequest[] = [];
await new Promise<void>((resolve, reject) => {
  for (let i = 0; i < streams; i++) {
    const req = http.get(
      `${base}/api/api/live/sales`,
      { agent, headers: { authorization: token, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${i}: ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const m = /^id: (\d+)\nevent: sales/m.exec(block);
            if (m) {
              const v = Number(m[1]);
              const s = seen.get(v) ?? { count: 0, lastAt: 0 };
              s.count++;
              s.lastAt = performance.now();
              seen.set(v, s);
            } else if (/event: ready/.test(block) && ++opened === streams) resolve();
          }
        });
      },
    );
    req.on('error', reject);
    requests.push(req);
  }
});
console.log(`[${kind}] ${streams} streams open; writing one order change a second for ${seconds} s`);

const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const writes: Array<{ version: number; at: number }> = [];
for (let i = 0; i < seconds; i++) {
  const started = performance.now();
  const { rows } = (await handle.db.execute(
    sql`with o as (select id from orders where restaurant_id = ${harbor!.id} order by id desc limit 1)
        update orders set server_name = ${`bench ${i}`} where id in (select id from o) returning id`,
  )) as unknown as { rows: unknown[] };
  if (rows.length !== 1) throw new Error('no order to change');
  const at = performance.now();
  const [v] = (
    (await handle.db.execute(
      sql`select version::float8 as v from live_sales_versions where restaurant_id = ${harbor!.id}`,
    )) as unknown as { rows: Array<{ v: number }> }
  ).rows;
  writes.push({ version: Number(v!.v), at });
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - started))));
}
await new Promise((r) => setTimeout(r, 2000));
const cpu = process.cpuUsage(cpuBefore);

const lat = writes.map((w) => {
  const s = seen.get(w.version);
  return { complete: s?.count === streams, ms: s ? s.lastAt - w.at : Infinity, count: s?.count ?? 0 };
});
const sorted = lat.map((l) => l.ms).sort((a, b) => a - b);
const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
console.log(
  JSON.stringify(
    {
      database: kind,
      streams,
      writes: writes.length,
      everyStreamGotEveryWrite: lat.every((l) => l.complete),
      deliveries: lat.reduce((t, l) => t + l.count, 0),
      lastStreamMs: { p50: +pick(0.5).toFixed(1), p95: +pick(0.95).toFixed(1), max: +sorted.at(-1)!.toFixed(1) },
      processCpuMsPerWrite: +((cpu.user + cpu.system) / 1000 / writes.length).toFixed(1),
      rssMb: { before: Math.round(rssBefore / 2 ** 20), after: Math.round(process.memoryUsage().rss / 2 ** 20) },
      serverConnections: (app as unknown as { server: http.Server }).server.listening ? streams : 0,
    },
    null,
    2,
  ),
);
for (const r of requests) r.destroy();
await app.close();
await handle.close();
process.exit(0);
