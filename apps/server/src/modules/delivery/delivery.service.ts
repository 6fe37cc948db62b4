import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { addDays, DAY_MS } from '@ra/shared/business-day/calendar-day';
import type { TWebhookRefusal } from '@ra/shared/delivery/platform-hours';
import {
  DEFAULT_PLATFORM_HOURS,
  DELIVERY_PLATFORMS,
  PLATFORM_RULES,
  REFUSED_LIST_LIMIT,
  REFUSED_WINDOW_DAYS,
  mappedMenu,
  markedUpCents,
  menuProblems,
  type TDeliveryPlatform,
  type TMarkup,
  type TMenuMapping,
  type TMenuPreview,
  type TPauseRequest,
  type TConnectionCheck,
  type TConnectRequest,
  type TPlatformConnection,
  type TPlatformList,
  type TPublishResult,
  type TPublishableMenu,
  type TRefusedOrders,
  type TUpdatePlatformRequest,
} from '@ra/shared/delivery/delivery.schemas';
import { DELIVERY_MESSAGES, type TDeliveryMessageKey } from '@ra/shared/delivery/delivery.messages';
import { ERROR_CODES } from '@ra/shared/errors';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { lastFour, type SecretBox } from '../../lib/secrets.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { TOrdersApi } from '../orders/orders.module.ts';
import type { DeliveryRepository, TConnectionRow } from './delivery.repository.ts';
import type { MenuSource } from './menu-source.ts';
import { effectiveStatus, linkedThroughApi } from './delivery-status.ts';
import { resealAll } from './secret-rotation.ts';
import {
  PlatformRejectedError,
  PlatformUnavailableError,
  type DeliveryPlatformAdapter,
  type TConnectorMode,
} from './platform-adapter.ts';

const message = (key: TDeliveryMessageKey) => DELIVERY_MESSAGES[key].en;
const conflict = (key: TDeliveryMessageKey) => new AppError(409, ERROR_CODES.conflict, message(key));

const DEFAULT_MARKUP: TMarkup = { kind: 'percent', basisPoints: 0 };
const DEFAULT_MAPPING: TMenuMapping = { excludedCategories: [], excludedItems: [] };

/** Per platform: orders filed under today's business day, and refused orders in the recent window. */
interface TCounts {
  today: Map<string, number>;
  refused: Map<string, number>;
}

/**
 * Delivery platforms (issue 9 "Delivery platforms"): connections and their settings under editConfig,
 * menu publishing checked against each platform's rules first, and platform orders arriving by
 * signed webhook (delivery-webhook.service.ts). The orders module (TOrdersApi) gives the restaurant's
 * business day for the counts.
 */
export class DeliveryService {
  constructor(
    private readonly repo: DeliveryRepository,
    private readonly adapter: DeliveryPlatformAdapter,
    private readonly menus: MenuSource,
    private readonly orders: TOrdersApi,
    private readonly clock: Clock,
    private readonly secrets: SecretBox,
  ) {}

  /**
   * The clear webhook secret of a connection; one sealed under the previous key (or stored before
   * secrets were sealed) is sealed again under the current key as it is read.
   */
  async openSecret(row: TConnectionRow): Promise<string | null> {
    if (!row.webhookSecret) return null;
    const { plain, stale } = this.secrets.open(row.webhookSecret);
    if (stale)
      await this.repo.resealSecret(row.restaurantId, row.platform, row.webhookSecret, this.secrets.seal(plain));
    return plain;
  }

  /**
   * The connector serving a connected store: the platform's API only when the store was linked through
   * it (the platform's credentials are configured, and the store has no simulator signing secret: a
   * live connection stores none); a store the simulator issued stays simulated after credentials are set.
   */
  private via(platform: TDeliveryPlatform, row: TConnectionRow): TConnectorMode {
    return linkedThroughApi(row) && this.adapter.mode(platform) === 'live' ? 'live' : 'simulator';
  }

  /** The app clock's "now" (a test order is placed now). */
  now(): Date {
    return this.clock.now();
  }

  private async view(
    platform: TDeliveryPlatform,
    row: TConnectionRow | undefined,
    now: Date,
    counts: TCounts,
  ): Promise<TPlatformConnection> {
    const status = row ? effectiveStatus(row, now) : 'disconnected';
    const secret = row ? await this.openSecret(row) : null;
    return {
      mode: row && status !== 'disconnected' && row.storeId ? this.via(platform, row) : null,
      connectMode: this.adapter.mode(platform),
      secretLast4: secret ? lastFour(secret) : null,
      platform,
      label: PLATFORM_RULES[platform].label,
      status,
      storeId: row?.storeId ?? null,
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      pausedUntil: status === 'paused' ? (row?.pausedUntil?.toISOString() ?? null) : null,
      markup: row?.markup ?? DEFAULT_MARKUP,
      hours: row?.hours ?? DEFAULT_PLATFORM_HOURS,
      mapping: row?.mapping ?? DEFAULT_MAPPING,
      lastPublish: row?.lastPublish ?? null,
      ordersToday: counts.today.get(platform) ?? 0,
      refusedRecently: counts.refused.get(platform) ?? 0,
    };
  }

  /**
   * Today's business day, and the start of the window refused orders are counted over: the first of
   * the last REFUSED_WINDOW_DAYS business days. Without a time zone there is no business day, and the
   * window is that many 24-hour days back from now.
   */
  private async days(restaurantId: number, now: Date): Promise<{ today: string | null; since: Date }> {
    try {
      const clock = await this.orders.clockOf(restaurantId);
      const today = businessDayOf(now, clock.timeZone, clock.hourOffsetEndOfDay);
      const first = addDays(today, -(REFUSED_WINDOW_DAYS - 1));
      return { today, since: businessDayBounds(first, clock.timeZone, clock.hourOffsetEndOfDay).start };
    } catch {
      return { today: null, since: new Date(now.getTime() - REFUSED_WINDOW_DAYS * DAY_MS) };
    }
  }

  private async counts(restaurantId: number, now: Date): Promise<TCounts> {
    const { today, since } = await this.days(restaurantId, now);
    const [ordersToday, refused] = await Promise.all([
      today ? this.repo.ordersOn(restaurantId, today) : new Map<string, number>(),
      this.repo.refusedSince(restaurantId, since),
    ]);
    return { today: ordersToday, refused };
  }

  async list(auth: AuthContext): Promise<TPlatformList> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const [rows, counts] = await Promise.all([this.repo.connections(restaurantId), this.counts(restaurantId, now)]);
    return {
      platforms: await Promise.all(
        DELIVERY_PLATFORMS.map((p) =>
          this.view(
            p,
            rows.find((r) => r.platform === p),
            now,
            counts,
          ),
        ),
      ),
      serverTime: now.toISOString(),
    };
  }

  private async one(
    restaurantId: number,
    platform: TDeliveryPlatform,
    row: TConnectionRow,
  ): Promise<TPlatformConnection> {
    const now = this.clock.now();
    return this.view(platform, row, now, await this.counts(restaurantId, now));
  }

  /** The platform's refused orders in the window (the count on its card), newest first. */
  async refused(auth: AuthContext, platform: TDeliveryPlatform): Promise<TRefusedOrders> {
    const restaurantId = requireRestaurantId(auth);
    const { since } = await this.days(restaurantId, this.clock.now());
    const [counts, orders] = await Promise.all([
      this.repo.refusedSince(restaurantId, since),
      this.repo.refusedList(restaurantId, platform, since, REFUSED_LIST_LIMIT),
    ]);
    return {
      platform,
      since: since.toISOString(),
      total: counts.get(platform) ?? 0,
      orders: orders.map((o) => ({
        platformOrderId: o.platformOrderId,
        receivedAt: o.receivedAt.toISOString(),
        reason: o.reason as TWebhookRefusal,
      })),
    };
  }

  /** Runs a platform call, turning its failures into the answers the page shows. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PlatformUnavailableError) {
        throw new AppError(502, ERROR_CODES.serviceUnavailable, message('delivery.platformUnavailable'), {
          cause: error,
        });
      }
      if (error instanceof PlatformRejectedError) {
        throw new AppError(422, ERROR_CODES.badRequest, message('delivery.platformRejected'), { cause: error });
      }
      throw error;
    }
  }

  /**
   * Connects, disconnects, pauses or resumes with the connection row locked, the platform told first
   * (a refusal leaves our row as it was) and the change audited in the same transaction.
   */
  private async change(
    auth: AuthContext,
    platform: TDeliveryPlatform,
    action: string,
    ip: string,
    work: (row: TConnectionRow | undefined, now: Date, repo: DeliveryRepository) => Promise<Partial<TConnectionRow>>,
  ): Promise<TPlatformConnection> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const saved = await this.repo.withTransaction(async (repo, tx) => {
      const before = await repo.connection(restaurantId, platform, true);
      // Everything inside runs on the transaction's connection (PGlite has only one).
      const values = await work(before, now, repo);
      const row = await repo.save(restaurantId, platform, {
        status: before?.status ?? 'disconnected',
        markup: before?.markup ?? DEFAULT_MARKUP,
        hours: before?.hours ?? DEFAULT_PLATFORM_HOURS,
        mapping: before?.mapping ?? DEFAULT_MAPPING,
        storeId: before?.storeId ?? null,
        webhookSecret: before?.webhookSecret ?? null,
        platformMenuId: before?.platformMenuId ?? null,
        connectedAt: before?.connectedAt ?? null,
        pausedUntil: before?.pausedUntil ?? null,
        lastPublish: before?.lastPublish ?? null,
        ...values,
        updatedAt: now,
      });
      const summary = (r: TConnectionRow | undefined) =>
        r
          ? {
              status: r.status,
              pausedUntil: r.pausedUntil?.toISOString() ?? null,
              markup: r.markup,
              hours: r.hours,
              mapping: r.mapping,
            }
          : null;
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: `delivery.${action}`,
        targetType: 'deliveryPlatform',
        targetId: platform,
        details: { before: summary(before), after: summary(row) },
        ip,
        at: now,
      });
      return row;
    });
    return this.one(restaurantId, platform, saved);
  }

  /**
   * Links the restaurant's store: a live platform needs the store id its dashboard shows, checked with
   * the platform before anything is saved; the simulator issues one when none is given. A simulated
   * store's webhook secret is stored sealed (lib/secrets.ts).
   */
  connect(auth: AuthContext, platform: TDeliveryPlatform, request: TConnectRequest, ip: string) {
    return this.change(auth, platform, 'connect', ip, async (row, _now, repo) => {
      if (row && row.status !== 'disconnected') throw conflict('delivery.alreadyConnected');
      const restaurantId = requireRestaurantId(auth);
      const storeId = request.storeId ?? null;
      if (storeId === null && this.adapter.mode(platform) === 'live') {
        throw new FieldError('storeId', message('delivery.storeIdRequired'));
      }
      if (storeId !== null && (await repo.storeTaken(platform, storeId, restaurantId))) {
        throw new FieldError('storeId', message('delivery.storeTaken'));
      }
      const name = await repo.restaurantName(restaurantId);
      const linked = await this.call(() => this.adapter.connect(platform, { id: restaurantId, name }, storeId));
      return {
        status: 'connected',
        storeId: linked.storeId,
        webhookSecret: linked.webhookSecret ? this.secrets.seal(linked.webhookSecret) : null,
        platformMenuId: null,
        connectedAt: this.clock.now(),
        pausedUntil: null,
      };
    });
  }

  disconnect(auth: AuthContext, platform: TDeliveryPlatform, ip: string) {
    return this.change(auth, platform, 'disconnect', ip, async (row) => {
      if (!row || row.status === 'disconnected' || !row.storeId) throw conflict('delivery.notConnected');
      const storeId = row.storeId;
      await this.call(() => this.adapter.disconnect(platform, storeId, this.via(platform, row)));
      // Without the store id and secret, a late or forged webhook for the old store is refused.
      return {
        status: 'disconnected',
        storeId: null,
        webhookSecret: null,
        platformMenuId: null,
        connectedAt: null,
        pausedUntil: null,
        lastPublish: null,
      };
    });
  }

  pause(auth: AuthContext, platform: TDeliveryPlatform, request: TPauseRequest, ip: string) {
    return this.change(auth, platform, 'pause', ip, async (row, now) => {
      if (!row || row.status === 'disconnected' || !row.storeId) throw conflict('delivery.notConnected');
      const until = request.until ? new Date(request.until) : null;
      if (until && until.getTime() <= now.getTime()) throw new FieldError('until', message('delivery.pauseUntilPast'));
      const storeId = row.storeId;
      await this.call(() => this.adapter.setPaused(platform, storeId, true, until, this.via(platform, row)));
      return { status: 'paused', pausedUntil: until };
    });
  }

  resume(auth: AuthContext, platform: TDeliveryPlatform, ip: string) {
    return this.change(auth, platform, 'resume', ip, async (row) => {
      if (!row || row.status === 'disconnected' || !row.storeId) throw conflict('delivery.notConnected');
      const storeId = row.storeId;
      await this.call(() => this.adapter.setPaused(platform, storeId, false, null, this.via(platform, row)));
      return { status: 'connected', pausedUntil: null };
    });
  }

  /** Markup, hours and menu mapping may be set before connecting, so a platform starts right. */
  update(auth: AuthContext, platform: TDeliveryPlatform, request: TUpdatePlatformRequest, ip: string) {
    return this.change(auth, platform, 'update', ip, async () => ({
      ...(request.markup ? { markup: request.markup } : {}),
      ...(request.hours ? { hours: request.hours } : {}),
      ...(request.mapping ? { mapping: request.mapping } : {}),
    }));
  }

  private async menuFor(restaurantId: number, row: TConnectionRow | undefined): Promise<TPublishableMenu> {
    return mappedMenu(await this.menus.load(restaurantId), row?.mapping ?? DEFAULT_MAPPING);
  }

  /** What the platform would get (prices after markup) and what it would refuse, without sending. */
  async preview(auth: AuthContext, platform: TDeliveryPlatform): Promise<TMenuPreview> {
    const restaurantId = requireRestaurantId(auth);
    const row = await this.repo.connection(restaurantId, platform);
    const full = await this.menus.load(restaurantId);
    const menu = mappedMenu(full, row?.mapping ?? DEFAULT_MAPPING);
    const markup = row?.markup ?? DEFAULT_MARKUP;
    return {
      itemCount: menu.categories.reduce((n, c) => n + c.items.length, 0),
      // Every category, so the mapping can be edited; excluded ones simply have their items marked.
      categories: full.categories.map((c) => ({
        id: c.id,
        name: c.name,
        items: c.items.map((i) => ({
          id: i.id,
          name: i.name,
          priceCents: i.priceCents,
          platformPriceCents: markedUpCents(i.priceCents, markup),
        })),
      })),
      problems: menuProblems(menu, platform),
    };
  }

  /**
   * Checks the mapped menu against the platform's rules first and sends nothing while any item would
   * be refused; the answer (and the connection) lists every problem. A menu without problems goes to
   * the platform, which may still refuse it.
   */
  async publish(auth: AuthContext, platform: TDeliveryPlatform, ip: string): Promise<TPublishResult> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const row = await this.repo.connection(restaurantId, platform);
    if (!row || row.status === 'disconnected' || !row.storeId) throw conflict('delivery.notConnected');
    const menu = await this.menuFor(restaurantId, row);
    const itemCount = menu.categories.reduce((n, c) => n + c.items.length, 0);
    if (itemCount === 0) throw new AppError(400, ERROR_CODES.badRequest, message('delivery.nothingToPublish'));
    const markup = row.markup;
    const priced: TPublishableMenu = {
      categories: menu.categories.map((c) => ({
        ...c,
        items: c.items.map((i) => ({ ...i, priceCents: markedUpCents(i.priceCents, markup) })),
      })),
    };
    let problems = menuProblems(priced, platform);
    let menuId = row.platformMenuId;
    if (problems.length === 0) {
      const storeId = row.storeId;
      const via = this.via(platform, row);
      const sent = await this.call(() => this.adapter.publishMenu(platform, storeId, priced, row.platformMenuId, via));
      problems = sent.problems;
      menuId = sent.menuId;
    }
    const result: TPublishResult = { at: now.toISOString(), ok: problems.length === 0, itemCount, problems };
    await this.repo.withTransaction(async (repo, tx) => {
      await repo.save(restaurantId, platform, {
        ...row,
        platformMenuId: menuId,
        lastPublish: result,
        updatedAt: now,
      });
      await new AuditRepository(tx).record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'delivery.publish',
        targetType: 'deliveryPlatform',
        targetId: platform,
        details: { ok: result.ok, itemCount, problems: problems.length },
        ip,
        at: now,
      });
    });
    return result;
  }

  /**
   * "Test connection": asks the platform about the connected store with the deployment's credentials.
   * The answer says whether it worked and why not; nothing is changed either way.
   */
  async testConnection(auth: AuthContext, platform: TDeliveryPlatform): Promise<TConnectionCheck> {
    const restaurantId = requireRestaurantId(auth);
    const row = await this.repo.connection(restaurantId, platform);
    if (!row || row.status === 'disconnected' || !row.storeId) throw conflict('delivery.notConnected');
    const storeId = row.storeId;
    const via = this.via(platform, row);
    const base = { mode: via, checkedAt: this.clock.now().toISOString(), storeId };
    try {
      const { storeName } = await this.adapter.check(platform, storeId, via);
      return { ...base, ok: true, storeName, message: message('delivery.connectionOk') };
    } catch (error) {
      if (error instanceof PlatformUnavailableError) {
        return { ...base, ok: false, storeName: null, message: message('delivery.platformUnavailable') };
      }
      if (error instanceof PlatformRejectedError) {
        return { ...base, ok: false, storeName: null, message: message('delivery.platformRejected') };
      }
      throw error;
    }
  }

  /** A simulated connection and its clear webhook secret, for a test order (the secret never leaves the server). */
  async connectionFor(
    auth: AuthContext,
    platform: TDeliveryPlatform,
  ): Promise<{ row: TConnectionRow; secret: string }> {
    const row = await this.repo.connection(requireRestaurantId(auth), platform);
    if (!row || row.status === 'disconnected' || !row.storeId || !row.webhookSecret)
      throw conflict('delivery.notConnected');
    return { row, secret: (await this.openSecret(row)) ?? '' };
  }

  /** Seals every stored secret that is not under the current key (the rotate command); answers how many. */
  rotateSecrets(): Promise<number> {
    return resealAll(this.repo, this.secrets);
  }

  async sampleMenu(
    auth: AuthContext,
    platform: TDeliveryPlatform,
  ): Promise<{ menu: TPublishableMenu; markup: TMarkup }> {
    const restaurantId = requireRestaurantId(auth);
    const row = await this.repo.connection(restaurantId, platform);
    return { menu: await this.menuFor(restaurantId, row), markup: row?.markup ?? DEFAULT_MARKUP };
  }
}
