import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';

/**
 * One guard for every editing form: nothing typed is dropped without asking first, whether the person
 * follows a link or the menu (react-router's blocker), reloads or closes the browser tab
 * (`beforeunload`, where the browser shows its own wording), presses Cancel, closes a drawer, or
 * closes or refreshes the page's tab in the tags view.
 *
 * How a form uses it (the role and employee editors are the examples):
 *
 *   const guard = useUnsavedChanges(dirty);           // dirty: the values differ from the saved ones
 *   <Button onClick={() => guard.confirmDiscard(onCancel)}>Cancel</Button>
 *   await save(); guard.release(); onDone();          // a saved form leaves without asking
 *   <UnsavedChangesPrompt guard={guard} />            // components/unsaved-changes-prompt.tsx
 *
 * Code outside the form that would take its page away (a drawer's close button, the tags view) calls
 * `confirmLeavingPage(action)`, which asks through whichever form on screen has unsaved changes.
 */

export interface TUnsavedChangesGuard {
  /** True while the "leave without saving?" question is on screen. */
  asking: boolean;
  /** Leave: the blocked navigation or the pending action goes ahead and the edits are dropped. */
  discard: () => void;
  /** Stay: the navigation is cancelled and the edits stay. */
  keep: () => void;
  /** Runs `action` at once when nothing is unsaved, else after the person confirms. */
  confirmDiscard: (action: () => void) => void;
  /** After a successful save: the next navigation needs no confirmation. */
  release: () => void;
}

interface TRegisteredGuard {
  unsaved: () => boolean;
  ask: (action: () => void) => void;
}

/** Mounted guards, newest last: the form on screen is the one that asks. */
const mounted: TRegisteredGuard[] = [];

/**
 * Runs `action` (which takes the current page or drawer away) at once, or after the person confirms
 * when a form on screen has unsaved changes. For callers outside the form: drawers, the tags view.
 */
export function confirmLeavingPage(action: () => void): void {
  const guard = [...mounted].reverse().find((g) => g.unsaved());
  if (guard) guard.ask(action);
  else action();
}

/** True when a form on screen has unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return mounted.some((g) => g.unsaved());
}

/** Plain-data equality for form values (strings, numbers, booleans, arrays, objects, null). */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export function useUnsavedChanges(dirty: boolean): TUnsavedChangesGuard {
  const dirtyRef = useRef(dirty);
  // set by release() and by a confirmed discard, so the navigation that follows is let through
  const released = useRef(false);
  const [pending, setPending] = useState<{ action: () => void } | null>(null);

  useLayoutEffect(() => {
    dirtyRef.current = dirty;
    // editing again after a save or a discard is guarded again
    if (!dirty) released.current = false;
  }, [dirty]);

  const unsaved = useCallback(() => dirtyRef.current && !released.current, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // Reload, closing the browser tab, typing another address: only the browser may ask, in its words.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, unsaved]);

  useEffect(() => {
    const entry: TRegisteredGuard = { unsaved, ask: (action) => setPending({ action }) };
    mounted.push(entry);
    return () => {
      const at = mounted.indexOf(entry);
      if (at >= 0) mounted.splice(at, 1);
    };
  }, [unsaved]);

  const confirmDiscard = useCallback(
    (action: () => void) => {
      if (unsaved()) setPending({ action });
      else action();
    },
    [unsaved],
  );

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const discard = () => {
    released.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    const action = pending?.action;
    setPending(null);
    action?.();
  };

  const keep = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPending(null);
  };

  return { asking: blocker.state === 'blocked' || pending !== null, discard, keep, confirmDiscard, release };
}
