import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nodes } from '../../db/schema/nodes.ts';
import { restaurants, type TBusinessHoursDoc } from '../../db/schema/restaurants.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { TConfigDoc, TSettingWrite } from './restaurant.settings.ts';
import type { TStoredHours } from '@ra/shared/business/opening-hours';

export type { TStoredHours };

export type TRestaurantProfileWrite = {
  name: string;
  fullname: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  businessHours?: TStoredHours;
};

/** Every method takes the restaurant id first: callers pass the caller's own, never a client's. */
export class RestaurantRepository {
  constructor(private readonly db: Database) {}

  /**
   * Runs `work` in one transaction, with this repository and the audit log bound to it: a change and
   * its audit row (and, for a clock change, the re-filing of every order) commit or roll back together.
   */
  transaction<T>(work: (repo: RestaurantRepository, audit: AuditRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new RestaurantRepository(tx), new AuditRepository(tx), tx));
  }

  /**
   * Holds the restaurant row until the transaction ends. Order and payout pushes read the clock FOR
   * SHARE, so they wait for a clock change holding it and then file by the new clock.
   */
  async lockForUpdate(restaurantId: number): Promise<void> {
    await this.db.execute(sql`select id from ${restaurants} where ${restaurants.id} = ${restaurantId} for update`);
  }

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
    return row && { ...row, config: row.config as TConfigDoc, businessHours: row.businessHours as TStoredHours };
  }

  /** Platform staff's list (SPEC 6 /AdminPanel): a page of restaurants, optionally searched. */
  async listForAdmin(query: { q?: string | undefined; page: number; pageSize: number }) {
    const q = query.q?.trim();
    const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = like
      ? or(
          ilike(restaurants.name, like),
          ilike(restaurants.fullname, like),
          ilike(restaurants.city, like),
          ilike(nodes.xid, like),
        )
      : undefined;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          id: restaurants.id,
          xid: nodes.xid,
          name: restaurants.name,
          fullname: restaurants.fullname,
          city: restaurants.city,
          state: restaurants.state,
          config: restaurants.config,
        })
        .from(restaurants)
        .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
        .where(where)
        .orderBy(asc(restaurants.name), asc(restaurants.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(restaurants)
        .innerJoin(nodes, eq(nodes.id, restaurants.nodeId))
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async updateProfile(restaurantId: number, values: TRestaurantProfileWrite, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(restaurants)
        .set({ ...values, businessHours: values.businessHours as TBusinessHoursDoc | undefined, updatedAt: now })
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
    options: { now: Date; onlyIfTimeZoneUnset?: boolean },
  ): Promise<boolean> {
    const set: Record<string, unknown> = { ...write.columns, updatedAt: options.now };
    if (write.config) set.config = this.mergeConfig(write.config);
    const where = options.onlyIfTimeZoneUnset
      ? and(eq(restaurants.id, restaurantId), isNull(restaurants.timeZone))
      : eq(restaurants.id, restaurantId);
    const rows = await this.db.update(restaurants).set(set).where(where).returning({ id: restaurants.id });
    return rows.length > 0;
  }

  /** Keys set to undefined are removed (back to their default); the others are merged in. */
  private mergeConfig(patch: Partial<TConfigDoc>) {
    const removed = Object.keys(patch).filter((k) => patch[k as keyof TConfigDoc] === undefined);
    const kept = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    let config = sql`${restaurants.config}`;
    for (const key of removed) config = sql`(${config} - ${key}::text)`;
    return sql`${config} || ${JSON.stringify(kept)}::jsonb`;
  }
}
