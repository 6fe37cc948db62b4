import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  menuProblems,
  WEBHOOK_TOLERANCE_SECONDS,
  type TDeliveryPlatform,
  type TMenuProblem,
  type TPublishableMenu,
} from '@ra/shared/delivery/delivery.schemas';

/**
 * What the product asks of a delivery platform (ARCHITECTURE "External services sit behind small
 * adapters"). A real platform's client implements this with its HTTP API; the local default below
 * simulates one, failures included.
 */
export interface DeliveryPlatformAdapter {
  /**
   * Which kind of connector a new connection to the platform goes through: the platform's own API when
   * the deployment has its credentials, else the local simulator. A store already connected keeps the
   * connector it was connected through (`via` below): the simulator's stores stay simulated.
   */
  mode(platform: TDeliveryPlatform): TConnectorMode;
  /**
   * Links the restaurant's store: the store id the restaurant entered (the platform's id of its store,
   * checked against the platform), or one the simulator issues. Answers the store id the platform's
   * webhook names and, for a simulated store, the secret its webhooks are signed with.
   */
  connect(
    platform: TDeliveryPlatform,
    restaurant: { id: number; name: string },
    storeId: string | null,
  ): Promise<{ storeId: string; webhookSecret: string | null; storeName: string | null }>;
  /**
   * Asks the platform about the store with the deployment's credentials ("Test connection"). `via`, here
   * and below: the connector the store was connected through.
   */
  check(platform: TDeliveryPlatform, storeId: string, via: TConnectorMode): Promise<{ storeName: string | null }>;
  disconnect(platform: TDeliveryPlatform, storeId: string, via: TConnectorMode): Promise<void>;
  /** Stops (or resumes) taking orders on the platform; `until` is when the platform resumes by itself. */
  setPaused(
    platform: TDeliveryPlatform,
    storeId: string,
    paused: boolean,
    until: Date | null,
    via: TConnectorMode,
  ): Promise<void>;
  /**
   * Sends the menu; the platform refuses the whole menu when any item breaks its rules. `menuId` is
   * the platform's id of the menu published before (DoorDash updates a menu by its id), and the answer
   * carries the id to keep.
   */
  publishMenu(
    platform: TDeliveryPlatform,
    storeId: string,
    menu: TPublishableMenu,
    menuId: string | null,
    via: TConnectorMode,
  ): Promise<{ accepted: boolean; problems: TMenuProblem[]; menuId: string | null }>;
}

export type TConnectorMode = 'simulator' | 'live';

/** The platform did not answer (an outage, a timeout): the caller is told to try again. */
export class PlatformUnavailableError extends Error {
  constructor(platform: TDeliveryPlatform) {
    super(`${platform} did not answer`);
    this.name = 'PlatformUnavailableError';
  }
}

/** The platform answered and refused (a store it does not know, a suspended account). */
export class PlatformRejectedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PlatformRejectedError';
  }
}

// --- signatures ------------------------------------------------------------------------------

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, the scheme of Stripe's and most platforms' webhooks. */
export function signWebhook(secret: string, body: string, atSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${atSeconds}.${body}`).digest('hex');
  return `t=${atSeconds},v1=${mac}`;
}

/**
 * True when `header` signs `body` with `secret` within the tolerance of `nowSeconds`. Compared in
 * constant time, so the answer's timing does not leak how much of a forged signature was right.
 */
export function verifyWebhook(secret: string, body: string, header: string | undefined, nowSeconds: number): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  if (!/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

// --- the local simulator ------------------------------------------------------------------------

/**
 * A delivery platform in memory: it issues store ids and secrets, keeps the last menu it accepted,
 * refuses menus that break its rules (the same rules the page checks first), and can be made to
 * fail like an outage (`failing`, or DELIVERY_SIMULATOR_FAIL=1 at start) or to refuse a store.
 * One per database, shared by every app server on it, as one real platform would be.
 */
export class LocalDeliverySimulator implements DeliveryPlatformAdapter {
  failing = false;
  /** Stores the platform refuses to work with (as if their account were suspended). */
  readonly rejectedStores = new Set<string>();
  readonly menus = new Map<string, TPublishableMenu>();
  readonly paused = new Map<string, Date | null>();
  private seq = 0;

  private checkStore(platform: TDeliveryPlatform, storeId?: string): void {
    if (this.failing) throw new PlatformUnavailableError(platform);
    if (storeId && this.rejectedStores.has(storeId)) throw new PlatformRejectedError('store suspended');
  }

  mode(): TConnectorMode {
    return 'simulator';
  }

  async connect(platform: TDeliveryPlatform, restaurant: { id: number; name: string }, storeId: string | null) {
    this.checkStore(platform, storeId ?? undefined);
    this.seq += 1;
    return {
      storeId: storeId ?? `${platform}-${restaurant.id}-${randomBytes(4).toString('hex')}`,
      webhookSecret: randomBytes(32).toString('hex'),
      storeName: restaurant.name,
    };
  }

  async check(platform: TDeliveryPlatform, storeId: string) {
    this.checkStore(platform, storeId);
    return { storeName: null };
  }

  async disconnect(platform: TDeliveryPlatform, storeId: string) {
    this.checkStore(platform, storeId);
    this.menus.delete(storeId);
    this.paused.delete(storeId);
  }

  async setPaused(platform: TDeliveryPlatform, storeId: string, paused: boolean, until: Date | null) {
    this.checkStore(platform, storeId);
    if (paused) this.paused.set(storeId, until);
    else this.paused.delete(storeId);
  }

  async publishMenu(platform: TDeliveryPlatform, storeId: string, menu: TPublishableMenu) {
    this.checkStore(platform, storeId);
    const problems = menuProblems(menu, platform);
    if (problems.length === 0) this.menus.set(storeId, menu);
    return { accepted: problems.length === 0, problems, menuId: null };
  }
}

const simulators = new WeakMap<object, LocalDeliverySimulator>();

/** The simulator of the platforms for this database (tests reach it the same way to make it fail). */
export function localSimulatorFor(db: object): LocalDeliverySimulator {
  let simulator = simulators.get(db);
  if (!simulator) {
    simulator = new LocalDeliverySimulator();
    // Set when the product runs, to walk the pages' error paths by hand.
    simulator.failing = process.env.DELIVERY_SIMULATOR_FAIL === '1';
    simulators.set(db, simulator);
  }
  return simulator;
}
