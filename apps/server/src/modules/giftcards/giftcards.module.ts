import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TModuleDeps } from '../module-deps.ts';
import { GiftcardsRepository } from './giftcards.repository.ts';
import { giftcardsRoutes } from './giftcards.routes.ts';
import { GiftcardsService } from './giftcards.service.ts';

/** Gift cards (issue 10); registered in app.ts. */
export function giftcardsModule(deps: TModuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = new GiftcardsService(new GiftcardsRepository(deps.db), deps.clock, deps.email);
    await app.register(giftcardsRoutes(service));
  };
}
