import {
  ORDER_CHANGE_AUTHORITY,
  ORDER_CLOCK_SKEW_MS,
  futureDatedFields,
  orderChanges,
} from '@ra/shared/orders/order-changes';
import type {
  TIngestOrderRequest,
  TIngestPayoutRequest,
  TIngestPayoutResponse,
} from '@ra/shared/orders/orders.schemas';
import type { Database } from '../../db/client.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { buildPayoutRow, type TRestaurantClock } from './order-rows.ts';
import { datedInFuture, pastDayChangeRefused, timeZoneRequired } from './orders.errors.ts';
import { IngestBatcher } from '../../lib/ingest-batcher.ts';
import type { OrdersRepository, TIngestedOrder, TOrderContext, TReplacement } from './orders.repository.ts';

export { TIME_ZONE_REQUIRED_MESSAGE, timeZoneRequired } from './orders.errors.ts';

/**
 * The POS side of orders (the ingestion API) and the upkeep of the report rollups. The restaurant is
 * always the caller's session restaurant, never one named in the body.
 */
export class OrdersService {
  constructor(
    private readonly repo: OrdersRepository,
    private readonly clock: Clock = systemClock,
  ) {
    // Group commit (docs/performance.md "POS ingestion"): pushes to a restaurant that arrive while its
    // ingestion transaction runs go in together in the next one, each with its own caller, time and
    // checks; a batch that fails is retried push by push, so each push is still all or nothing.
    this.pushes = new IngestBatcher<TOrderContext, TIngestedOrder>((restaurantId, orders, contexts) =>
      this.repo.ingestOrders(restaurantId, orders, {
        now: contexts.reduce((latest, c) => (c.now > latest ? c.now : latest), contexts[0]!.now),
        markLate: true,
        each: contexts,
      }),
    );
  }

  private readonly pushes: IngestBatcher<TOrderContext, TIngestedOrder>;

  private readonly ingestedListeners: Array<(restaurantId: number) => Promise<unknown>> = [];

  /**
   * Called after orders of a restaurant were stored and committed (not for an unchanged push): the
   * customer list queues its debounced rebuild here (issue 12). A listener's failure never fails the push.
   */
  onIngested(listener: (restaurantId: number) => Promise<unknown>): void {
    this.ingestedListeners.push(listener);
  }

  private async notifyIngested(restaurantId: number, results: readonly TIngestedOrder[]): Promise<void> {
    if (!results.some((r) => r.result !== 'unchanged')) return;
    for (const listener of this.ingestedListeners) await listener(restaurantId).catch(() => undefined);
  }

  /** The restaurant's zone and end-of-day hour; refuses a restaurant that has not chosen a zone. */
  async clockOf(restaurantId: number): Promise<TRestaurantClock> {
    const clock = await this.repo.findClock(restaurantId);
    if (!clock) throw notFound();
    if (!clock.timeZone) throw timeZoneRequired();
    return { timeZone: clock.timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay };
  }

  /**
   * One push from a POS. Refused (400) when any of its times is more than a few minutes ahead of the
   * server's clock. A new order for a business day that has ended is accepted and marked late (a POS
   * catching up after being offline). Replacing an order of an ended business day needs the flags
   * the change implies (`orderChanges`); every replacement is audited with the caller and address.
   */
  async ingestOrder(auth: AuthContext, order: TIngestOrderRequest, ip: string | null = null): Promise<TIngestedOrder> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const future = futureDatedFields(order, now);
    if (future.length > 0) throw datedInFuture(future);
    const result = await this.pushes.submit(restaurantId, order, {
      now,
      // A device's push is recorded against the device, not a person (issue 9).
      actorUserId: auth.device ? null : auth.userId,
      deviceId: auth.device?.id ?? null,
      ip,
      checkReplacement: (replacement, today) => vetReplacement(auth, replacement, today),
    });
    await this.notifyIngested(restaurantId, [result]);
    return result;
  }

  /**
   * The demo generator's entry point: the same rows and rollups as the API, many per transaction,
   * filed by the restaurant's stored clock (read under the same lock as a push; `_clock` is no longer
   * needed and kept for existing callers). A history import: orders are not marked late.
   */
  async ingestOrdersFor(
    restaurantId: number,
    batch: readonly TIngestOrderRequest[],
    _clock?: TRestaurantClock,
  ): Promise<TIngestedOrder[]> {
    const results = await this.repo.ingestOrders(restaurantId, batch, { now: this.clock.now() });
    await this.notifyIngested(restaurantId, results);
    return results;
  }

  async ingestPayout(auth: AuthContext, payout: TIngestPayoutRequest): Promise<TIngestPayoutResponse> {
    const restaurantId = requireRestaurantId(auth);
    if (Date.parse(payout.at) > this.clock.now().getTime() + ORDER_CLOCK_SKEW_MS) throw datedInFuture(['at']);
    let businessDay = '';
    const [result] = await this.repo.upsertPayouts(restaurantId, (clock) => {
      const row = buildPayoutRow(payout, 'cash', clock);
      businessDay = row.businessDay;
      return [row];
    });
    return { posPayoutId: payout.posPayoutId, businessDay, result: result?.result ?? 'created' };
  }

  /**
   * Called in the transaction that changes the restaurant's time zone or hourOffsetEndOfDay: every
   * stored figure moves to the business days of the new clock before that transaction commits.
   */
  async rebuildRollups(restaurantId: number, db?: Database): Promise<void> {
    await this.repo.rebuildRollups(restaurantId, db);
  }
}

/**
 * A replacement touching a business day that has ended (the stored order's or the pushed one's)
 * needs the operation flag of each kind of change it makes; the audit row records the kinds.
 */
function vetReplacement(auth: AuthContext, replacement: TReplacement, today: string): Record<string, unknown> {
  const changes = orderChanges(replacement.before.payload, replacement.after.payload);
  const day =
    replacement.before.businessDay < replacement.after.businessDay
      ? replacement.before.businessDay
      : replacement.after.businessDay;
  const pastDay = day < today;
  if (pastDay) {
    const missing = changes.filter((kind) => !auth.operationAuthority[ORDER_CHANGE_AUTHORITY[kind]]);
    if (missing.length > 0) throw pastDayChangeRefused({ day, posOrderId: replacement.posOrderId, kinds: missing });
  }
  return { changes, pastDay };
}
