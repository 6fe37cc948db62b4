import { createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './client.ts';
import { multiHostClientConfig, parseMultiHostUrl, WriterLocator, writerClientClass } from './multi-host.ts';

describe('multi-host DATABASE_URL', () => {
  it('reads every host and keeps the rest of the address', () => {
    const parsed = parseMultiHostUrl(
      'postgres://app:s%40cret@db1:5433,db2,[::1]:6000/restaurant?target_session_attrs=read-write&sslmode=disable',
    );
    expect(parsed?.hosts).toEqual([
      { host: 'db1', port: 5433 },
      { host: 'db2', port: 5432 },
      { host: '::1', port: 6000 },
    ]);
    expect(parsed?.targetSessionAttrs).toBe('read-write');
    expect(multiHostClientConfig(parsed!)).toEqual({ user: 'app', password: 's@cret', database: 'restaurant' });
  });

  it('leaves a one-host address to node-postgres', () => {
    expect(parseMultiHostUrl('postgres://app@db1:5432/restaurant')).toBeNull();
  });
});

/**
 * Against a real PostgreSQL (TEST_DATABASE_URL): a host that refuses, and one that accepts the
 * connection but never answers, are passed over for the one that accepts writes; with none left, a
 * connection fails as "database unavailable" (503), and is found again when one comes back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('finding the writer among several hosts', () => {
  const sockets = new Set<Socket>();
  // Accepts connections and never answers, like a host whose PostgreSQL hangs.
  const silent: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('connects to the host that accepts writes, and fails as unavailable when there is none', async () => {
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const silentPort = (silent.address() as { port: number }).port;
    const real = new URL(serverUrl!);
    const refusing = { host: '127.0.0.1', port: 1 };
    const hanging = { host: '127.0.0.1', port: silentPort };
    const writer = { host: real.hostname, port: Number(real.port || 5432) };
    const base = multiHostClientConfig(
      parseMultiHostUrl(`postgres://${real.username}@a,b/${real.pathname.slice(1) || 'postgres'}`)!,
    );

    const pool = new pg.Pool({
      ...base,
      max: 1,
      Client: writerClientClass(new WriterLocator([refusing, hanging, writer], base)),
    });
    const { rows } = await pool.query<{ port: number; standby: boolean }>(
      'select inet_server_port() as port, pg_is_in_recovery() as standby',
    );
    expect(rows[0]).toEqual({ port: writer.port, standby: false });
    await pool.end();

    const none = new pg.Pool({ ...base, max: 1, Client: writerClientClass(new WriterLocator([refusing], base)) });
    const error = await none.query('select 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/no PostgreSQL server accepts writes/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await none.end();
  }, 30_000);
});
