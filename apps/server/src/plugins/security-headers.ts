import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/** A year, and subdomains too: once a browser has seen the site over TLS it never tries plain HTTP. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The Content-Security-Policy of every answer: the web app, the API and the OpenAPI viewer.
 * - Scripts only from this origin, none inline and no eval: injected markup cannot run code.
 * - Styles may be inline: Ant Design writes its CSS-in-JS into <style> tags at run time, and
 *   index.html has the loading spinner's style inline. A nonce would have to reach every place antd
 *   and its helpers create a tag; inline CSS cannot run script, so the protection that matters holds.
 * - No frames around the app (clickjacking) and no plugins; forms and <base> stay on this origin.
 * - Images: this origin and data: URLs (antd's empty-state and the viewer's logo); charts are SVG or
 *   canvas drawn in the page.
 * No upgrade-insecure-requests: `npm start` serves plain HTTP on a LAN address, where it would send
 * every asset request to an https:// that is not there. HSTS does that job once TLS is in front.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * Security headers on every response, whoever answers it (routes, static files, 404s, errors and the
 * access guard's 401s): register before the access guard so its refusals carry them too.
 * HSTS only goes out over TLS, directly or as the proxy reports it (TRUST_PROXY + X-Forwarded-Proto):
 * sent over plain HTTP it is ignored, and sent to a development machine it would pin localhost to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // The app runs in its own window, opens nothing cross-origin and is embedded nowhere.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Back-office URLs carry restaurant and order ids in their queries; nothing here needs a referrer.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
