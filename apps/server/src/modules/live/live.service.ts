import type { TListen, TSubscription } from '../../db/notifications.ts';
import type { LiveRepository } from './live.repository.ts';

/** The NOTIFY channel of live sales (migration 0027); payload '<restaurantId>:<version>'. */
export const LIVE_SALES_CHANNEL = 'live_sales';

/** One open stream: told each newer version of its restaurant. */
export interface TLiveConnection {
  restaurantId: number;
  /** The newest version this connection was told (or started from). */
  lastVersion: number;
  /** False while the stream is being opened: versions heard meanwhile are kept in `pending`. */
  ready: boolean;
  pending: number;
  push(version: number): void;
  /** Ends the stream (the server is stopping). */
  end(): void;
}

interface TLog {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Fans the database's `live_sales` notifications out to this server's open streams. Each API server
 * LISTENs once (on its first stream), so an order written through any server reaches every dashboard.
 * While the LISTEN connection is down notifications may be lost: when it is back, every restaurant with
 * an open stream is read again and its streams told of what they missed.
 */
export class LiveSalesHub {
  private readonly byRestaurant = new Map<number, Set<TLiveConnection>>();
  private subscription: Promise<TSubscription | null> | null = null;
  private wasDown = false;
  private closed = false;

  constructor(
    private readonly repo: LiveRepository,
    private readonly listen: TListen | undefined,
    private readonly log: TLog,
  ) {}

  get connectionCount(): number {
    let n = 0;
    for (const set of this.byRestaurant.values()) n += set.size;
    return n;
  }

  /** Starts listening (once per server), so the caller may rely on notifications from the moment it resolves. */
  private ensureListening(): Promise<TSubscription | null> {
    this.subscription ??= (async () => {
      if (!this.listen) {
        this.log.warn({}, 'live sales: the database offers no notifications; streams only catch up on connect');
        return null;
      }
      return this.listen(
        LIVE_SALES_CHANNEL,
        (payload) => this.onNotify(payload),
        (up) => {
          if (!up) this.wasDown = true;
          else if (this.wasDown) {
            this.wasDown = false;
            void this.resync().catch((error: unknown) => this.log.warn({ err: error }, 'live sales: resync failed'));
          }
        },
      );
    })();
    return this.subscription;
  }

  private onNotify(payload: string): void {
    const match = /^(\d+):(\d+)$/.exec(payload);
    if (!match) return;
    this.deliver(Number(match[1]), Number(match[2]));
  }

  private deliver(restaurantId: number, version: number): void {
    const set = this.byRestaurant.get(restaurantId);
    if (!set) return;
    for (const connection of set) {
      if (!connection.ready) {
        connection.pending = Math.max(connection.pending, version);
        continue;
      }
      if (version <= connection.lastVersion) continue;
      connection.lastVersion = version;
      connection.push(version);
    }
  }

  async version(restaurantId: number): Promise<number> {
    return (await this.repo.versions([restaurantId])).get(restaurantId) ?? 0;
  }

  /** After the LISTEN connection came back: what each open restaurant's streams may have missed. */
  async resync(): Promise<void> {
    const versions = await this.repo.versions([...this.byRestaurant.keys()]);
    for (const [restaurantId, version] of versions) this.deliver(restaurantId, version);
  }

  /**
   * Opens a stream of a restaurant from version `since` (the Last-Event-ID of a reconnect; null for a
   * first connect). Registers before reading the current version, so no write falls between the two.
   * Answers the version the stream starts from and, when the restaurant moved on since `since` (or
   * during the opening), the newer version to tell at once; the caller writes both, in that order,
   * before anything else can be pushed (no await between).
   */
  async open(
    connection: TLiveConnection,
    since: number | null,
  ): Promise<{ version: number; missed: number | null; close: () => void }> {
    if (this.closed) throw new Error('live sales hub is closed');
    await this.ensureListening();
    connection.ready = false;
    connection.pending = 0;
    let set = this.byRestaurant.get(connection.restaurantId);
    if (!set) this.byRestaurant.set(connection.restaurantId, (set = new Set()));
    set.add(connection);
    const close = () => {
      const current = this.byRestaurant.get(connection.restaurantId);
      current?.delete(connection);
      if (current && current.size === 0) this.byRestaurant.delete(connection.restaurantId);
    };
    try {
      const current = (await this.repo.versions([connection.restaurantId])).get(connection.restaurantId) ?? 0;
      const base = since ?? current;
      const top = Math.max(current, connection.pending);
      connection.ready = true;
      connection.lastVersion = Math.max(base, top);
      return { version: base, missed: top > base ? top : null, close };
    } catch (error) {
      close();
      throw error;
    }
  }

  /** Ends every open stream (their clients reconnect to another server) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const set of [...this.byRestaurant.values()]) for (const connection of [...set]) connection.end();
    const subscription = await this.subscription;
    await subscription?.stop();
  }
}
