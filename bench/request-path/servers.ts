/**
 * The two servers the request-path bench compares, in one process so they share one core's worth of
 * scheduling: the product's API on PostgreSQL (demo accounts, no orders needed) and a bare Fastify
 * hello-world. Prints their ports as one JSON line once both listen.
 */
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');

const handle = await openDatabase({ databaseUrl, maxConnections: 10 });
await handle.migrate();
await seedDemoData(handle.db);
const config = {
  ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-'.padEnd(40, 'x') }),
  logLevel: 'warn',
};
const app = await buildApp({
  db: handle.db,
  config,
  logger: false,
  ...(handle.listen ? { listen: handle.listen } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: typeof hello) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.log(JSON.stringify({ app: portOf(app as unknown as typeof hello), hello: portOf(hello) }));
process.on('SIGTERM', () => {
  void Promise.all([app.close(), hello.close()])
    .then(() => handle.close())
    .then(() => process.exit(0));
});
