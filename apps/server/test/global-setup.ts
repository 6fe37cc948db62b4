import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sql } from 'drizzle-orm';
import { SERVER_DIR } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { addOrderMonthPartitions } from '../src/db/order-partitions.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { TEST_NOW } from './test-now.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and seeded as of TEST_NOW ('' on PostgreSQL). */
    pgliteTemplate: string;
    /** On TEST_DATABASE_URL: the name of a database migrated and seeded as of TEST_NOW ('' on PGlite). */
    postgresTemplate: string;
    /** Where the tests that start servers as processes bundle the server (server-process.ts), gone after the run. */
    serverBuildRoot: string;
  }
}

/**
 * Starting an empty PGlite cluster costs seconds per test file; loading a dump of one costs a
 * fraction of that. So migrate and seed once per run, dump it, and let each file load the dump
 * (helper.ts). On TEST_DATABASE_URL, likewise: one database migrated and seeded once, which each file
 * copies into a database of its own with CREATE DATABASE ... TEMPLATE (a file's database and app ready
 * in 0.44 s instead of 1.5 s, measured alone).
 */
export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  // Under dist/, so the bundle finds node_modules as `npm start`'s does; made only when a test asks.
  const serverBuildRoot = join(SERVER_DIR, 'dist', `.test-servers-${process.pid}`);
  project.provide('serverBuildRoot', serverBuildRoot);
  const removeBuilds = () => rmSync(serverBuildRoot, { recursive: true, force: true });
  // RA_TEST_NO_TEMPLATE=1 makes every file start from an empty database (to compare, or to rule it out).
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', '');
  if (process.env.RA_TEST_NO_TEMPLATE) return removeBuilds;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, 'test_template');
    try {
      const handle = await openDatabase({ databaseUrl: template.url, maxConnections: 2 });
      try {
        await migrateAndSeed(handle);
      } finally {
        await handle.close();
      }
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide('postgresTemplate', template.name);
    return async () => {
      await template.drop();
      removeBuilds();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ra-server-template-'));
  const handle = await openDatabase({});
  await migrateAndSeed(handle);
  // dumped at a checkpoint, each file's copy starts without replaying the seed's log first (about
  // 0.15 s of a file's 0.8 s open, measured on this machine)
  await handle.db.execute(sql`checkpoint`);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeBuilds();
  };
}

/** Migrates the database and adds the demo data as of TEST_NOW, as a file without the template does. */
async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedDemoData(handle.db, { now: new Date(TEST_NOW) });
  await addOrderMonthPartitions(handle.db, new Date(TEST_NOW));
}
