/**
 * Tip allocation for a busy restaurant (issue 23, docs/performance.md "Tips"): 60 employees (25
 * servers, 10 bussers, 8 at the bar, 17 in the kitchen), a month of shifts and 6,000 card-tipped orders
 * in a monthly pay period. Times GET /api/api/tips/period through app.inject as the owner under a rule
 * with two pools (servers by hours, bar by points) and two tip-outs (servers 2 % of sales to bussers,
 * bar 10 % of tips to the kitchen), for each period kind (pay period, day, shift), and the pure
 * allocation (allocateTips) on the same data.
 *
 *   npm run tips -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run tips -w @ra/bench  # PostgreSQL (schema bench_tips)
 *
 * Options (env): BENCH_RUNS (9).
 */
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import type { TTipRule } from '@ra/shared/tips/allocation';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { orders, payments } from '../../apps/server/src/db/schema/orders.ts';
import { roles, userRoles, users } from '../../apps/server/src/db/schema/users.ts';
import { workHourSettings, workShifts } from '../../apps/server/src/db/schema/work-hours.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const runs = Number(process.env.BENCH_RUNS ?? 9);
const NOW = new Date('2026-11-15T20:00:00Z');
const MONTH = { start: '2026-10-01', end: '2026-10-31' };
const ZONE = 'America/New_York';
const OFFSET = 3;
const H = 3_600_000;
const ORDERS = 6000;

const handle = await openDatabase({ databaseUrl: url, schema: url ? 'bench_tips' : undefined, maxConnections: 4 });
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_tips cascade; create schema bench_tips'));
await handle.migrate();
await seedDemoData(handle.db, { now: NOW });

const [owner] = await handle.db
  .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
  .from(users)
  .where(eq(users.email, DEMO_EMAILS.owner));
if (!owner?.restaurantId) throw new Error('demo owner missing');
const restaurantId = owner.restaurantId;
await handle.db
  .insert(workHourSettings)
  .values({ restaurantId, payPeriod: 'monthly', periodAnchor: '2026-01-01', overtimeRules: 'federal' })
  .onConflictDoUpdate({
    target: workHourSettings.restaurantId,
    set: { payPeriod: 'monthly', periodAnchor: '2026-01-01' },
  });

let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};

const started = Date.now();
const roleRows = await handle.db
  .insert(roles)
  .values(
    ['Bench server', 'Bench busser', 'Bench bar', 'Bench kitchen'].map((name) => ({ restaurantId, name, flags: {} })),
  )
  .returning({ id: roles.id, name: roles.name });
const [SERVER, BUSSER, BAR, KITCHEN] = roleRows.map((r) => r.id) as [number, number, number, number];
const mix = [...Array(25).fill(SERVER), ...Array(10).fill(BUSSER), ...Array(8).fill(BAR), ...Array(17).fill(KITCHEN)];
const people = await handle.db
  .insert(users)
  .values(
    mix.map((_, i) => ({
      email: `bench.tips.${i}@demo.test`,
      firstName: `Tips${i}`,
      lastName: 'Employee',
      employeeNumber: String(7000 + i),
      pin: String(200000 + i),
      restaurantId,
      nodeId: owner.nodeId,
    })),
  )
  .returning({ id: users.id });
await handle.db.insert(userRoles).values(people.map((p, i) => ({ userId: p.id, roleId: mix[i]!, restaurantId })));

// Shifts: everyone five days a week, lunch-to-close or dinner.
const shiftRows: Array<typeof workShifts.$inferInsert> = [];
const dayStart = (day: string) => businessDayBounds(day, ZONE, OFFSET).start.getTime() - OFFSET * H;
for (let d = 0; d < 31; d++) {
  const day = addDays(MONTH.start, d);
  for (const [i, person] of people.entries()) {
    if ((d + i) % 7 < 2) continue;
    const from = i % 2 === 0 ? 11 : 16;
    const clockIn = dayStart(day) + from * H + Math.floor(random() * 15) * 60_000;
    shiftRows.push({
      restaurantId,
      userId: person.id,
      roleId: mix[i]!,
      wageCents: 1500,
      clockInAt: new Date(clockIn),
      clockOutAt: new Date(clockIn + 7 * H),
      declaredTipsCents: mix[i] === BAR ? Math.floor(random() * 4000) : 0,
      source: 'pos',
    });
  }
}
for (let i = 0; i < shiftRows.length; i += 1000)
  await handle.db.insert(workShifts).values(shiftRows.slice(i, i + 1000));

// Orders: 6,000 in the month, each credited to a server by employee number, card-paid with a tip.
const servers = people
  .filter((_, i) => mix[i] === SERVER)
  .map((p, k) => ({ id: p.id, number: String(7000 + people.findIndex((x) => x.id === p.id)), k }));
for (let start = 0; start < ORDERS; start += 500) {
  const batch = Array.from({ length: Math.min(500, ORDERS - start) }, (_, j) => {
    const n = start + j;
    const day = addDays(MONTH.start, n % 31);
    const at = dayStart(day) + (12 + (n % 10)) * H + Math.floor(random() * 50) * 60_000;
    const sales = 2000 + Math.floor(random() * 15_000);
    const server = servers[n % servers.length]!;
    return {
      restaurantId,
      posOrderId: `BENCH-TIP-${n}`,
      channel: 'dineIn',
      partySize: 2,
      serverId: server.number,
      serverName: null,
      status: 'closed',
      openedAt: new Date(at - H),
      closedAt: new Date(at),
      businessDay: day,
      openedHour: 12,
      grossSalesCents: sales,
      itemDiscountCents: 0,
      orderDiscountCents: 0,
      compCents: 0,
      voidCents: 0,
      netSalesCents: sales,
      taxCents: 0,
      serviceChargeCents: 0,
      tipCents: Math.round(sales * 0.18),
      totalCents: sales + Math.round(sales * 0.18),
      paidCents: sales + Math.round(sales * 0.18),
      refundedCents: 0,
      compQuantity: 0,
      voidQuantity: 0,
      hasTaxLines: false,
      payloadHash: `bench-${n}`,
      payload: {} as never,
    };
  });
  const ids = await handle.db.insert(orders).values(batch).returning({ id: orders.id });
  await handle.db.insert(payments).values(
    ids.map((o, j) => ({
      restaurantId,
      orderId: o.id,
      posPaymentId: `BENCH-TIP-${start + j}-p`,
      method: 'card',
      amountCents: batch[j]!.totalCents,
      tipCents: batch[j]!.tipCents,
      refundedCents: 0,
      paidAt: batch[j]!.closedAt,
      businessDay: batch[j]!.businessDay,
    })),
  );
}
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
log(
  `generated ${people.length} employees, ${shiftRows.length} shifts, ${ORDERS} orders in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

const app = await buildApp({
  db: handle.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-tips',
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
  payload: { email: DEMO_EMAILS.owner, password: DEMO_PASSWORD, cid: -1, emailVerificationCodeNumber: '' },
});
const token = (signin.json() as { token: string }).token;
const call = (method: 'GET' | 'PUT', target: string, payload?: unknown) =>
  app.inject({ method, url: target, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const period of ['payPeriod', 'day', 'shift'] as const) {
  const rule: TTipRule = {
    sources: { cardTips: true, declaredCash: true, serviceCharges: false },
    period,
    pools: [
      { name: 'Servers', weighting: 'hours', roles: [{ roleId: SERVER, points: 1 }] },
      {
        name: 'Bar',
        weighting: 'points',
        roles: [
          { roleId: BAR, points: 2 },
          { roleId: BUSSER, points: 1 },
        ],
      },
    ],
    tipOuts: [
      { fromRoleId: SERVER, toRoleId: BUSSER, basisPoints: 200, base: 'sales' },
      { fromRoleId: BAR, toRoleId: KITCHEN, basisPoints: 1000, base: 'tips' },
    ],
  };
  const saved = await call('PUT', '/api/api/tips/rule', rule);
  if (saved.statusCode !== 200) throw new Error(`rule: ${saved.statusCode} ${saved.body}`);
  const samples: number[] = [];
  let body: { totalCents: number; lines: Array<{ finalCents: number }> } | null = null;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await call('GET', `/api/api/tips/period?start=${MONTH.start}`);
    samples.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`period: ${res.statusCode} ${res.body.slice(0, 300)}`);
    body = res.json();
  }
  const sum = body!.lines.reduce((s, l) => s + l.finalCents, 0);
  if (sum !== body!.totalCents) throw new Error(`parts ${sum} != total ${body!.totalCents}`);
  log(
    `tips of a month, period '${period}': median ${median(samples).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms ` +
      `(${runs} runs; ${body!.lines.length} employees, ${(body!.totalCents / 100).toFixed(2)} $ shared, parts add up)`,
  );
}
await app.close();
await handle.close();
