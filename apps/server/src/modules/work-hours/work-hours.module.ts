import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';

/** The work-hours domain's routes and services (registered in app.ts). Not built yet: no routes. */
export function workHoursModule(_deps: TModuleDeps): FastifyPluginAsyncZod {
  return async () => {};
}
