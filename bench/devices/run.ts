/**
 * Devices and delivery at scale (docs/performance.md "Devices and delivery").
 *
 * For each database in one run (PGlite in memory, then PostgreSQL when BENCH_DATABASE_URL is set):
 * - 1,000 paired devices at Harbor Bistro each beat once per 30 s round (BENCH_ROUNDS rounds, the app
 *   clock moved 30 s between rounds); every beat is timed through app.inject, the median and p95
 *   reported; afterwards the list must count all 1,000 online;
 * - a burst of 200 signed DoorDash orders (plus 20 redeliveries of some of them) within 10 s; every
 *   order must be stored exactly once.
 *
 *   npm run devices -w @ra/bench
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run devices -w @ra/bench
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_SIGNATURE_HEADER, type TWebhookOrder } from '@ra/shared/delivery/delivery.schemas';
import { ZPlatformConfigs } from '@ra/shared/devices/devices.schemas';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { deliveryConnections } from '../../apps/server/src/db/schema/delivery.ts';
import { devices } from '../../apps/server/src/db/schema/devices.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';
import { signWebhook } from '../../apps/server/src/modules/delivery/platform-adapter.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURST = Number(process.env.BENCH_BURST ?? 200);
/** Seconds between a device's beats: the 1,000 beats of a round are spread evenly over it, as devices do. */
const INTERVAL_S = Number(process.env.BENCH_INTERVAL_S ?? 30);
/** Seconds the webhook burst is spread over. */
const BURST_S = Number(process.env.BENCH_BURST_S ?? 10);
const NOW = new Date('2026-03-14T23:30:00Z');

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Open-loop load: item i is sent at start + i * spacing whether or not earlier ones have answered,
 * as independent devices (or a platform) would; resolves when every answer is in.
 */
async function paced<T>(items: readonly T[], seconds: number, work: (item: T) => Promise<void>): Promise<void> {
  const spacing = (seconds * 1000) / items.length;
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < items.length; i += 1) {
    const wait = start + i * spacing - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(work(items[i]!));
  }
  await Promise.all(inFlight);
}

async function benchOne(url: string | undefined): Promise<string[]> {
  const schema = url ? 'bench_devices' : undefined;
  const handle = await openDatabase({ databaseUrl: url, schema, maxConnections: 8 });
  const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  if (url) await handle.db.execute(sql.raw('drop schema if exists bench_devices cascade; create schema bench_devices'));
  await handle.migrate();
  await seedDemoData(handle.db, { now: NOW });
  const clock = new ManualClock(NOW);
  const app = await buildApp({
    db: handle.db,
    config: {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: url,
      dataDir: '/tmp/ra-bench-devices',
      jwtSecret: 'bench-only-jwt-secret-0123456789abcdef0123456789',
      tokenTtlSeconds: 43_200,
      trustProxy: false,
      email: { smtpUrl: undefined, from: 'bench@restaurant-admin.local', fail: false },
      webDistDir: '/tmp/ra-no-web-dist',
      logLevel: 'silent',
      clock,
    },
  });
  const [owner] = await handle.db
    .select({ restaurantId: users.restaurantId })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.owner));
  const restaurantId = owner!.restaurantId!;
  const onlineBefore = await handle.db.execute(
    sql`select count(*)::int as n from devices where restaurant_id = ${restaurantId} and revoked_at is null
        and last_visit_at >= ${new Date(NOW.getTime() + (ROUNDS - 1) * INTERVAL_S * 1000 - 90_000).toISOString()}::timestamptz`,
  );
  const baseline = (onlineBefore as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;

  // 1,000 paired devices, each with its own credential (only the hash is stored, as pairing does).
  const tokens = Array.from({ length: DEVICES }, (_, i) => `dev_bench_${i}_${sha256(String(i)).slice(0, 24)}`);
  for (let from = 0; from < DEVICES; from += 500) {
    await handle.db.insert(devices).values(
      tokens.slice(from, from + 500).map((token, j) => ({
        restaurantId,
        name: `Bench terminal ${from + j}`,
        type: 'terminal',
        platformConfig: ZPlatformConfigs.parse({}),
        credentialHash: sha256(token),
        pairedAt: NOW,
      })),
    );
  }

  const timings: number[] = [];
  let failed = 0;
  const roundStarted = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    await paced(tokens, INTERVAL_S, async (token) => {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/api/devices/heartbeat',
        headers: { authorization: token },
        payload: { appVersion: '4.3.1' },
      });
      timings.push(performance.now() - t);
      if (res.statusCode !== 200) failed += 1;
    });
    if (round < ROUNDS - 1) clock.advance(INTERVAL_S * 1000);
  }
  const beatSeconds = (performance.now() - roundStarted) / 1000;
  timings.sort((a, b) => a - b);

  const signin = await app.inject({
    method: 'POST',
    url: '/api/account/signin',
    payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
  });
  const ownerToken = (signin.json() as { token: string }).token;
  const list = await app.inject({
    method: 'GET',
    url: '/api/api/devices',
    headers: { authorization: ownerToken },
    query: { status: 'online', pageSize: '20' },
  });
  const online = (list.json() as { total: number }).total - baseline;

  // The webhook burst: 200 orders and 20 redeliveries, all signed, sent within 10 s.
  const [connection] = await handle.db
    .select()
    .from(deliveryConnections)
    .where(eq(deliveryConnections.restaurantId, restaurantId));
  const bodies = Array.from({ length: BURST }, (_, i) => {
    const order: TWebhookOrder = {
      storeId: connection!.storeId!,
      orderId: `BENCH-${i}`,
      placedAt: new Date(NOW.getTime() + 60_000).toISOString(),
      items: [
        {
          id: 'burger',
          name: 'Harbor Burger',
          category: 'Mains',
          quantity: 1 + (i % 3),
          unitPriceCents: 1_895,
          options: [],
        },
      ],
      taxCents: 168 * (1 + (i % 3)),
      tipCents: 300,
      totalCents: (1_895 + 168) * (1 + (i % 3)) + 300,
    };
    return JSON.stringify(order);
  });
  clock.advance(60_000);
  const redeliveries = bodies.filter((_, i) => i % 10 === 0);
  const burst = [...bodies, ...redeliveries];
  const answers = new Map<number, number>();
  const burstStarted = performance.now();
  const burstTimings: number[] = [];
  await paced(burst, BURST_S, async (body) => {
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/api/delivery/webhook/doordash',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(
          connection!.webhookSecret!,
          body,
          Math.floor(clock.now().getTime() / 1000),
        ),
      },
      payload: body,
    });
    burstTimings.push(performance.now() - t);
    answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
  });
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  burstTimings.sort((a, b) => a - b);
  const stored = await handle.db.execute(
    sql`select count(*)::int as n, count(distinct pos_order_id)::int as d from orders
        where restaurant_id = ${restaurantId} and pos_order_id like 'doordash:BENCH-%'`,
  );
  const row = (stored as unknown as { rows: Array<{ n: number; d: number }> }).rows[0]!;

  await app.close();
  if (url) await handle.db.execute(sql.raw('drop schema if exists bench_devices cascade'));
  await handle.close();

  const ms = (v: number) => `${v.toFixed(2)} ms`;
  const lines = [
    `[${kind}] heartbeats: ${timings.length} (${DEVICES} devices x ${ROUNDS} rounds, each round spread over ` +
      `${INTERVAL_S} s: ${(DEVICES / INTERVAL_S).toFixed(0)}/s), median ${ms(quantile(timings, 0.5))}, ` +
      `p95 ${ms(quantile(timings, 0.95))}, max ${ms(timings.at(-1) ?? 0)}, took ${beatSeconds.toFixed(0)} s, ` +
      `refused ${failed}; online afterwards ${online}/${DEVICES}`,
    `[${kind}] webhook burst: ${burst.length} posts (${BURST} orders + ${redeliveries.length} redeliveries) spread ` +
      `over ${BURST_S} s, all answered after ${burstSeconds.toFixed(2)} s; median ${ms(quantile(burstTimings, 0.5))}, ` +
      `p95 ${ms(quantile(burstTimings, 0.95))}; answers ${[...answers].map(([s, n]) => `${s}x${n}`).join(', ')}; ` +
      `stored ${row.n} orders, ${row.d} distinct (expected ${BURST})`,
  ];
  for (const line of lines) console.log(line);
  // Correctness fails the run; the timings are reported (docs/performance.md) against their targets.
  const ok = failed === 0 && online === DEVICES && row.n === BURST && row.d === BURST;
  if (!ok) process.exitCode = 1;
  return lines;
}

await benchOne(undefined);
if (process.env.BENCH_DATABASE_URL) await benchOne(process.env.BENCH_DATABASE_URL);
