import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TModule } from '../module-type.ts';
import type { TRestaurantClock } from './order-rows.ts';
import { applyRollups, OrdersRepository, type TIngestedOrder } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';

export type { TIngestedOrder, TRestaurantClock };

/** What other modules do with orders: store a batch, read a restaurant's clock, follow and re-file them. */
export interface TOrdersApi {
  /**
   * Stores orders of one restaurant as the ingestion API does (same rows and rollups), many per
   * transaction, filed by the restaurant's stored clock; not marked late (delivery platforms, demo data).
   */
  ingestOrdersFor(restaurantId: number, batch: readonly TIngestOrderRequest[]): Promise<TIngestedOrder[]>;
  /** The restaurant's zone and end-of-day hour; 409 when it has not chosen a zone, 404 when unknown. */
  clockOf(restaurantId: number): Promise<TRestaurantClock>;
  /** Called after orders of a restaurant were stored and committed (not for an unchanged push). */
  onIngested(listener: (restaurantId: number) => Promise<unknown>): void;
  /** Re-files every stored figure by the restaurant's new clock, inside the caller's transaction `db`. */
  rebuildRollups(restaurantId: number, db?: Database): Promise<void>;
  /**
   * Runs `write` (which changes the orders' refund or payment rows) inside the caller's transaction
   * `db`, taking the orders' rollup contributions away before and adding them back after, so the
   * reports follow by the same definitions as a POS push (back-office refunds, issue 23).
   */
  refileOrders<T>(db: Database, restaurantId: number, orderIds: readonly number[], write: () => Promise<T>): Promise<T>;
}

/**
 * Orders: the POS ingestion API (SPEC "Ingestion") and the report rollups it keeps. Built before the
 * restaurant module, which re-files the rollups when a restaurant's clock changes, so it needs only the
 * database and the clock.
 */
export function ordersModule(deps: { db: Database; clock: Clock }): TModule<TOrdersApi> {
  const service = new OrdersService(new OrdersRepository(deps.db), deps.clock);
  return {
    routes: ordersRoutes(service),
    api: {
      ingestOrdersFor: (restaurantId, batch) => service.ingestOrdersFor(restaurantId, batch),
      clockOf: (restaurantId) => service.clockOf(restaurantId),
      onIngested: (listener) => service.onIngested(listener),
      rebuildRollups: (restaurantId, db) => service.rebuildRollups(restaurantId, db),
      refileOrders: async (db, restaurantId, orderIds, write) => {
        await applyRollups(db, -1, { restaurantId, orderIds: [...orderIds] });
        const result = await write();
        await applyRollups(db, 1, { restaurantId, orderIds: [...orderIds] });
        return result;
      },
    },
  };
}
