import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server or hydrates the server's markup, true from the render
 * after that (and at once in a page the client draws itself). A control the server sent disabled
 * (nothing would answer a click before the script) stays disabled on the hydrating render, so that
 * render matches the markup, and turns on right after (issue 21, the sign-in page).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
