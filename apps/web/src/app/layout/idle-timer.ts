/**
 * Calls `onIdle` once `timeoutMs` pass with no `activity()`. Activity only records a time stamp
 * (mouse moves arrive by the hundred per second); the single pending timeout re-arms itself for
 * whatever is left when it fires early.
 */
export interface TIdleTimer {
  activity: () => void;
  stop: () => void;
}

export function startIdleTimer(timeoutMs: number, onIdle: () => void): TIdleTimer {
  let last = Date.now();
  let handle: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const idleFor = Date.now() - last;
    if (idleFor >= timeoutMs) {
      handle = undefined;
      onIdle();
    } else {
      handle = setTimeout(check, timeoutMs - idleFor);
    }
  };
  handle = setTimeout(check, timeoutMs);
  return {
    activity: () => {
      last = Date.now();
      // after firing the timer stays quiet until it is started again
    },
    stop: () => {
      if (handle !== undefined) clearTimeout(handle);
      handle = undefined;
    },
  };
}

/** SPEC 9 lock-screen inactivity options, in minutes; null = never lock. */
export const LOCK_OPTIONS: ReadonlyArray<number | null> = [null, 1, 2, 60, 120];

/** DOM events that count as the user being present. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
