import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_TOKEN } from '../../stores/session.ts';
import { startIdleTimer } from './idle-timer.ts';
import { LOCK_STORAGE_KEY, syncLockFromStorage, useLockScreen } from './lock-state.ts';

describe(startIdleTimer.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once the full time passes without activity', () => {
    const onIdle = vi.fn();
    startIdleTimer(60_000, onIdle);
    vi.advanceTimersByTime(59_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity starts the wait over', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer(60_000, onIdle);
    vi.advanceTimersByTime(50_000);
    timer.activity();
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('fires only once, however long the user stays away', () => {
    const onIdle = vi.fn();
    startIdleTimer(60_000, onIdle);
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('never fires after stop', () => {
    const onIdle = vi.fn();
    const timer = startIdleTimer(120 * 60_000, onIdle);
    vi.advanceTimersByTime(60_000);
    timer.stop();
    vi.advanceTimersByTime(3 * 60 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('lock screen state', () => {
  beforeEach(() => {
    sessionStorage.clear();
    Cookies.set(COOKIE_TOKEN, 'token-one');
    useLockScreen.setState({ locked: false });
  });
  afterEach(() => {
    Cookies.remove(COOKIE_TOKEN);
  });

  it('survives a reload of the same session', () => {
    useLockScreen.getState().lock();
    useLockScreen.setState({ locked: false }); // what a fresh page starts with
    syncLockFromStorage();
    expect(useLockScreen.getState().locked).toBe(true);
  });

  it('does not store the token itself', () => {
    useLockScreen.getState().lock();
    expect(sessionStorage.getItem(LOCK_STORAGE_KEY)).not.toContain('token-one');
  });

  it('unlocking forgets the stored lock', () => {
    useLockScreen.getState().lock();
    useLockScreen.getState().unlock();
    syncLockFromStorage();
    expect(useLockScreen.getState().locked).toBe(false);
  });

  it('a new sign-in (another token) starts unlocked', () => {
    useLockScreen.getState().lock();
    Cookies.set(COOKIE_TOKEN, 'token-two');
    syncLockFromStorage();
    expect(useLockScreen.getState().locked).toBe(false);
  });

  it('without a session there is nothing to unlock', () => {
    useLockScreen.getState().lock();
    Cookies.remove(COOKIE_TOKEN);
    syncLockFromStorage();
    expect(useLockScreen.getState().locked).toBe(false);
  });
});
