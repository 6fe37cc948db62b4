import { secretsConfigFromEnv, SecretBox } from '../../lib/secrets.ts';
import type { TMenuApi } from '../menu/menu.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { DeliveryRepository, type TConnectionRow } from './delivery.repository.ts';
import { deliveryRoutes, deliveryWebhookRoutes } from './delivery.routes.ts';
import { DeliveryService } from './delivery.service.ts';
import { DeliveryWebhookService } from './delivery-webhook.service.ts';
import { DoorDashConnector } from './doordash-connector.ts';
import { publishedMenuSource } from './menu-source.ts';
import { localSimulatorFor } from './platform-adapter.ts';
import { PlatformConnectors } from './platform-connectors.ts';
import { PlatformWebhookService } from './platform-webhook.service.ts';
import { resealAll } from './secret-rotation.ts';
import { UberEatsConnector } from './uber-eats-connector.ts';
import type { Database } from '../../db/client.ts';
import type { TSecretsConfig } from '../../lib/secrets.ts';

export type { TConnectionRow };

/** One platform's connector as the admin panel shows it: which provider, and whether it answers. */
export interface TDeliveryProviderStatus {
  platform: 'ubereats' | 'doordash' | 'grubhub';
  /** 'simulator', or the platform's API ('uber-eats-marketplace-api', 'doordash-marketplace-api'). */
  provider: string;
  /** The API host for a live connector (never a credential). */
  apiBase: string | null;
  /** true/false: the live check's answer; null when there is nothing to ask (the simulator, no store yet). */
  answers: boolean | null;
  detail: string;
}

/** What other modules read of delivery: a restaurant's platform connections (the business module's effective hours). */
export interface TDeliveryApi {
  /** Every platform connection of the restaurant, as stored (status, pause, hours, markup, mapping). */
  connections(restaurantId: number): Promise<TConnectionRow[]>;
  /** Each platform's connector and a live check of it (issue 20 "One place to see it"); reveals no secret. */
  providerStatus(): Promise<TDeliveryProviderStatus[]>;
  /** Seals every stored per-restaurant secret under the current SECRETS_KEY; answers how many changed. */
  rotateSecrets(): Promise<number>;
}

/** The rotate command (`npm run secrets:rotate`): reseals every delivery secret under the current key. */
export function rotateDeliverySecrets(db: Database, secrets: TSecretsConfig): Promise<number> {
  return resealAll(new DeliveryRepository(db), new SecretBox(secrets));
}

/**
 * The delivery domain (registered in app.ts). Each platform is the local simulator until the
 * deployment has that platform's credentials (config.delivery: UBER_EATS_*, DOORDASH_*), then its
 * marketplace API (uber-eats-connector.ts, doordash-connector.ts). Platform orders are stored through
 * the orders module (`deps.orders`); per-restaurant secrets are sealed with SECRETS_KEY (lib/secrets.ts).
 */
export function deliveryModule(
  deps: Pick<TModuleDeps, 'db' | 'clock' | 'orders' | 'config'> & { menu: TMenuApi },
): TModule<TDeliveryApi> {
  const repo = new DeliveryRepository(deps.db);
  const secrets = new SecretBox(deps.config.secrets ?? secretsConfigFromEnv({}, deps.config.jwtSecret));
  const live = deps.config.delivery ?? {};
  const uberEats = live.ubereats ? new UberEatsConnector(live.ubereats, deps.clock) : undefined;
  const doorDash = live.doordash ? new DoorDashConnector(live.doordash, deps.clock) : undefined;
  const connectors = new PlatformConnectors(localSimulatorFor(deps.db), uberEats, doorDash);
  const service = new DeliveryService(
    repo,
    connectors,
    publishedMenuSource(deps.menu),
    deps.orders,
    deps.clock,
    secrets,
  );
  const webhook = new DeliveryWebhookService(repo, deps.orders, deps.clock, (row) => service.openSecret(row));
  const platformWebhooks = new PlatformWebhookService(connectors, webhook, deps.clock);

  async function providerStatus(): Promise<TDeliveryProviderStatus[]> {
    const check = async (work: () => Promise<unknown>) => {
      try {
        await work();
        return { answers: true, detail: 'answered' };
      } catch (error) {
        return { answers: false, detail: error instanceof Error ? error.message : 'failed' };
      }
    };
    const uber: TDeliveryProviderStatus = uberEats
      ? {
          platform: 'ubereats',
          provider: 'uber-eats-marketplace-api',
          apiBase: live.ubereats!.apiBase,
          ...(await check(() => uberEats.ping())),
        }
      : { platform: 'ubereats', provider: 'simulator', apiBase: null, answers: null, detail: 'local simulator' };
    let dd: TDeliveryProviderStatus = {
      platform: 'doordash',
      provider: 'simulator',
      apiBase: null,
      answers: null,
      detail: 'local simulator',
    };
    if (doorDash) {
      // DoorDash has no token endpoint to ask: the check reads the first connected store, if any.
      const storeId = await repo.anyStore('doordash');
      dd = {
        platform: 'doordash',
        provider: 'doordash-marketplace-api',
        apiBase: live.doordash!.apiBase,
        ...(storeId ? await check(() => doorDash.store(storeId)) : { answers: null, detail: 'no store connected yet' }),
      };
    }
    return [
      uber,
      dd,
      { platform: 'grubhub', provider: 'simulator', apiBase: null, answers: null, detail: 'local simulator' },
    ];
  }

  return {
    routes: async (app) => {
      await app.register(deliveryRoutes(service));
      await app.register(deliveryWebhookRoutes(webhook, platformWebhooks));
    },
    api: {
      connections: (restaurantId) => repo.connections(restaurantId),
      providerStatus,
      rotateSecrets: () => service.rotateSecrets(),
    },
  };
}
