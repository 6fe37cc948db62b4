import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants, type TBusinessHoursDoc, type TRestaurantConfigDoc } from '../../db/schema/restaurants.ts';
import type { TSettingWrite } from './restaurant.settings.ts';

export type TRestaurantProfileWrite = {
  name: string;
  fullname: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  businessHours?: TBusinessHoursDoc;
};

/** Every method takes the restaurant id first: callers pass the caller's own, never a client's. */
export class RestaurantRepository {
  constructor(private readonly db: Database) {}

  async findById(restaurantId: number) {
    const [row] = await this.db
      .select({
        id: restaurants.id,
        xid: nodes.xid,
        restname: nodes.restname,
        name: restaurants.name,
        fullname: restaurants.fullname,
        street: restaurants.street,
        city: restaurants.city,
        state: restaurants.state,
        zip: restaurants.zip,
        phone: restaurants.phone,
        timeZone: restaurants.timeZone,
        posLocales: restaurants.posLocales,
        hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay,
        config: restaurants.config,
        businessHours: restaurants.businessHours,
      })
      .from(restaurants)
      .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
      .where(eq(restaurants.id, restaurantId))
      .limit(1);
    return row;
  }

  async updateProfile(restaurantId: number, values: TRestaurantProfileWrite): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(restaurants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(restaurants.id, restaurantId));
      // The tree shows the short name too (SPEC 3 "leaf nodes have a restname").
      await tx
        .update(nodes)
        .set({ restname: values.name })
        .where(
          eq(
            nodes.id,
            sql`(select ${restaurants.nodeId} from ${restaurants} where ${restaurants.id} = ${restaurantId})`,
          ),
        );
    });
  }

  /**
   * Applies one setting. With `onlyIfTimeZoneUnset` the write happens only while the zone is still
   * unset, atomically, so two people answering the login prompt at once cannot overwrite a choice.
   */
  async applySetting(
    restaurantId: number,
    write: TSettingWrite,
    options: { onlyIfTimeZoneUnset?: boolean } = {},
  ): Promise<boolean> {
    const set: Record<string, unknown> = { ...write.columns, updatedAt: new Date() };
    if (write.config) set.config = this.mergeConfig(write.config);
    const where = options.onlyIfTimeZoneUnset
      ? and(eq(restaurants.id, restaurantId), isNull(restaurants.timeZone))
      : eq(restaurants.id, restaurantId);
    const rows = await this.db.update(restaurants).set(set).where(where).returning({ id: restaurants.id });
    return rows.length > 0;
  }

  /** Keys set to undefined are removed (back to their default); the others are merged in. */
  private mergeConfig(patch: Partial<TRestaurantConfigDoc>) {
    const removed = Object.keys(patch).filter((k) => patch[k as keyof TRestaurantConfigDoc] === undefined);
    const kept = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    let config = sql`${restaurants.config}`;
    for (const key of removed) config = sql`(${config} - ${key}::text)`;
    return sql`${config} || ${JSON.stringify(kept)}::jsonb`;
  }
}
