import { useEffect } from 'react';
import { useSettings } from '../../stores/settings.ts';
import { ACTIVITY_EVENTS, startIdleTimer } from './idle-timer.ts';
import { useLockScreen } from './lock-state.ts';

/** Locks the screen after the inactivity chosen in the settings (SPEC 9); idle while locked. */
export function useIdleLock(): void {
  const minutes = useSettings((s) => s.lockAfterMinutes);
  const locked = useLockScreen((s) => s.locked);
  const lock = useLockScreen((s) => s.lock);
  useEffect(() => {
    if (locked || minutes === null || !(minutes > 0)) return;
    const timer = startIdleTimer(minutes * 60_000, lock);
    const onActivity = () => timer.activity();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      timer.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [minutes, locked, lock]);
}
