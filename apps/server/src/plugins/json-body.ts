import type { FastifyInstance } from 'fastify';
import { jsonDepthExceeds, jsonTooDeep } from '../lib/json-depth.ts';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning safe), except that an empty body with a
 * JSON content type counts as no body: some HTTP clients send the header on every POST, and calls
 * like clearrestcacheLite or acquireToken carry nothing (SPEC 7). The route's schema then decides
 * whether a body was needed. A body nested deeper than MAX_JSON_DEPTH is a 400 before it is parsed
 * (lib/json-depth.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepthExceeds(text)) {
      done(jsonTooDeep(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
