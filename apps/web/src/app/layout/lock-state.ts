import { create } from 'zustand';
import { tokenFromCookie } from '../../stores/session.ts';

/**
 * Lock-screen state (SPEC 9). It is kept in sessionStorage so reloading the tab does not bypass
 * the lock. The stored value is a fingerprint of the session token: a new sign-in (after the
 * lock screen's own "Log out", or the expired-session dialog) starts unlocked, while the same
 * session stays locked. The token itself is never written there.
 */
export const LOCK_STORAGE_KEY = 'lockScreen';
/** Opaque: the page under the lock must not be readable. */
export const LOCK_BACKGROUND = 'linear-gradient(160deg, #1f2d3d, #0d1117)';

/** FNV-1a: only needs to tell two tokens apart, it protects nothing. */
export function tokenFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

function storedLock(): boolean {
  try {
    const token = tokenFromCookie();
    return token !== '' && sessionStorage.getItem(LOCK_STORAGE_KEY) === tokenFingerprint(token);
  } catch {
    return false;
  }
}

interface TLockState {
  locked: boolean;
  lock: () => void;
  unlock: () => void;
}

export const useLockScreen = create<TLockState>()((set) => ({
  locked: storedLock(),
  lock: () => {
    try {
      sessionStorage.setItem(LOCK_STORAGE_KEY, tokenFingerprint(tokenFromCookie()));
    } catch {
      // storage disabled: the lock still holds until the tab reloads
    }
    set({ locked: true });
  },
  unlock: () => {
    try {
      sessionStorage.removeItem(LOCK_STORAGE_KEY);
    } catch {
      // nothing stored
    }
    set({ locked: false });
  },
}));

/** Re-reads the stored state (used after the session token changes, and by tests). */
export function syncLockFromStorage(): void {
  useLockScreen.setState({ locked: storedLock() });
}
