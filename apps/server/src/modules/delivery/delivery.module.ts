import type { TMenuApi } from '../menu/menu.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { DeliveryRepository, type TConnectionRow } from './delivery.repository.ts';
import { deliveryRoutes, deliveryWebhookRoutes } from './delivery.routes.ts';
import { DeliveryService } from './delivery.service.ts';
import { DeliveryWebhookService } from './delivery-webhook.service.ts';
import { publishedMenuSource } from './menu-source.ts';
import { localSimulatorFor } from './platform-adapter.ts';

export type { TConnectionRow };

/** What other modules read of delivery: a restaurant's platform connections (the business module's effective hours). */
export interface TDeliveryApi {
  /** Every platform connection of the restaurant, as stored (status, pause, hours, markup, mapping). */
  connections(restaurantId: number): Promise<TConnectionRow[]>;
}

/**
 * The delivery domain (registered in app.ts). The platforms are the local simulator until a real
 * platform's adapter is configured (ARCHITECTURE "delivery platforms (signed webhooks; default
 * local simulator)"). Platform orders are stored through the orders module (`deps.orders`).
 */
export function deliveryModule(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'orders'> & { menu: TMenuApi },
): TModule<TDeliveryApi> {
  const repo = new DeliveryRepository(deps.db);
  const service = new DeliveryService(
    repo,
    localSimulatorFor(deps.db),
    publishedMenuSource(deps.menu),
    deps.orders,
    deps.clock,
  );
  const webhook = new DeliveryWebhookService(repo, deps.orders, deps.clock);
  return {
    routes: async (app) => {
      await app.register(deliveryRoutes(service));
      await app.register(deliveryWebhookRoutes(webhook));
    },
    api: { connections: (restaurantId) => repo.connections(restaurantId) },
  };
}
