import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, MESSAGES } from '@ra/shared/errors';

/** Vite puts content-hashed bundles here: a file's name changes whenever its content does. */
const ASSETS_DIR = 'assets';

/**
 * Serves the built single-page app, when there is one, and answers everything nobody else did.
 * - Hashed files are cached for a year; index.html is revalidated every time so a deploy shows at once.
 * - Files the build compressed (brotli 11, gzip 9) are sent precompressed to a browser that accepts them.
 * - Any other GET outside /api gets index.html so the client router can draw /dashboard, /login, ...
 * - Unknown /api paths answer the JSON 404 the client understands.
 */
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
        reply.header(
          'cache-control',
          filePath.startsWith(assetsPrefix) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
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
    if (hasWebApp && isPageRequest) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', distDir);
    }
    return reply.status(404).send({ code: ERROR_CODES.notFound, message: MESSAGES.notFound.en });
  });
}
