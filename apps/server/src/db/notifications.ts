import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Subscribes to a PostgreSQL NOTIFY channel. `onState(false)` says notifications may be missed from now
 * on (the connection dropped), `onState(true)` that they flow again; callers that remember anything stop
 * trusting it in between. Resolves to the subscription:
 * - `sync()` resolves once every notification of a transaction that committed before the call has been
 *   handed to `onNotify` (it rejects while the channel is down);
 * - `stop()` unsubscribes.
 */
export type TListen = (
  channel: string,
  onNotify: (payload: string) => void,
  onState: (up: boolean) => void,
) => Promise<TSubscription>;

export type TSubscription = { sync: () => Promise<void>; stop: () => Promise<void> };

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * A dedicated connection outside the pool (a pooled one is handed to queries), re-opened when lost.
 *
 * `sync()` is a round trip on that connection. A NOTIFY's sender signals the listening backends inside
 * its commit, before its client hears that the commit is done; a backend that was signalled sends the
 * notifications before the ReadyForQuery of the query it is running (PostgreSQL's postgres.c: "they'll
 * be seen by the client before ReadyForQuery is"). So when a `select 1` sent after a commit returns,
 * that commit's notifications have already been read from the same socket, in order.
 */
export function listenWithPg(config: pg.ClientConfig, Client: typeof pg.Client = pg.Client): TListen {
  return async (channel, onNotify, onState) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name '${channel}'`);
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;

    const connect = async (): Promise<void> => {
      const c = new Client(config);
      c.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      const lost = () => {
        if (client !== c) return;
        client = null;
        onState(false);
        c.end().catch(() => undefined);
        if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 500);
      };
      c.on('error', lost);
      c.on('end', lost);
      client = c;
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
        if (client === c) onState(true);
      } catch (error) {
        lost();
        throw error;
      }
    };

    await connect().catch(() => undefined);
    return {
      sync: async () => {
        const c = client;
        if (!c) throw new Error(`not listening on '${channel}'`);
        await c.query('select 1');
      },
      stop: async () => {
        stopped = true;
        if (retry) clearTimeout(retry);
        const c = client;
        client = null;
        await c?.end().catch(() => undefined);
      },
    };
  };
}

/**
 * PGlite runs in this process: its notifications cannot be lost while it is open, and it hands them to
 * the listeners as the statement that committed them returns, so there is nothing to wait for.
 */
export function listenWithPglite(db: PGlite): TListen {
  return async (channel, onNotify, onState) => {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name '${channel}'`);
    const unsubscribe = await db.listen(channel, (payload) => onNotify(payload));
    onState(true);
    return {
      sync: async () => undefined,
      stop: async () => {
        onState(false);
        await unsubscribe();
      },
    };
  };
}
