import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';

async function rows(db: Database, text: string): Promise<Array<Record<string, unknown>>> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** The job queue's schema beside the app's (lib/jobs/job-queue.ts): `pgboss`, or `<test schema>_pgboss`. */
export async function bossSchemaOf(db: Database): Promise<string> {
  const [row] = await rows(db, 'select current_schema() as schema');
  const app = String(row!.schema);
  return app === 'public' ? 'pgboss' : `${app}_pgboss`;
}

/**
 * What a server that died while running jobs of `queue` leaves behind once its lease time has passed:
 * the jobs still active, last renewed long ago, their leases run out. (The database's time cannot be
 * moved, so the rows are moved back instead.)
 */
export async function leasesRunOut(db: Database, queue: string): Promise<void> {
  const schema = await bossSchemaOf(db);
  await rows(
    db,
    `update ${schema}.job set started_on = now() - interval '1 hour' where name = '${queue}' and state = 'active'`,
  );
  await rows(db, `update ${schema}.ra_job_lease set expires_at = now() - interval '1 second' where queue = '${queue}'`);
}
