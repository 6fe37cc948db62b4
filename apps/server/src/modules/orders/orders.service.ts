import { ERROR_CODES } from '@ra/shared/errors';
import type {
  TIngestOrderRequest,
  TIngestPayoutRequest,
  TIngestPayoutResponse,
} from '@ra/shared/orders/orders.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { buildOrderRows, buildPayoutRow, type TRestaurantClock } from './order-rows.ts';
import type { OrdersRepository, TIngestedOrder } from './orders.repository.ts';

export const TIME_ZONE_REQUIRED_MESSAGE =
  'Please choose the restaurant’s time zone before sending orders: every figure is filed under a business day of that zone';

/** 409: the restaurant has no time zone yet (SPEC 4), so no order can be given a business day. */
export const timeZoneRequired = () => new AppError(409, ERROR_CODES.conflict, TIME_ZONE_REQUIRED_MESSAGE);

/**
 * The POS side of orders (the ingestion API) and the upkeep of the report rollups. The restaurant is
 * always the caller's session restaurant, never one named in the body.
 */
export class OrdersService {
  constructor(private readonly repo: OrdersRepository) {}

  /** The restaurant's zone and end-of-day hour; refuses a restaurant that has not chosen a zone. */
  async clockOf(restaurantId: number): Promise<TRestaurantClock> {
    const clock = await this.repo.findClock(restaurantId);
    if (!clock) throw notFound();
    if (!clock.timeZone) throw timeZoneRequired();
    return { timeZone: clock.timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay };
  }

  async ingestOrder(auth: AuthContext, order: TIngestOrderRequest): Promise<TIngestedOrder> {
    const restaurantId = requireRestaurantId(auth);
    const [result] = await this.ingestOrdersFor(restaurantId, [order]);
    if (!result) throw new Error('ingestion returned no result');
    return result;
  }

  /** Also the demo generator's entry point: the same rows and rollups as the API, many per transaction. */
  async ingestOrdersFor(
    restaurantId: number,
    batch: readonly TIngestOrderRequest[],
    clock?: TRestaurantClock,
  ): Promise<TIngestedOrder[]> {
    const resolved = clock ?? (await this.clockOf(restaurantId));
    return this.repo.ingestOrders(
      restaurantId,
      batch.map((order) => buildOrderRows(order, resolved)),
    );
  }

  async ingestPayout(auth: AuthContext, payout: TIngestPayoutRequest): Promise<TIngestPayoutResponse> {
    const restaurantId = requireRestaurantId(auth);
    const row = buildPayoutRow(payout, 'cash', await this.clockOf(restaurantId));
    const [result] = await this.repo.upsertPayouts(restaurantId, [row]);
    return { posPayoutId: payout.posPayoutId, businessDay: row.businessDay, result: result?.result ?? 'created' };
  }

  /**
   * Called when the restaurant's time zone or hourOffsetEndOfDay changes: every stored figure moves to
   * the business days of the new clock. A restaurant without a zone has no orders to move.
   */
  async rebuildRollups(restaurantId: number): Promise<void> {
    const clock = await this.repo.findClock(restaurantId);
    if (!clock?.timeZone) return;
    await this.repo.rebuildRollups(restaurantId, {
      timeZone: clock.timeZone,
      hourOffsetEndOfDay: clock.hourOffsetEndOfDay,
    });
  }
}
