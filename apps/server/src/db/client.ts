import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { SERVER_DIR, type DatabaseConfig } from '../config.ts';
import { multiHostClientConfig, parseMultiHostUrl, WriterLocator, writerClientClass } from './multi-host.ts';
import { listenWithPg, listenWithPglite, type TListen } from './notifications.ts';
import { ReplicaReads } from './replica-reads.ts';
import { systemClock, type Clock } from '../lib/clock.ts';

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
  /** PGlite only: the whole data directory as a tarball, for `pgliteLoadDataDir` (test set-up). */
  dumpDataDir?: () => Promise<Blob>;
  /** With a replica configured (DATABASE_REPLICA_URL): the reads that may go there (db/replica-reads.ts). */
  replica?: ReplicaReads;
}

export const MIGRATIONS_FOLDER = join(SERVER_DIR, 'drizzle');

export interface OpenDatabaseOptions {
  /** A PostgreSQL server; when absent, the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * A PGlite data directory dumped earlier (`dumpDataDir`), to start from instead of an empty cluster:
   * the server tests load one migrated, seeded database per file this way (test/global-setup.ts),
   * which takes a fraction of a fresh initdb.
   */
  pgliteLoadDataDir?: Blob | undefined;
  /**
   * Schema for every connection's search_path (and for drizzle's migration journal). Tests give each
   * file its own so they can share one server; production leaves it unset and uses `public`.
   */
  schema?: string | undefined;
  /** Connections the pool opens at most (PostgreSQL server only). */
  maxConnections?: number;
  /** PostgreSQL's statement_timeout for every connection of the pool; absent means the server's own. */
  statementTimeoutMs?: number | undefined;
  /** How long to wait for a new connection before the request fails as "database unavailable". */
  connectTimeoutMs?: number;
  /**
   * A streaming replica of `databaseUrl` (one host, or every node: the one in recovery is used) for the
   * reads listed in plugins/replica-reads.ts. PostgreSQL only; absent means every read goes to the primary.
   */
  replicaUrl?: string | undefined;
  /** How long such a read waits for the replica to replay what it must see before reading the primary. */
  replicaWaitMs?: number;
  /** "Now" for the replica's staleness bound (the app's Clock). */
  clock?: Clock;
}

/**
 * A server that is down refuses at once, but one that is unreachable (a dead host, a dropped route)
 * would leave a request waiting on TCP for minutes: give up after this and answer 503.
 */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (unparsable URL)';
  }
}

/** How long a replica read waits for the caller's last write to be replayed (DATABASE_REPLICA_WAIT_MS). */
export const DEFAULT_REPLICA_WAIT_MS = 500;

function redactHosts(url: string): string {
  const multi = parseMultiHostUrl(url);
  return multi ? `${multi.hosts.map((h) => `${h.host}:${h.port}`).join(',')} (a standby)` : redact(url);
}

/** The replica's pool: read-only sessions, the same size and limits as the primary's. */
function replicaPool(url: string, options: OpenDatabaseOptions, schema: string | undefined): pg.Pool {
  const multiHost = parseMultiHostUrl(url);
  const hostConfig: pg.PoolConfig = multiHost ? multiHostClientConfig(multiHost) : { connectionString: url };
  const StandbyClient = multiHost
    ? writerClientClass(
        new WriterLocator(multiHost.hosts, { ...hostConfig, application_name: 'restaurant-admin-replica' }, 'standby'),
      )
    : undefined;
  const pool = new pg.Pool({
    ...hostConfig,
    ...(StandbyClient ? { Client: StandbyClient } : {}),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: Math.min(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, 2_000),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    application_name: 'restaurant-admin-replica',
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => console.error('PostgreSQL replica idle connection error:', error.message));
  return pool;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl, schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name '${schema}'`);
  const migrationsSchema = schema ?? 'drizzle';

  if (databaseUrl) {
    // Several hosts (a primary and its standbys): connections go to whichever accepts writes now.
    const multiHost = parseMultiHostUrl(databaseUrl);
    const hostConfig: pg.PoolConfig = multiHost ? multiHostClientConfig(multiHost) : { connectionString: databaseUrl };
    const WriterClient = multiHost
      ? writerClientClass(new WriterLocator(multiHost.hosts, { ...hostConfig, application_name: 'restaurant-admin' }))
      : undefined;
    const pool = new pg.Pool({
      ...hostConfig,
      ...(WriterClient ? { Client: WriterClient } : {}),
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // Sent with each connection's start-up packet: the same as `SET statement_timeout` on every one.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      // Names this server's connections in pg_stat_activity for whoever looks after the database.
      application_name: 'restaurant-admin',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection dropped by the server (restart, failover) surfaces here; without a listener
    // Node would crash the process. The pool replaces the connection on next use.
    pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
    if (schema) await pool.query(`create schema if not exists ${schema}`);
    const replica = options.replicaUrl
      ? new ReplicaReads({
          primary: pool,
          replica: replicaPool(options.replicaUrl, options, schema),
          clock: options.clock ?? systemClock,
          waitMs: options.replicaWaitMs ?? DEFAULT_REPLICA_WAIT_MS,
          isUnavailable: isDatabaseUnavailable,
        })
      : undefined;
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    return {
      db: db as Database,
      kind: 'postgres',
      description: `PostgreSQL ${
        multiHost
          ? `${multiHost.hosts.map((h) => `${h.host}:${h.port}`).join(',')} (the one accepting writes)`
          : redact(databaseUrl)
      }${schema ? ` (schema ${schema})` : ''}${options.replicaUrl ? `, report reads from ${redactHosts(options.replicaUrl)}` : ''}`,
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
      close: async () => {
        await replica?.close();
        await pool.end();
      },
      ...(replica ? { replica } : {}),
      listen: listenWithPg(
        {
          ...hostConfig,
          connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
          application_name: 'restaurant-admin-listen',
        },
        WriterClient,
      ),
    };
  }

  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm: the customer list's text search reads trigram indexes (migration 0019), as on PostgreSQL.
  const client = new PGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteLoadDataDir,
    extensions: { pg_trgm },
  });
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
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}

/** The database `npm start` and the db:* scripts use: DATABASE_URL, else PGlite under DATA_DIR/pglite. */
export function openConfiguredDatabase(config: DatabaseConfig, clock?: Clock): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        databaseUrl: config.databaseUrl,
        maxConnections: config.poolSize,
        statementTimeoutMs: config.statementTimeoutMs,
        replicaUrl: config.replicaUrl,
        replicaWaitMs: config.replicaWaitMs,
        ...(clock ? { clock } : {}),
      })
    : openDatabase({ pgliteDir: join(config.dataDir, 'pglite') });
}

/** SQLSTATE classes and codes that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (a restart, a failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout, the database is too busy to answer in time
  '25006', // read_only_sql_transaction: this server was demoted to a standby (a failover)
]);

/** Socket-level failures node-postgres passes on as they come from Node. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres' own wording for a connection that failed or vanished; these carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is closed/,
];

/**
 * True when an error (or anything in its `cause` chain: drizzle wraps the driver's error) says the
 * database could not be reached or is going away, so the request may well succeed in a moment. The
 * error handler answers these with 503 and Retry-After instead of a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message))) return true;
  }
  return false;
}
