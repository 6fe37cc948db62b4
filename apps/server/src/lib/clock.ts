/**
 * The one source of "now" on the server. Business days, "today so far", token expiry, rate-limit
 * windows and demo data all ask a Clock, never `Date.now()` / `new Date()`, so tests and the browser
 * suite can run the whole product at a chosen instant and pass at any hour of the real day.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that starts at `start` and then runs at real speed: what a server pinned by CLOCK_NOW uses,
 * so requests a second apart are still a second apart (sessions, ordering of audit rows).
 */
export function runningClockFrom(start: Date, realNow: () => number = () => Date.now()): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private at: number;
  constructor(start: Date | string) {
    this.at = new Date(start).getTime();
    if (Number.isNaN(this.at)) throw new Error(`ManualClock: bad start ${String(start)}`);
  }
  now(): Date {
    return new Date(this.at);
  }
  set(at: Date | string): void {
    this.at = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

/**
 * CLOCK_NOW (an ISO instant with an offset, e.g. 2026-03-14T19:30:00-04:00) pins the clock outside
 * production. Production always runs on the system clock: a stray variable must never move real
 * business days, so it is ignored there and the caller logs that it was.
 */
export function clockFromEnv(env: NodeJS.ProcessEnv): { clock: Clock; pinnedAt: Date | undefined; ignored: boolean } {
  const raw = env.CLOCK_NOW?.trim();
  if (!raw) return { clock: systemClock, pinnedAt: undefined, ignored: false };
  if (env.NODE_ENV === 'production') return { clock: systemClock, pinnedAt: undefined, ignored: true };
  const at = new Date(raw);
  if (Number.isNaN(at.getTime()) || !/\d{4}-\d{2}-\d{2}T/.test(raw))
    throw new Error(`CLOCK_NOW must be an ISO date-time such as 2026-03-14T19:30:00-04:00, got '${raw}'`);
  return { clock: runningClockFrom(at), pinnedAt: at, ignored: false };
}
