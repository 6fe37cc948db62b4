import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TMenuApi } from '../menu/menu.module.ts';
import type { TModuleDeps } from '../module-deps.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { deliveryRoutes, deliveryWebhookRoutes } from './delivery.routes.ts';
import { DeliveryService } from './delivery.service.ts';
import { publishedMenuSource } from './menu-source.ts';
import { localSimulatorFor } from './platform-adapter.ts';

/**
 * The delivery domain (registered in app.ts). The platforms are the local simulator until a real
 * platform's adapter is configured (ARCHITECTURE "delivery platforms (signed webhooks; default
 * local simulator)").
 */
export function deliveryModule(deps: TModuleDeps & { menu: TMenuApi }): FastifyPluginAsyncZod {
  const service = new DeliveryService(
    new DeliveryRepository(deps.db),
    localSimulatorFor(deps.db),
    publishedMenuSource(deps.menu),
    deps.orders,
    deps.clock,
  );
  return async (app) => {
    await app.register(deliveryRoutes(service));
    await app.register(deliveryWebhookRoutes(service));
  };
}
