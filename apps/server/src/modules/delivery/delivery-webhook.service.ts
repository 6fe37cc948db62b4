import { zonedParts } from '@ra/shared/business-day/business-day';
import { normaliseSpecialDays, normaliseWeek, type TStoredHours } from '@ra/shared/business/opening-hours';
import { isOpenAt, type TWebhookRefusal } from '@ra/shared/delivery/platform-hours';
import {
  DEFAULT_PLATFORM_HOURS,
  PLATFORM_RULES,
  ZWebhookOrder,
  type TDeliveryPlatform,
  type TWebhookOrder,
} from '@ra/shared/delivery/delivery.schemas';
import { DELIVERY_MESSAGES, type TDeliveryMessageKey } from '@ra/shared/delivery/delivery.messages';
import { ERROR_CODES } from '@ra/shared/errors';
import { ZIngestOrderRequest, type TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { Clock } from '../../lib/clock.ts';
import type { TIngestedOrder, TOrdersApi } from '../orders/orders.module.ts';
import type { DeliveryRepository, TConnectionRow, TStoreHours } from './delivery.repository.ts';
import { effectiveStatus } from './delivery-status.ts';
import { IngestBatcher } from './ingest-batcher.ts';
import { verifyWebhook } from './platform-adapter.ts';

const message = (key: TDeliveryMessageKey) => DELIVERY_MESSAGES[key].en;

/** A platform order as the webhook received it, recorded in delivery_orders once stored. */
interface TReceived {
  platform: TDeliveryPlatform;
  platformOrderId: string;
  receivedAt: Date;
}

export interface TWebhookResult {
  status: number;
  body:
    | { result: 'created' | 'duplicate'; orderId: number }
    | { result: 'rejected'; reason: TWebhookRefusal; message: string }
    | { code: number; message: string };
}

/** Used when the restaurant has not chosen its time zone yet (as the 14-day hours view does). */
const FALLBACK_TIME_ZONE = 'America/New_York';
const REFUSAL_MESSAGE: Record<TWebhookRefusal, TDeliveryMessageKey> = {
  paused: 'delivery.storePaused',
  closed: 'delivery.storeClosed',
};

/**
 * A refused order is answered 200 with result "rejected" and the reason, as a platform is told a
 * store declines an order (it stops retrying and tells the customer), not with an error it would retry.
 */
const rejected = (reason: TWebhookRefusal): TWebhookResult => ({
  status: 200,
  body: { result: 'rejected', reason, message: message(REFUSAL_MESSAGE[reason]) },
});

/**
 * Platform orders arriving by signed webhook (issue 9 "Delivery platforms"): checked against the
 * connection, its pause and hours, then stored in the order tables (channel 'delivery') through the
 * orders module (TOrdersApi), many at once when they arrive together (ingest-batcher.ts).
 */
export class DeliveryWebhookService {
  private readonly batcher: IngestBatcher<TReceived, TIngestedOrder>;

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly orders: TOrdersApi,
    private readonly clock: Clock,
    /** The connection's clear webhook secret (sealed at rest, resealed when stale). */
    private readonly openSecret: (row: TConnectionRow) => Promise<string | null>,
  ) {
    this.batcher = new IngestBatcher((restaurantId, orders, received) =>
      this.ingestBatch(restaurantId, orders, received),
    );
  }

  /**
   * One batch of platform orders (ingest-batcher.ts): stored through the orders module, then recorded
   * in delivery_orders with one insert for the whole batch, before any of them is answered.
   */
  private async ingestBatch(
    restaurantId: number,
    orders: readonly TIngestOrderRequest[],
    received: readonly TReceived[],
  ): Promise<TIngestedOrder[]> {
    const stored = await this.orders.ingestOrdersFor(restaurantId, orders);
    const byPosId = new Map(stored.map((r) => [r.posOrderId, r.orderId]));
    await this.repo.recordOrders(
      orders.flatMap((o, i) => {
        const orderId = byPosId.get(o.posOrderId);
        return orderId === undefined ? [] : [{ restaurantId, ...received[i]!, orderId }];
      }),
    );
    return stored;
  }

  /**
   * Why the store does not take a platform order now, if it does not: paused on that platform (a
   * pause whose end has passed is over), or outside the platform's hours (its own weekly hours, or the
   * store's hours with its holidays and special days), in the restaurant's time zone.
   */
  private refusalFor(row: TConnectionRow, store: TStoreHours, now: Date): TWebhookRefusal | null {
    if (effectiveStatus(row, now) === 'paused') return 'paused';
    const hours = row.hours ?? DEFAULT_PLATFORM_HOURS;
    const p = zonedParts(now, store?.timeZone ?? FALLBACK_TIME_ZONE);
    const pad = (n: number) => String(n).padStart(2, '0');
    const at = { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute };
    let hoursOn: (date: string, weekday: number) => Array<{ open: string; close: string }>;
    if (hours.sameAsRestaurant) {
      const stored = (store?.businessHours ?? { weekly: [], holidays: [] }) as TStoredHours;
      const weekly = normaliseWeek(stored.weekly);
      const special = new Map(normaliseSpecialDays(stored).map((d) => [d.date, d]));
      hoursOn = (date, weekday) => {
        const sp = special.get(date);
        if (sp) return sp.closed ? [] : sp.ranges;
        const day = weekly[weekday];
        return !day || day.closed ? [] : day.ranges;
      };
    } else {
      hoursOn = (_date, weekday) => hours.weekly[weekday] ?? [];
    }
    return isOpenAt(hoursOn, at) ? null : 'closed';
  }

  /**
   * A platform's order (the webhook). Refused unless the store is connected here and the body carries
   * its HMAC signature; a redelivery with the same platform order id is answered with the stored order.
   */
  async receive(platform: TDeliveryPlatform, rawBody: string, signature: string | undefined): Promise<TWebhookResult> {
    const now = this.clock.now();
    const refused = (
      status: number,
      key: TDeliveryMessageKey,
      code: number = ERROR_CODES.unauthorized,
    ): TWebhookResult => ({
      status,
      body: { code, message: message(key) },
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return refused(401, 'delivery.signatureInvalid');
    }
    const storeId =
      typeof parsed === 'object' && parsed !== null ? (parsed as { storeId?: unknown }).storeId : undefined;
    const found = typeof storeId === 'string' ? await this.repo.byStore(platform, storeId) : undefined;
    const row = found?.connection;
    // The same answer for an unknown store and a bad signature: a caller learns nothing without the secret.
    if (!found || !row?.webhookSecret || row.status === 'disconnected')
      return refused(401, 'delivery.signatureInvalid');
    const secret = await this.openSecret(row);
    if (!secret || !verifyWebhook(secret, rawBody, signature, Math.floor(now.getTime() / 1000))) {
      return refused(401, 'delivery.signatureInvalid');
    }
    return this.take(platform, found, parsed);
  }

  /** The connected store a platform's store id names, with its hours (undefined: none, or disconnected). */
  async store(
    platform: TDeliveryPlatform,
    storeId: string,
  ): Promise<{ connection: TConnectionRow; store: TStoreHours } | undefined> {
    const found = await this.repo.byStore(platform, storeId);
    return found && found.connection.status !== 'disconnected' ? found : undefined;
  }

  /** Whether the platform's order was received before (stored or refused). */
  async known(restaurantId: number, platform: TDeliveryPlatform, platformOrderId: string): Promise<boolean> {
    return (await this.repo.findOrder(restaurantId, platform, platformOrderId)) !== undefined;
  }

  /**
   * An authenticated platform order for a connected store (whichever way the platform signs): checked
   * against pause and hours, then stored once by the platform's order id.
   */
  async take(
    platform: TDeliveryPlatform,
    found: { connection: TConnectionRow; store: TStoreHours },
    parsed: unknown,
  ): Promise<TWebhookResult> {
    const now = this.clock.now();
    const row = found.connection;
    const order = ZWebhookOrder.safeParse(parsed);
    if (!order.success) {
      return {
        status: 400,
        body: { code: ERROR_CODES.badRequest, message: order.error.issues[0]?.message ?? 'Bad request' },
      };
    }
    const restaurantId = row.restaurantId;
    const known = await this.repo.findOrder(restaurantId, platform, order.data.orderId);
    if (known?.refusedReason) return rejected(known.refusedReason as TWebhookRefusal);
    if (known?.orderId != null) return { status: 200, body: { result: 'duplicate', orderId: known.orderId } };

    const refusal = this.refusalFor(row, found.store, now);
    if (refusal) {
      // Recorded, so a redelivery is refused the same way and the page counts it.
      await this.repo.recordOrders([
        {
          restaurantId,
          platform,
          platformOrderId: order.data.orderId,
          orderId: null,
          refusedReason: refusal,
          receivedAt: now,
        },
      ]);
      return rejected(refusal);
    }

    const ingest = ZIngestOrderRequest.safeParse(toPosOrder(platform, order.data));
    if (!ingest.success) {
      return {
        status: 400,
        body: { code: ERROR_CODES.badRequest, message: ingest.error.issues[0]?.message ?? 'Bad request' },
      };
    }
    // Ingestion is idempotent by posOrderId under a lock per order, so two deliveries of one order
    // racing past the check above still store one order: the second is 'unchanged'. Orders arriving
    // while another is being stored go in together (ingest-batcher.ts), recorded in delivery_orders
    // by the batch before it is answered.
    const stored = await this.batcher.submit(restaurantId, ingest.data, {
      platform,
      platformOrderId: order.data.orderId,
      receivedAt: now,
    });
    return {
      status: stored.result === 'created' ? 201 : 200,
      body: { result: stored.result === 'created' ? 'created' : 'duplicate', orderId: stored.orderId },
    };
  }
}

/**
 * A platform order as the POS ingestion stores it: channel 'delivery' with the platform's name, paid
 * in full to the platform (method thirdParty) when placed, so reports count it like any sale.
 */
export function toPosOrder(platform: TDeliveryPlatform, order: TWebhookOrder): unknown {
  const label = PLATFORM_RULES[platform].label;
  return {
    posOrderId: `${platform}:${order.orderId}`,
    orderNumber: order.orderId.slice(-8).toUpperCase(),
    channel: 'delivery',
    deliveryPlatform: label,
    partySize: 0,
    status: 'closed',
    openedAt: order.placedAt,
    closedAt: order.placedAt,
    items: order.items.map((item) => ({
      posItemId: item.id,
      name: item.name,
      category: item.category ?? label,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      options: item.options.map((o) => ({ name: o.name, group: o.group, priceCents: o.priceCents, quantity: 1 })),
    })),
    taxCents: order.taxCents,
    tipCents: order.tipCents,
    payments:
      order.totalCents > 0
        ? [
            {
              posPaymentId: `${platform}:${order.orderId}:pay`,
              method: 'thirdParty',
              amountCents: order.totalCents,
              tipCents: order.tipCents,
              paidAt: order.placedAt,
            },
          ]
        : [],
  };
}
