import { useCallback, useSyncExternalStore } from 'react';

/** SPEC 9: under 992px the product is in mobile mode (library cards, one-column forms, card tables). */
export const NARROW_QUERY = '(max-width: 991px)';
/** The person asked their system for less motion (see `themeConfig`). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether a media query matches now (false where there is no `matchMedia`, as on the server). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(query: string, onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether a media query matches, following its changes (a rotation, a resize, a system setting). */
export function useMediaQuery(query: string): boolean {
  // one subscription per query, not a new one at every render
  const subscribeToQuery = useCallback((onChange: () => void) => subscribe(query, onChange), [query]);
  return useSyncExternalStore(
    subscribeToQuery,
    () => matchesMedia(query),
    () => false,
  );
}

/** Whether the screen is phone- or tablet-narrow. */
export const useNarrow = (): boolean => useMediaQuery(NARROW_QUERY);

/** Whether dialogs and drawers should open without animation, following the system setting live. */
export const useReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);
