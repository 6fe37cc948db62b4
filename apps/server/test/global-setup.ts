import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_DIR } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { addOrderMonthPartitions } from '../src/db/order-partitions.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { TEST_NOW } from './test-now.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped PGlite data directory, migrated and seeded as of TEST_NOW ('' on PostgreSQL). */
    pgliteTemplate: string;
    /** Where the tests that start servers as processes bundle the server (server-process.ts), gone after the run. */
    serverBuildRoot: string;
  }
}

/**
 * Starting an empty PGlite cluster costs seconds per test file; loading a dump of one costs a
 * fraction of that. So migrate and seed once per run, dump it, and let each file load the dump
 * (helper.ts). On TEST_DATABASE_URL each file still migrates its own schema.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // Under dist/, so the bundle finds node_modules as `npm start`'s does; made only when a test asks.
  const serverBuildRoot = join(SERVER_DIR, 'dist', `.test-servers-${process.pid}`);
  project.provide('serverBuildRoot', serverBuildRoot);
  const removeBuilds = () => rmSync(serverBuildRoot, { recursive: true, force: true });
  // RA_TEST_NO_TEMPLATE=1 makes every file start from an empty cluster (to compare, or to rule it out).
  if (process.env.TEST_DATABASE_URL || process.env.RA_TEST_NO_TEMPLATE) {
    project.provide('pgliteTemplate', '');
    return removeBuilds;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ra-server-template-'));
  const handle = await openDatabase({});
  await handle.migrate();
  await seedDemoData(handle.db, { now: new Date(TEST_NOW) });
  await addOrderMonthPartitions(handle.db, new Date(TEST_NOW));
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
