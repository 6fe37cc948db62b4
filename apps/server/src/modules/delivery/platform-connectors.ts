import type { TDeliveryPlatform, TPublishableMenu } from '@ra/shared/delivery/delivery.schemas';
import { menuProblems } from '@ra/shared/delivery/delivery.schemas';
import type { DoorDashConnector } from './doordash-connector.ts';
import type { DeliveryPlatformAdapter, LocalDeliverySimulator, TConnectorMode } from './platform-adapter.ts';
import type { UberEatsConnector } from './uber-eats-connector.ts';

/**
 * The adapter the delivery service talks to: per platform, its marketplace API when the deployment
 * has that platform's credentials (UBER_EATS_*, DOORDASH_*), else the local simulator, as before.
 */
export class PlatformConnectors implements DeliveryPlatformAdapter {
  constructor(
    private readonly simulator: LocalDeliverySimulator,
    readonly uberEats: UberEatsConnector | undefined,
    readonly doorDash: DoorDashConnector | undefined,
  ) {}

  /** The platform's own connector, when configured and (for a connected store) the store was linked through it. */
  private live(
    platform: TDeliveryPlatform,
    via: TConnectorMode = 'live',
  ): UberEatsConnector | DoorDashConnector | undefined {
    if (via !== 'live') return undefined;
    if (platform === 'ubereats') return this.uberEats;
    if (platform === 'doordash') return this.doorDash;
    return undefined;
  }

  mode(platform: TDeliveryPlatform): TConnectorMode {
    return this.live(platform) ? 'live' : 'simulator';
  }

  async connect(platform: TDeliveryPlatform, restaurant: { id: number; name: string }, storeId: string | null) {
    const live = this.live(platform);
    if (!live || storeId === null) return this.simulator.connect(platform, restaurant, storeId);
    // The store must exist on the platform and be reachable with the deployment's credentials.
    const { storeName } = await live.store(storeId);
    return { storeId, webhookSecret: null, storeName };
  }

  check(platform: TDeliveryPlatform, storeId: string, via: TConnectorMode) {
    const live = this.live(platform, via);
    return live ? live.store(storeId) : this.simulator.check(platform, storeId);
  }

  async disconnect(platform: TDeliveryPlatform, storeId: string, via: TConnectorMode) {
    // A live store stays linked to the app in the platform's dashboard; the product just stops using it.
    if (!this.live(platform, via)) await this.simulator.disconnect(platform, storeId);
  }

  setPaused(platform: TDeliveryPlatform, storeId: string, paused: boolean, until: Date | null, via: TConnectorMode) {
    const live = this.live(platform, via);
    return live ? live.setPaused(storeId, paused, until) : this.simulator.setPaused(platform, storeId, paused, until);
  }

  async publishMenu(
    platform: TDeliveryPlatform,
    storeId: string,
    menu: TPublishableMenu,
    menuId: string | null,
    via: TConnectorMode,
  ) {
    // The platform's limits are checked before anything is sent, whichever connector sends it.
    const problems = menuProblems(menu, platform);
    if (problems.length > 0) return { accepted: false, problems, menuId };
    if (via === 'live' && platform === 'ubereats' && this.uberEats) {
      await this.uberEats.publishMenu(storeId, menu);
      return { accepted: true, problems: [], menuId };
    }
    if (via === 'live' && platform === 'doordash' && this.doorDash) {
      const id = await this.doorDash.publishMenu(storeId, menu, menuId);
      return { accepted: true, problems: [], menuId: id };
    }
    return this.simulator.publishMenu(platform, storeId, menu);
  }
}
