import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/**
 * What pg-boss needs from a database (its `db` option): run one SQL text, with or without parameters,
 * and answer `{ rows }` as node-postgres does. A text of several statements (pg-boss installs its
 * schema and runs maintenance that way, wrapped in BEGIN ... COMMIT) answers one result per statement,
 * as node-postgres' simple query protocol does.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Releases what the executor opened itself (its own pool); never the app's database. */
  close(): Promise<void>;
  kind: 'pglite' | 'postgres';
}

type TResult = { rows: Record<string, unknown>[] };

/**
 * PGlite: `query` runs one statement with parameters (extended protocol); `exec` runs several without
 * (simple protocol) and answers one result per statement. PGlite has one connection and makes a
 * statement outside a transaction wait until a running transaction ends, so the queue's statements
 * interleave safely with the app's; but it also means that sending a job from INSIDE an open
 * transaction on PGlite would wait for that transaction forever (see job-queue.ts).
 */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    kind: 'pglite',
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      if (results.length === 1) return { rows: results[0]!.rows as Record<string, unknown>[] };
      // Several statements: node-postgres answers an array of results; keep `rows` of the last for
      // callers that read it as if it were one.
      const all = results.map((r) => ({ rows: r.rows as Record<string, unknown>[] }));
      return Object.assign(all, { rows: all.at(-1)?.rows ?? [] }) as unknown as TResult;
    },
    close: async () => undefined,
  };
}

/**
 * PostgreSQL: a small pool of the queue's own, opened with the app pool's settings (address,
 * search_path, statement timeout), so background jobs never hold the connections requests wait for.
 */
function postgresExecutor(appPool: pg.Pool, maxConnections: number): SqlExecutor {
  const pool = new pg.Pool({
    ...appPool.options,
    max: maxConnections,
    application_name: 'restaurant-admin-jobs',
  });
  pool.on('error', (error) => console.error('job queue: PostgreSQL idle connection error:', error.message));
  return {
    kind: 'postgres',
    async executeSql(text, values) {
      const result = (await pool.query(text, values as unknown[] | undefined)) as unknown as TResult | TResult[];
      return result as TResult;
    },
    close: () => pool.end(),
  };
}

/** The executor for whatever the app's drizzle database runs on. */
export function sqlExecutorFor(db: Database, options: { maxConnections?: number } = {}): SqlExecutor {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteExecutor(client);
  if (client instanceof pg.Pool) return postgresExecutor(client, options.maxConnections ?? 2);
  throw new Error('job queue: the database is neither PGlite nor a node-postgres pool');
}
