import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';

/** The agent domain's routes and services (registered in app.ts). Not built yet: no routes. */
export function agentModule(_deps: TModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
