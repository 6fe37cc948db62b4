/**
 * Starts the API: open and migrate the database, seed the embedded one on first start, listen, and
 * stop cleanly on SIGINT / SIGTERM (finish in-flight requests, then close the database).
 */
import { buildApp } from './app.ts';
import { loadConfig, loadDatabaseConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { addOrderMonthPartitions, scheduleOrderMonthPartitions } from './db/order-partitions.ts';
import { hasAnyUser, seedDemoData } from './demo/seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(loadDatabaseConfig(), config.clock);
await database.migrate();
// A first `npm start` should show a working product; a PostgreSQL server is never seeded implicitly.
// SEED_ORDER_DAYS (default 90) sets how many business days of demo orders come with it; 0 for none.
const seedOrderDays = Number(process.env.SEED_ORDER_DAYS ?? 90);
const seeded =
  database.kind === 'pglite' &&
  !(await hasAnyUser(database.db)) &&
  (
    await seedDemoData(database.db, {
      now: config.clock.now(),
      accountKey: config.jwtSecret,
      // Demo orders run up to the clock's "now", so an afternoon start shows today's lunch so far.
      ...(Number.isInteger(seedOrderDays) && seedOrderDays > 0
        ? { orders: { days: seedOrderDays, now: config.clock.now() } }
        : {}),
    })
  ).seeded;
// Orders by month (migration 0033): this month's and the next months' partitions exist, and months
// that landed in the DEFAULT partition (e.g. the demo's history) get their own.
await addOrderMonthPartitions(database.db, config.clock.now());

const app = await buildApp({
  db: database.db,
  config,
  listen: database.listen,
  ...(database.replica ? { replica: database.replica } : {}),
});
if (config.clockPinIgnored) app.log.warn('CLOCK_NOW is ignored in production; the system clock is used');
else if (process.env.CLOCK_NOW) app.log.warn(`clock pinned by CLOCK_NOW: now is ${config.clock.now().toISOString()}`);

const stopPartitions = scheduleOrderMonthPartitions(
  database.db,
  () => config.clock.now(),
  (error) => app.log.error({ err: error }, 'creating the orders month partitions failed'),
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // Under the usual 30 s a container platform gives between SIGTERM and SIGKILL.
  const timer = setTimeout(() => {
    app.log.error('shutdown took over 25 s; exiting');
    process.exit(1);
  }, 25_000);
  timer.unref();
  stopPartitions();
  try {
    const started = performance.now();
    await app.close();
    app.log.info(`shutdown: server closed in ${Math.round(performance.now() - started)} ms`);
    await database.close();
    app.log.info(`shutdown: database closed in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `Restaurant Admin System on http://${host}:${config.port} (database: ${database.description}${seeded ? ', demo data added' : ''})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
