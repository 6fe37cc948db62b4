import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';
import type { Database } from '../../db/client.ts';
import { deliveryConnections, deliveryOrders } from '../../db/schema/delivery.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { rowsOf, num } from '../../db/sql-util.ts';

export type TConnectionRow = typeof deliveryConnections.$inferSelect;
/** The store's hours and time zone, for a platform that takes orders whenever the store is open. */
export type TStoreHours = Pick<typeof restaurants.$inferSelect, 'timeZone' | 'businessHours'>;
export type TConnectionWrite = Omit<typeof deliveryConnections.$inferInsert, 'restaurantId' | 'platform'>;

/** The only place with delivery SQL; every read and write of a restaurant's rows filters on its id. */
export class DeliveryRepository {
  constructor(private readonly db: Database) {}

  withTransaction<T>(work: (repo: DeliveryRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new DeliveryRepository(tx), tx));
  }

  async connections(restaurantId: number): Promise<TConnectionRow[]> {
    return this.db.select().from(deliveryConnections).where(eq(deliveryConnections.restaurantId, restaurantId));
  }

  async connection(
    restaurantId: number,
    platform: TDeliveryPlatform,
    lock = false,
  ): Promise<TConnectionRow | undefined> {
    const query = this.db
      .select()
      .from(deliveryConnections)
      .where(and(eq(deliveryConnections.restaurantId, restaurantId), eq(deliveryConnections.platform, platform)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /**
   * The connection a webhook names by the platform's store id (unique per platform), with the store's
   * hours and time zone for the hours check: one read per webhook call.
   */
  async byStore(
    platform: TDeliveryPlatform,
    storeId: string,
  ): Promise<{ connection: TConnectionRow; store: TStoreHours } | undefined> {
    const [row] = await this.db
      .select({
        connection: deliveryConnections,
        timeZone: restaurants.timeZone,
        businessHours: restaurants.businessHours,
      })
      .from(deliveryConnections)
      .innerJoin(restaurants, eq(restaurants.id, deliveryConnections.restaurantId))
      .where(and(eq(deliveryConnections.platform, platform), eq(deliveryConnections.storeId, storeId)));
    return row && { connection: row.connection, store: { timeZone: row.timeZone, businessHours: row.businessHours } };
  }

  async save(restaurantId: number, platform: TDeliveryPlatform, values: TConnectionWrite): Promise<TConnectionRow> {
    const [row] = await this.db
      .insert(deliveryConnections)
      .values({ restaurantId, platform, ...values })
      .onConflictDoUpdate({ target: [deliveryConnections.restaurantId, deliveryConnections.platform], set: values })
      .returning();
    if (!row) throw new Error('delivery connection not stored');
    return row;
  }

  /** Swaps a stored secret for its resealed form, unless another server already changed it. */
  async resealSecret(restaurantId: number, platform: string, stored: string, resealed: string): Promise<void> {
    await this.db
      .update(deliveryConnections)
      .set({ webhookSecret: resealed })
      .where(
        and(
          eq(deliveryConnections.restaurantId, restaurantId),
          eq(deliveryConnections.platform, platform),
          eq(deliveryConnections.webhookSecret, stored),
        ),
      );
  }

  /** Every stored secret, for the rotate command. */
  async storedSecrets(): Promise<Array<{ restaurantId: number; platform: string; webhookSecret: string }>> {
    const rows = await this.db
      .select({
        restaurantId: deliveryConnections.restaurantId,
        platform: deliveryConnections.platform,
        webhookSecret: deliveryConnections.webhookSecret,
      })
      .from(deliveryConnections)
      .where(isNotNull(deliveryConnections.webhookSecret));
    return rows.flatMap((r) => (r.webhookSecret ? [{ ...r, webhookSecret: r.webhookSecret }] : []));
  }

  /** The connection holding a platform's store id, whichever restaurant it belongs to. */
  async storeTaken(platform: TDeliveryPlatform, storeId: string, restaurantId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ restaurantId: deliveryConnections.restaurantId })
      .from(deliveryConnections)
      .where(and(eq(deliveryConnections.platform, platform), eq(deliveryConnections.storeId, storeId)));
    return row !== undefined && row.restaurantId !== restaurantId;
  }

  /** Some connected store of the platform (the admin panel's live check). */
  async anyStore(platform: TDeliveryPlatform): Promise<string | null> {
    const [row] = await this.db
      .select({ storeId: deliveryConnections.storeId })
      .from(deliveryConnections)
      .where(and(eq(deliveryConnections.platform, platform), isNotNull(deliveryConnections.storeId)))
      .limit(1);
    return row?.storeId ?? null;
  }

  async restaurantName(restaurantId: number): Promise<string> {
    const [row] = await this.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row?.name ?? '';
  }

  /** A platform order already received: the stored order's id, or why it was refused. */
  async findOrder(
    restaurantId: number,
    platform: TDeliveryPlatform,
    platformOrderId: string,
  ): Promise<{ orderId: number | null; refusedReason: string | null } | undefined> {
    const [row] = await this.db
      .select({ orderId: deliveryOrders.orderId, refusedReason: deliveryOrders.refusedReason })
      .from(deliveryOrders)
      .where(
        and(
          eq(deliveryOrders.restaurantId, restaurantId),
          eq(deliveryOrders.platform, platform),
          eq(deliveryOrders.platformOrderId, platformOrderId),
        ),
      );
    return row;
  }

  /** Refused platform orders per platform received since `since`. */
  async refusedSince(restaurantId: number, since: Date): Promise<Map<string, number>> {
    const rows = await rowsOf(
      this.db,
      sql`select platform, count(*) as n from delivery_orders
          where restaurant_id = ${restaurantId} and order_id is null and received_at >= ${since.toISOString()}
          group by platform`,
    );
    return new Map(rows.map((r) => [String(r.platform), num(r.n)]));
  }

  /** One platform's refused orders received since `since`, newest first, at most `limit`. */
  async refusedList(
    restaurantId: number,
    platform: TDeliveryPlatform,
    since: Date,
    limit: number,
  ): Promise<Array<{ platformOrderId: string; receivedAt: Date; reason: string }>> {
    const rows = await this.db
      .select({
        platformOrderId: deliveryOrders.platformOrderId,
        receivedAt: deliveryOrders.receivedAt,
        reason: deliveryOrders.refusedReason,
      })
      .from(deliveryOrders)
      .where(
        and(
          eq(deliveryOrders.restaurantId, restaurantId),
          eq(deliveryOrders.platform, platform),
          isNull(deliveryOrders.orderId),
          gte(deliveryOrders.receivedAt, since),
        ),
      )
      .orderBy(desc(deliveryOrders.receivedAt), desc(deliveryOrders.platformOrderId))
      .limit(limit);
    return rows.map((r) => ({ ...r, reason: r.reason ?? 'closed' }));
  }

  /** Records platform orders received (stored or refused); one already recorded is left as it was. */
  async recordOrders(values: Array<typeof deliveryOrders.$inferInsert>): Promise<void> {
    if (values.length === 0) return;
    await this.db.insert(deliveryOrders).values(values).onConflictDoNothing();
  }

  /** Platform orders per platform filed under `businessDay`. */
  async ordersOn(restaurantId: number, businessDay: string): Promise<Map<string, number>> {
    const rows = await rowsOf(
      this.db,
      sql`select d.platform, count(*) as n
          from delivery_orders d join orders o on o.restaurant_id = d.restaurant_id and o.id = d.order_id
          where d.restaurant_id = ${restaurantId} and o.business_day = ${businessDay}
          group by d.platform`,
    );
    return new Map(rows.map((r) => [String(r.platform), num(r.n)]));
  }
}
