import type { AuthContext } from './auth-context.ts';
import type { Clock } from './clock.ts';

/**
 * Who the caller is and what they may do, kept in memory between requests so a read costs no database
 * round trip (the session, its roles and flags were three). It may never let a change wait:
 * - every write request authenticates against the database and then empties this server's cache, so
 *   deactivation, role and config changes made here count from the very next request;
 * - changes made through another server arrive with PostgreSQL's NOTIFY at commit (the triggers of
 *   migration 0005), and empty the cache before the next request that can see them;
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
    if (!options.fresh && this.listening) {
      const hit = this.entries.get(token);
      if (hit && hit.expiresAtMs > this.clock.now().getTime()) return hit.auth;
      if (hit) this.entries.delete(token);
    }
    const generation = this.generation;
    const loaded = await this.load(token);
    if (this.listening && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(token, loaded);
    }
    return loaded.auth;
  }
}
