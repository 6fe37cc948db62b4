import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenWithPg, listenWithPglite, type TListen } from './notifications.ts';

/** What repositories receive: the same query builder whichever PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** For the start-up line and logs; never contains a password. */
  description: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** NOTIFY subscriptions (db/notifications.ts), e.g. for servers that remember who may do what. */
  listen: TListen;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/', import.meta.url));

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * Schema for every connection's search_path (and for drizzle's migration journal). Tests give each
   * file its own so they can share one server; production leaves it unset and uses `public`.
   */
  schema?: string | undefined;
  maxConnections?: number;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl, schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name '${schema}'`);
  const migrationsSchema = schema ?? 'drizzle';

  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.maxConnections ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection dropped by the server (restart, failover) surfaces here; without a listener
    // Node would crash the process. The pool replaces the connection on next use.
    pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
    if (schema) await pool.query(`create schema if not exists ${schema}`);
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    return {
      db: db as Database,
      kind: 'postgres',
      description: `PostgreSQL ${redact(databaseUrl)}${schema ? ` (schema ${schema})` : ''}`,
      async migrate() {
        // Several API servers may start at once against one database: let one migrate at a time.
        const client = await pool.connect();
        try {
          await client.query(`select pg_advisory_lock(hashtext('ra-migrate:' || current_schema()))`);
          try {
            await migratePg(drizzlePg({ client, casing: 'snake_case' }), {
              migrationsFolder: MIGRATIONS_FOLDER,
              migrationsSchema,
            });
          } finally {
            await client.query(`select pg_advisory_unlock(hashtext('ra-migrate:' || current_schema()))`);
          }
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
      listen: listenWithPg({ connectionString: databaseUrl, application_name: 'restaurant-admin-listen' }),
    };
  }

  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir);
  await client.waitReady;
  if (schema) await client.exec(`create schema if not exists ${schema}; set search_path to ${schema};`);
  const db = drizzlePglite({ client, casing: 'snake_case' });
  return {
    db: db as Database,
    kind: 'pglite',
    description: options.pgliteDir ? `embedded PGlite at ${options.pgliteDir}` : 'embedded PGlite in memory',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema }),
    close: () => client.close(),
    listen: listenWithPglite(client),
  };
}

/** The database `npm start` and the db:* scripts use: DATABASE_URL, else PGlite under DATA_DIR/pglite. */
export function openConfiguredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl })
    : openDatabase({ pgliteDir: join(config.dataDir, 'pglite') });
}
