import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../stores/settings.ts';
import { useLockScreen } from './lock-state.ts';
import { useIdleLock } from './use-idle-lock.ts';

function Probe() {
  useIdleLock();
  return null;
}

let root: Root;

describe(useIdleLock.name, () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers();
    useLockScreen.setState({ locked: false });
    root = createRoot(document.createElement('div'));
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
    useSettings.setState({ lockAfterMinutes: null });
  });

  const mountWith = (minutes: number | null) => {
    useSettings.setState({ lockAfterMinutes: minutes });
    act(() => root.render(<Probe />));
  };
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('locks after the chosen minutes without mouse, keyboard or touch', () => {
    mountWith(1);
    advance(59_000);
    expect(useLockScreen.getState().locked).toBe(false);
    advance(1_000);
    expect(useLockScreen.getState().locked).toBe(true);
  });

  it('a key press or touch restarts the wait', () => {
    mountWith(2);
    advance(100_000);
    act(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    advance(100_000);
    act(() => document.body.dispatchEvent(new Event('touchstart', { bubbles: true })));
    advance(100_000);
    expect(useLockScreen.getState().locked).toBe(false);
    advance(20_000);
    expect(useLockScreen.getState().locked).toBe(true);
  });

  it('never locks when the setting is off', () => {
    mountWith(null);
    advance(3 * 60 * 60_000);
    expect(useLockScreen.getState().locked).toBe(false);
  });

  it('turning the setting off cancels a pending lock', () => {
    mountWith(1);
    advance(30_000);
    act(() => useSettings.setState({ lockAfterMinutes: null }));
    advance(10 * 60_000);
    expect(useLockScreen.getState().locked).toBe(false);
  });
});
