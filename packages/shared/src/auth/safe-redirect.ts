/**
 * Where to go after sign-in, from the login page's `redirect` query (SPEC 2 "redirects to /login with a
 * redirect query holding the original path"). Only a path on this site is followed: the value is
 * resolved the way the browser would resolve it (which drops tabs and newlines and reads `\` as `/`),
 * and kept only if it stays on `origin` and its path, decoded, does not start with `//` (a path that a
 * later step could turn into another host). Anything else goes to `fallback`.
 */
export function safeRedirectTarget(value: string | null | undefined, origin: string, fallback = '/'): string {
  if (!value) return fallback;
  // A redirect is a path; a scheme or a host of any kind is not one.
  if (!value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (/^[/\\]{2}/.test(decodedPath) || decodedPath.includes('\\')) return fallback;
  // Login pages are not a destination: signing in again would loop.
  if (/^\/login\b/i.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
