import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What every `<domain>.module.ts` returns from `xModule(deps)` (ARCHITECTURE.md "One shape for every
 * module"): its routes, which app.ts registers in the order it lists modules, and its public interface,
 * which app.ts hands to the modules that need it. Another module sees only that interface (its type is
 * exported from the `.module.ts` file); it never imports the module's services or repositories.
 */
export interface TModule<TApi = undefined> {
  routes: FastifyPluginAsyncZod;
  api: TApi;
}
