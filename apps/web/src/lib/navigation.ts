/**
 * Navigation for code outside React components (session actions, the API client). The router
 * registers itself at start-up; until then (and in tests) a full page load does the job.
 */
type TNavigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: TNavigate | null = null;

export function registerNavigator(navigate: TNavigate | null): void {
  navigator = navigate;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigator) navigator(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

type TPreload = (to: string) => void;

let preloader: TPreload | null = null;

/** The router registers how to fetch the signed-in frame and a page's code ahead of navigating there. */
export function registerSignInPreload(preload: TPreload | null): void {
  preloader = preload;
}

/**
 * Starts fetching the signed-in frame and the code of the page at `to` (issue 21): called as sign-in
 * starts, so the scripts arrive during its round trips instead of after them.
 */
export function preloadSignedIn(to: string): void {
  preloader?.(to);
}

/** Start the app afresh at `to` (after a restaurant switch or time zone choice: SPEC 4). */
export function reloadAt(to?: string): void {
  if (to === undefined) window.location.reload();
  else window.location.assign(to);
}

/**
 * A `redirect` query value is only followed when it is a path on this site: '//evil.example' and
 * 'https://…' are refused so the login page cannot be used to send users elsewhere.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
