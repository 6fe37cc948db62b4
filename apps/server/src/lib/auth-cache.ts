import type { AuthContext } from './auth-context.ts';
import type { Clock } from './clock.ts';

/**
 * Who the caller is and what they may do, kept in memory between requests so a read costs no database
 * round trip (the session, its roles and flags were three). It may never let a change wait:
 * - every write request authenticates against the database and then empties this server's cache, so
 *   deactivation, role and config changes made here count from the very next request;
 * - changes made through another server arrive with PostgreSQL's NOTIFY at commit (the triggers of
 *   migration 0005). A notification travels on its own connection and may still be on its way when the
 *   next request arrives, so every request first waits for the channel to catch up (`sync`, one round
 *   trip on the listening connection, shared by the requests that arrive together) and only then
 *   answers from memory;
 * - while the notification channel is down nothing is served from memory.
 * A token still expires by the clock, checked on every hit.
 */
/** The channel migration 0005's triggers notify on. */
export const AUTH_CHANGED_CHANNEL = 'ra_auth_changed';

export class AuthCache {
  private readonly entries = new Map<string, { auth: AuthContext; expiresAtMs: number }>();
  /** Bumped on every invalidation, so a lookup that started before one cannot store a stale answer. */
  private generation = 0;
  private listening = false;
  private readonly waiting: Array<() => void> = [];
  private readonly listeners: Array<() => void> = [];
  private syncChannel: () => Promise<void> = async () => undefined;
  /** The round trip on its way, and the one queued behind it for requests that arrived after it left. */
  private syncRunning: Promise<void> | null = null;
  private syncQueued: Promise<void> | null = null;

  constructor(
    private readonly load: (token: string) => Promise<{ auth: AuthContext; expiresAtMs: number }>,
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  /** The notification channel is up (true) or lost (false: stop trusting memory until it is back). */
  setListening(up: boolean): void {
    this.listening = up;
    this.invalidate();
  }

  /** Whether remembered answers may be used now (the notification channel is up). */
  get isListening(): boolean {
    return this.listening;
  }

  /** How to catch up with the notification channel (`TSubscription.sync`). */
  setSync(sync: () => Promise<void>): void {
    this.syncChannel = sync;
  }

  /**
   * Resolves once every notification committed before this call has been handled. A round trip that
   * is already on its way may have left before that commit, so a caller joins the next one; all who
   * arrive while one is out share the one queued behind it.
   */
  private catchUp(): Promise<void> {
    if (!this.syncRunning) return this.startSync();
    this.syncQueued ??= this.syncRunning
      .catch(() => undefined)
      .then(() => {
        this.syncQueued = null;
        return this.startSync();
      });
    return this.syncQueued;
  }

  private startSync(): Promise<void> {
    const running = this.syncChannel().finally(() => {
      if (this.syncRunning === running) this.syncRunning = null;
    });
    this.syncRunning = running;
    return running;
  }

  /** Other memories that must be forgotten at the same moments (restaurant rows). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    for (const listener of this.listeners) listener();
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /**
   * Resolves at the next invalidation: a change written straight to the database (as another server
   * would) is announced by NOTIFY a moment after its commit; tests wait for that announcement.
   */
  nextInvalidation(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  get size(): number {
    return this.entries.size;
  }

  async authenticate(token: string, options: { fresh: boolean }): Promise<AuthContext> {
    if (!this.listening) return (await this.load(token)).auth;
    // Memory is trusted only once the channel has caught up. The restaurant rows remembered beside it
    // are read after this returns, so they are caught up as well.
    const caughtUp = this.catchUp().then(
      () => true,
      () => false,
    );
    if (!options.fresh && this.entries.has(token)) {
      if ((await caughtUp) && this.listening) {
        const hit = this.entries.get(token);
        if (hit && hit.expiresAtMs > this.clock.now().getTime()) return hit.auth;
        if (hit) this.entries.delete(token);
      }
    }
    const generation = this.generation;
    const [loaded, synced] = await Promise.all([this.load(token), caughtUp]);
    if (!synced) return loaded.auth;
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(token, loaded);
    }
    return loaded.auth;
  }
}
