import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';

/** The giftcards domain's routes and services (registered in app.ts). Not built yet: no routes. */
export function giftcardsModule(_deps: TModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
