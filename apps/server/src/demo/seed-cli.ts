/**
 * `npm run db:seed [-- options]`: migrates, then adds the demo data if it is not there yet, with 90
 * business days of demo orders. Options add more orders to an existing database:
 *   --orders N   about N more orders, spread over the last --days days (default 90)
 *   --days D     business days to spread over (alone: the default daily volumes over D days)
 *   --seed S     PRNG seed (default: a new one per run, so each run adds different orders)
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadDatabaseConfig } from '../config.ts';
import { clockFromEnv } from '../lib/clock.ts';
import { seedDemoOrders, type TSeedOrdersOptions } from './demo-orders.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemoData } from './seed.ts';

const { values } = parseArgs({
  options: { orders: { type: 'string' }, days: { type: 'string' }, seed: { type: 'string' } },
  allowPositionals: false,
});

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number, got '${value}'`);
  return n;
}

const totalOrders = positive('orders', values.orders);
const days = positive('days', values.days) ?? 90;
// Orders run up to the clock's "now" (CLOCK_NOW outside production); the seed only varies the data.
const now = clockFromEnv(process.env).clock.now();
const seed = positive('seed', values.seed) ?? Math.floor(Math.random() * 2_000_000_000);

const handle = await openConfiguredDatabase(loadDatabaseConfig());
try {
  await handle.migrate();
  const started = performance.now();
  const progress: TSeedOrdersOptions['onProgress'] = (done, name) => {
    if (done % 5000 < 400) console.log(`  ${name}: ${done} orders`);
  };
  const asked = totalOrders !== undefined || values.days !== undefined;
  const orderOptions: TSeedOrdersOptions = asked
    ? {
        days,
        ...(totalOrders !== undefined ? { totalOrders } : {}),
        seed,
        runId: `cli${seed.toString(36)}`,
        now,
        onProgress: progress,
      }
    : { days: 90, now, onProgress: progress };
  // The server's account-number key, so the owner's demo bank account is stored as the server stores one.
  const { jwtSecret: accountKey } = loadConfig();
  const { seeded, orders: firstOrders } = await seedDemoData(handle.db, { orders: orderOptions, accountKey });
  console.log(
    seeded
      ? `demo data added to ${handle.description}; sign in as ${Object.values(DEMO_EMAILS).join(', ')} with password '${DEMO_PASSWORD}'`
      : `demo data already present in ${handle.description}`,
  );
  let added = firstOrders;
  if (!seeded && asked) added = await seedDemoOrders(handle.db, orderOptions);
  if (added) {
    console.log(
      `${added.orders} demo orders and ${added.payouts} payouts added in ${((performance.now() - started) / 1000).toFixed(1)} s (${added.restaurants.map((r) => `${r.name}: ${r.orders}`).join(', ')})`,
    );
    if (added.skipped.length) console.log(`skipped (no time zone chosen yet): ${added.skipped.join(', ')}`);
  } else if (!seeded) {
    console.log('nothing changed; use --orders N or --days D to add demo orders');
  }
} finally {
  await handle.close();
}
