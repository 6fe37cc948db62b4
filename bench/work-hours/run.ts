/**
 * Timesheet and payroll speed at a big restaurant's scale (docs/performance.md "Work hours").
 *
 * Adds BENCH_EMPLOYEES employees (default 80) to Harbor Bistro with two years of shifts (about 60,000:
 * six days a week, one day in five split in two, a meal break each), then times through app.inject:
 * the timesheet (work-duration) of a 1-week and a 2-week period, and the payroll export (CSV and XLSX)
 * of a closed month.
 *
 *   npm run work-hours -w @ra/bench                                  # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://... npm run work-hours -w @ra/bench  # PostgreSQL (schema bench_work_hours)
 *
 * Options (env): BENCH_EMPLOYEES (80), BENCH_DAYS (730), BENCH_RUNS (15).
 */
import { eq, sql } from 'drizzle-orm';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { buildApp } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { users } from '../../apps/server/src/db/schema/users.ts';
import { workShifts } from '../../apps/server/src/db/schema/work-hours.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const employees = Number(process.env.BENCH_EMPLOYEES ?? 80);
const days = Number(process.env.BENCH_DAYS ?? 730);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const NOW = new Date('2026-11-15T20:00:00Z');
const ZONE = 'America/New_York';
const OFFSET = 3;
const H = 3_600_000;

const handle = await openDatabase({
  databaseUrl: url,
  schema: url ? 'bench_work_hours' : undefined,
  maxConnections: 4,
});
const kind = handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const log = (...args: unknown[]) => console.log(`[${kind}]`, ...args);
if (url)
  await handle.db.execute(sql.raw('drop schema if exists bench_work_hours cascade; create schema bench_work_hours'));
await handle.migrate();
await seedDemoData(handle.db, { now: NOW });

const [owner] = await handle.db
  .select({ restaurantId: users.restaurantId, nodeId: users.nodeId })
  .from(users)
  .where(eq(users.email, DEMO_EMAILS.owner));
if (!owner?.restaurantId) throw new Error('demo owner missing');
const restaurantId = owner.restaurantId;

// A deterministic generator, so every run times the same data.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};

const started = Date.now();
const people = await handle.db
  .insert(users)
  .values(
    Array.from({ length: employees }, (_, i) => ({
      email: `bench.employee.${i}@demo.test`,
      firstName: `Bench${i}`,
      lastName: 'Employee',
      employeeNumber: String(5000 + i),
      pin: String(100000 + i),
      restaurantId,
      nodeId: owner.nodeId,
    })),
  )
  .returning({ id: users.id });

const lastDay = addDays('2026-11-14', 0);
const firstDay = addDays(lastDay, -(days - 1));
let batch: Array<typeof workShifts.$inferInsert> = [];
let shifts = 0;
const flush = async () => {
  if (batch.length === 0) return;
  await handle.db.insert(workShifts).values(batch);
  shifts += batch.length;
  batch = [];
};
for (let d = 0; d < days; d++) {
  const day = addDays(firstDay, d);
  const start = businessDayBounds(day, ZONE, OFFSET).start.getTime() - OFFSET * H;
  for (const [i, person] of people.entries()) {
    if ((d + i) % 7 === 0) continue; // a day off a week
    const parts =
      random() < 0.2
        ? [
            [10, 14.5],
            [17, 22],
          ]
        : [[10 + (i % 4), 18.5 + (i % 4)]];
    for (const [from, to] of parts) {
      const clockIn = start + from! * H + Math.floor(random() * 10) * 60_000;
      const clockOut = start + to! * H + Math.floor(random() * 10) * 60_000;
      const meal = clockIn + 4 * H;
      batch.push({
        restaurantId,
        userId: person.id,
        wageCents: 1500 + (i % 10) * 100,
        clockInAt: new Date(clockIn),
        clockOutAt: new Date(clockOut),
        breaks: to! - from! > 6 ? [{ kind: 'meal', paid: false, startAt: meal, endAt: meal + 30 * 60_000 }] : [],
        declaredTipsCents: Math.floor(random() * 5000),
        source: 'pos',
      });
      if (batch.length >= 2000) await flush();
    }
  }
}
await flush();
if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
log(
  `generated ${employees} employees and ${shifts} shifts over ${days} days in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);

const app = await buildApp({
  db: handle.db,
  config: {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: '/tmp/ra-bench-work-hours',
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
const call = (method: 'GET' | 'PUT' | 'POST', target: string, payload?: unknown) =>
  app.inject({ method, url: target, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function time(label: string, target: string): Promise<number> {
  const check = await call('GET', target);
  if (check.statusCode !== 200) throw new Error(`${label}: ${check.statusCode} ${check.body.slice(0, 300)}`);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call('GET', target);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  log(`${label}: median ${median.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${runs} runs)`);
  return median;
}

const range = (from: string, to: string) => {
  const a = businessDayBounds(from, ZONE, OFFSET).start.getTime();
  const b = businessDayBounds(to, ZONE, OFFSET).end.getTime();
  return `/api/api/restaurant/${restaurantId}/work-duration?from=${a}&to=${b}`;
};
// Weekly, then bi-weekly, periods from a Monday.
const week = await time('timesheet, 1-week period', range('2026-10-26', '2026-11-01'));
const twoWeeks = await time('timesheet, 2-week period', range('2026-10-26', '2026-11-08'));
log(`2-week / 1-week: ${(twoWeeks / week).toFixed(2)}x (goal: under 3x)`);

await call('PUT', '/api/api/work-hours/settings', {
  payPeriod: 'monthly',
  anchor: '2026-01-05',
  overtimeRules: 'california',
});
const closed = await call('POST', '/api/api/work-hours/periods/close', { start: '2026-10-01' });
if (closed.statusCode !== 200) throw new Error(`close: ${closed.statusCode} ${closed.body}`);
await time('timesheet, 1-month period', range('2026-10-01', '2026-10-31'));
const csv = await time(
  'payroll export of a month, CSV',
  '/api/api/work-hours/periods/export?start=2026-10-01&format=csv',
);
const xlsx = await time(
  'payroll export of a month, XLSX',
  '/api/api/work-hours/periods/export?start=2026-10-01&format=xlsx',
);
log(`payroll export under 2 s: CSV ${csv < 2000 ? 'yes' : 'NO'}, XLSX ${xlsx < 2000 ? 'yes' : 'NO'}`);

await app.close();
if (url) await handle.db.execute(sql.raw('drop schema if exists bench_work_hours cascade'));
await handle.close();
