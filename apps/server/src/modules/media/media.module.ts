import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';

/** The media domain's routes and services (registered in app.ts). Not built yet: no routes. */
export function mediaModule(_deps: TModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
