/**
 * Every public route of SPEC 2, spelled as the SPEC spells it: the pages a signed-in person opens
 * without the restaurant info first, for the server's choice of what to send with a page. The web
 * app's navigation guard keeps the same list (apps/web/src/app/navigation-guard.ts), held equal by its
 * test: imported from here, the sign-in page's entry grew by about 100 bytes, past its 120 KB.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/ChangePassword',
  '/selectTimeZone',
  '/selectNodeAndRest',
  '/AgentApp',
  '/AdminPanel',
  '/compareLocations',
  '/auth-redirect',
  '/forgotPassword',
  '/resetPassword',
  '/apply',
  '/404',
  '/401',
];

/** The restaurant info a signed-in page load starts with (SPEC 3), as the browser asks for it. */
export const REST_INFO_URL = '/api/api/getrest';

/**
 * Whether a signed-in page load of `pathname` starts by asking for the restaurant info: every page but
 * the public ones does, the navigation guard loading the roles before anything else (SPEC 2). In any
 * letter case and with a trailing slash, as the guard takes /agentapp/ for /AgentApp.
 */
export function startsWithRestInfo(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lower = path.toLowerCase();
  return !PUBLIC_PATHS.some((p) => p.toLowerCase() === lower);
}
