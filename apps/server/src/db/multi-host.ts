import pg from 'pg';

/**
 * Several PostgreSQL servers in one address, as libpq writes it:
 *   postgres://user:pass@db1:5432,db2:5432/restaurant?target_session_attrs=read-write
 * (pg_auto_failover's `pg_autoctl show uri --formation default` prints one like it). node-postgres
 * reads only one host, so the pool gets a Client class that finds the server that accepts writes
 * among them before each new connection, and finds it again after a failover: an API server never
 * needs a restart when the primary moves.
 */
export interface TPgHost {
  host: string;
  port: number;
}

export interface TMultiHostUrl {
  hosts: TPgHost[];
  /** The same address with only the first host and without target_session_attrs (libpq-only). */
  singleUrl: string;
  targetSessionAttrs: string | undefined;
}

/** Null when the address names one host (then node-postgres reads it as it always has). */
export function parseMultiHostUrl(url: string): TMultiHostUrl | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!match) return null;
  const [, scheme, userinfo = '', hostList = '', rest = ''] = match;
  if (!hostList.includes(',')) return null;
  const hosts = hostList.split(',').map((entry): TPgHost => {
    const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (bracket) return { host: bracket[1]!, port: Number(bracket[2] ?? 5432) };
    const [host, port] = entry.split(':');
    return { host: host || 'localhost', port: Number(port || 5432) };
  });
  const parsed = new URL(`${scheme}${userinfo}${hostList.split(',')[0]}${rest}`);
  const targetSessionAttrs = parsed.searchParams.get('target_session_attrs') ?? undefined;
  parsed.searchParams.delete('target_session_attrs');
  return { hosts, singleUrl: parsed.toString(), targetSessionAttrs };
}

/** Answered while no listed server accepts writes (all down, or a failover in progress): a 503. */
export class NoWriterError extends Error {
  // cannot_connect_now: the error handler answers 503 with Retry-After (client.ts isDatabaseUnavailable).
  readonly code = '57P03';
}

const PROBE_TIMEOUT_MS = 2_000;

/**
 * Remembers which of the hosts is the writer. `writer()` answers the remembered one, or asks each
 * host in turn (`pg_is_in_recovery()`) when there is none; `forget()` is called when a connection to
 * it fails, so the next connection looks again. One probe at a time, shared by everyone waiting.
 */
export class WriterLocator {
  private known: TPgHost | null = null;
  private probing: Promise<TPgHost> | null = null;

  /**
   * `role` 'standby' looks for a server in recovery instead (DATABASE_REPLICA_URL naming every node:
   * the reads that may go to a replica find whichever node is the standby now).
   */
  constructor(
    private readonly hosts: TPgHost[],
    private readonly baseConfig: pg.ClientConfig,
    readonly role: 'primary' | 'standby' = 'primary',
  ) {}

  writer(): Promise<TPgHost> {
    if (this.known) return Promise.resolve(this.known);
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  forget(host: TPgHost): void {
    if (this.known && this.known.host === host.host && this.known.port === host.port) this.known = null;
  }

  private async probe(): Promise<TPgHost> {
    const reasons: string[] = [];
    for (const host of this.hosts) {
      const client = new pg.Client({
        ...this.baseConfig,
        host: host.host,
        port: host.port,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        query_timeout: PROBE_TIMEOUT_MS,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
        if (Boolean(rows[0]?.standby) === (this.role === 'standby')) {
          this.known = host;
          return host;
        }
        reasons.push(`${host.host}:${host.port} is ${this.role === 'standby' ? 'the primary' : 'a standby'}`);
      } catch (error) {
        reasons.push(`${host.host}:${host.port} ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    throw new NoWriterError(
      `no PostgreSQL server ${this.role === 'standby' ? 'is a standby' : 'accepts writes'} (${reasons.join('; ')})`,
    );
  }
}

type TConnectCallback = ((err: Error) => void) | ((err: null, c: pg.Client) => void);

/**
 * A node-postgres Client class for `new pg.Pool({ Client })`: each new connection goes to the host the
 * locator names; when connecting fails, or the host turns out to be a standby (it was demoted), the
 * locator forgets it and the pool's next connection looks again.
 */
export function writerClientClass(locator: WriterLocator): typeof pg.Client {
  class WriterClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback: (err: null, c: pg.Client) => void): void;
    override connect(callback?: TConnectCallback): Promise<pg.Client> | void {
      const done = this.connectToWriter().then(() => this as pg.Client);
      if (!callback) return done;
      done.then(
        () => (callback as (err: null, c: pg.Client) => void)(null, this),
        (error: Error) => (callback as (err: Error) => void)(error),
      );
    }

    private async connectToWriter(): Promise<void> {
      const target = await locator.writer();
      // Client reads these when it opens the socket (pg/lib/client.js _connect).
      const self = this as unknown as { host: string; port: number; connectionParameters: TPgHost };
      self.host = target.host;
      self.port = target.port;
      self.connectionParameters.host = target.host;
      self.connectionParameters.port = target.port;
      // Until the pool has this client (after the callback) nobody listens for its 'error' events, and
      // a server dying during the check below would emit one: an unhandled 'error' ends the process.
      const ignore = () => undefined;
      this.on('error', ignore);
      try {
        await super.connect();
        const { rows } = await super.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
        if (Boolean(rows[0]?.standby) !== (locator.role === 'standby')) {
          await this.end().catch(() => undefined);
          throw new NoWriterError(`${target.host}:${target.port} is no longer the ${locator.role}`);
        }
      } catch (error) {
        locator.forget(target);
        throw error;
      } finally {
        this.off('error', ignore);
      }
    }
  }
  return WriterClient as unknown as typeof pg.Client;
}

/** Pool and LISTEN settings for a multi-host address: the same fields node-postgres would read. */
export function multiHostClientConfig(parsed: TMultiHostUrl): pg.ClientConfig {
  const u = new URL(parsed.singleUrl);
  return {
    user: decodeURIComponent(u.username) || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || undefined,
    ...(u.searchParams.get('sslmode') && u.searchParams.get('sslmode') !== 'disable'
      ? { ssl: { rejectUnauthorized: u.searchParams.get('sslmode') === 'verify-full' } }
      : {}),
  };
}
