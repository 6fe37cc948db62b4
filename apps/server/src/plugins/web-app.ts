import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';
import { SESSION_COOKIE } from './access-control.ts';

/** index.html that also asks for the signed-in frame's code (apps/web/vite-signed-in-page.ts). */
const SIGNED_IN_PAGE = 'signed-in.html';

/** Vite puts content-hashed bundles here: a file's name changes whenever its content does. */
const ASSETS_DIR = 'assets';

/**
 * Headers a hashed script or stylesheet does not need (issue 21: about 600 B on each of a page's
 * dozens of asset answers). The policy headers (plugins/security-headers.ts) act on documents, and a
 * script, stylesheet or image under /assets/ is never opened as one: Content-Security-Policy,
 * frame and opener policies, the origin-agent cluster and the legacy IE switches. What still acts on
 * a subresource stays: X-Content-Type-Options (no script from a non-script MIME type),
 * Cross-Origin-Resource-Policy (no other site embeds them), Referrer-Policy (requests a stylesheet
 * makes) and HSTS. An immutable file is never revalidated, so its ETag and Last-Modified go too.
 */
export const NOT_ON_IMMUTABLE_ASSETS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * Serves the built single-page app, when there is one, and answers everything nobody else did.
 * - Hashed files are cached for a year, without the document-only security headers; index.html is
 *   revalidated every time so a deploy shows at once.
 * - Files the build compressed (brotli 11, gzip 9) are sent precompressed to a browser that accepts them.
 * - /login gets the sign-in page with its form in the HTML (issue 21), in the browser's language.
 * - Any other GET outside /api gets index.html so the client router can draw /dashboard, ...; a
 *   browser with a session cookie gets the same page asking for the signed-in frame's code at once.
 * - Unknown /api paths answer the JSON 404 the client understands.
 */
/**
 * The sign-in page with its form already drawn (apps/web/vite-login-shell.ts writes one per language):
 * Chinese when the browser asks for Chinese before English, else English. The script follows the
 * language the person chose in the app, if that differs.
 */
export function loginPageFile(acceptLanguage: string | undefined): string {
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .find((tag) => tag.startsWith('zh') || tag.startsWith('en'));
  return first?.startsWith('zh') ? 'login.zh.html' : 'login.en.html';
}

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = existsSync(join(distDir, 'index.html'));

  if (hasWebApp) {
    const assetsPrefix = join(distDir, ASSETS_DIR) + sep;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // the build writes .br and .gz beside each asset (vite.config.ts): sent as they are
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        if (!filePath.startsWith(assetsPrefix)) {
          reply.header('cache-control', 'no-cache');
          return;
        }
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        for (const name of NOT_ON_IMMUTABLE_ASSETS) {
          // helmet writes its headers on the raw response; the static plugin its own on the reply
          reply.raw.removeHeader(name);
          reply.removeHeader(name);
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      path !== '/api' &&
      !path.startsWith('/api/') &&
      // A missing hashed bundle is a stale client after a deploy: a 404 lets it fail and reload,
      // where index.html would be parsed as JavaScript.
      !path.startsWith(`/${ASSETS_DIR}/`);
    if (hasWebApp && isPageRequest && path === '/login') {
      const file = loginPageFile(request.headers['accept-language']);
      if (existsSync(join(distDir, file))) {
        return reply.header('cache-control', 'no-cache').header('vary', 'accept-language').sendFile(file, distDir);
      }
    }
    if (hasWebApp && isPageRequest) return sendAppPage(request, reply);
    return reply.status(404).send({ code: ERROR_CODES.notFound, message: MESSAGES.notFound.en });
  });

  /**
   * A page the client router draws. A browser holding a session (issue 21) gets signed-in.html, which
   * asks for the signed-in frame's code as its head is read. Only the cookie's presence counts: both
   * pages are public files, and the app checks the session with the API as always.
   */
  function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    const file =
      request.cookies[SESSION_COOKIE] && existsSync(join(distDir, SIGNED_IN_PAGE)) ? SIGNED_IN_PAGE : 'index.html';
    return reply.header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html').sendFile(file, distDir);
  }

  // '/' is a page like the others, not the static files' index: signed-in.html for a session
  if (hasWebApp) app.get('/', (request, reply) => sendAppPage(request, reply));
}
