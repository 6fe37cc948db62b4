import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TCouponChannel, TCouponRule, TCouponType, TStackingPolicy } from '@ra/shared/coupons/coupons.schemas';
import type { Database } from '../../db/client.ts';
import { couponCodeBatches, couponCodes, couponRedemptions, coupons, couponSettings } from '../../db/schema/coupons.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { AuditRepository } from '../../db/audit.repository.ts';

export type TCouponRow = typeof coupons.$inferSelect;
export type TCouponInsert = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount'>;
export type TRedemptionRow = typeof couponRedemptions.$inferSelect;
export type TBatchRow = typeof couponCodeBatches.$inferSelect;

export function ruleOf(row: TCouponRow): TCouponRule {
  return {
    id: row.id,
    name: row.name,
    type: row.type as TCouponType,
    code: row.code,
    overAmount: row.overAmount,
    minusAmount: row.minusAmount,
    discount: row.discount,
    totalNum: row.totalNum,
    itemIds: row.itemIds,
    categoryIds: row.categoryIds,
    toppingIds: row.toppingIds,
    startDate: row.startDate,
    endDate: row.endDate,
    channels: row.channels as TCouponChannel[],
    days: row.days,
    hours: row.hours,
    perCustomerLimit: row.perCustomerLimit,
    stackable: row.stackable,
    active: row.active,
  };
}

/** The only place with the coupons domain's SQL. Every query is scoped by restaurant_id. */
export class CouponsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: CouponsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CouponsRepository(tx), new AuditRepository(tx)));
  }

  async restaurantClock(restaurantId: number): Promise<{ timeZone: string; hourOffsetEndOfDay: number }> {
    const [row] = await this.db
      .select({ timeZone: restaurants.timeZone, hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return { timeZone: row?.timeZone ?? 'UTC', hourOffsetEndOfDay: row?.hourOffsetEndOfDay ?? 0 };
  }

  private premiumCount(restaurantId: number) {
    return sql<number>`(select count(*)::int from ${couponCodes} where ${couponCodes.restaurantId} = ${restaurantId} and ${couponCodes.couponId} = ${coupons.id} and ${couponCodes.batchId} is not null)`;
  }

  async list(restaurantId: number, filter: { q?: string; type?: string; page: number; pageSize: number }) {
    const where: SQL[] = [eq(coupons.restaurantId, restaurantId), isNull(coupons.deletedAt)];
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(or(ilike(coupons.name, like), ilike(coupons.code, like))!);
    }
    if (filter.type) where.push(eq(coupons.type, filter.type));
    const [total] = await this.db
      .select({ n: count() })
      .from(coupons)
      .where(and(...where));
    const rows = await this.db
      .select({ coupon: coupons, premium: this.premiumCount(restaurantId) })
      .from(coupons)
      .where(and(...where))
      .orderBy(desc(coupons.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows, total: total?.n ?? 0 };
  }

  async get(restaurantId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const query = this.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.restaurantId, restaurantId), eq(coupons.id, id), isNull(coupons.deletedAt)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async premiumCodeCount(restaurantId: number, couponId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(couponCodes)
      .where(
        and(
          eq(couponCodes.restaurantId, restaurantId),
          eq(couponCodes.couponId, couponId),
          isNotNull(couponCodes.batchId),
        ),
      );
    return row?.n ?? 0;
  }

  async activeCoupons(restaurantId: number, limit: number): Promise<TCouponRow[]> {
    return this.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.restaurantId, restaurantId), isNull(coupons.deletedAt), eq(coupons.active, true)))
      .orderBy(asc(coupons.id))
      .limit(limit);
  }

  async insert(values: TCouponInsert): Promise<TCouponRow> {
    const [row] = await this.db.insert(coupons).values(values).returning();
    if (!row) throw new Error('coupon insert returned nothing');
    await this.db.insert(couponCodes).values({ restaurantId: values.restaurantId, couponId: row.id, code: row.code });
    return row;
  }

  async update(restaurantId: number, id: number, values: Partial<TCouponInsert>): Promise<TCouponRow | null> {
    const [row] = await this.db
      .update(coupons)
      .set(values)
      .where(and(eq(coupons.restaurantId, restaurantId), eq(coupons.id, id), isNull(coupons.deletedAt)))
      .returning();
    if (row && values.code !== undefined)
      await this.db
        .update(couponCodes)
        .set({ code: values.code })
        .where(
          and(
            eq(couponCodes.restaurantId, restaurantId),
            eq(couponCodes.couponId, id),
            isNull(couponCodes.batchId),
            isNull(couponCodes.pointsEntryId),
          ),
        );
    return row ?? null;
  }

  /** Soft delete: redemptions keep their coupon for the reports; its codes stop working and are freed. */
  async softDelete(restaurantId: number, id: number, at: Date): Promise<boolean> {
    const [row] = await this.db
      .update(coupons)
      .set({ deletedAt: at, active: false })
      .where(and(eq(coupons.restaurantId, restaurantId), eq(coupons.id, id), isNull(coupons.deletedAt)))
      .returning({ id: coupons.id });
    return Boolean(row);
  }

  // --- codes --------------------------------------------------------------------------------------

  async findCode(restaurantId: number, code: string) {
    const [row] = await this.db
      .select({ code: couponCodes, coupon: coupons })
      .from(couponCodes)
      .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
      .where(and(eq(couponCodes.restaurantId, restaurantId), eq(couponCodes.code, code), isNull(coupons.deletedAt)));
    return row ?? null;
  }

  async findCodes(restaurantId: number, codes: string[]) {
    if (codes.length === 0) return [];
    return this.db
      .select({ code: couponCodes, coupon: coupons })
      .from(couponCodes)
      .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
      .where(
        and(eq(couponCodes.restaurantId, restaurantId), inArray(couponCodes.code, codes), isNull(coupons.deletedAt)),
      );
  }

  /** The limit under concurrency: one conditional update, so two racing redemptions cannot both take the last use. */
  async takeCouponUse(restaurantId: number, couponId: number): Promise<boolean> {
    const rows = await this.db
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(
        and(
          eq(coupons.restaurantId, restaurantId),
          eq(coupons.id, couponId),
          sql`(${coupons.totalNum} is null or ${coupons.usedCount} < ${coupons.totalNum})`,
        ),
      )
      .returning({ id: coupons.id });
    return rows.length === 1;
  }

  async takeCodeUse(restaurantId: number, codeId: number): Promise<boolean> {
    const rows = await this.db
      .update(couponCodes)
      .set({ usedCount: sql`${couponCodes.usedCount} + 1` })
      .where(
        and(
          eq(couponCodes.restaurantId, restaurantId),
          eq(couponCodes.id, codeId),
          sql`(not ${couponCodes.singleUse} or ${couponCodes.usedCount} < 1)`,
        ),
      )
      .returning({ id: couponCodes.id });
    return rows.length === 1;
  }

  async giveBackUse(restaurantId: number, couponId: number, codeId: number): Promise<void> {
    await this.db
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(and(eq(coupons.restaurantId, restaurantId), eq(coupons.id, couponId)));
    await this.db
      .update(couponCodes)
      .set({ usedCount: sql`greatest(${couponCodes.usedCount} - 1, 0)` })
      .where(and(eq(couponCodes.restaurantId, restaurantId), eq(couponCodes.id, codeId)));
  }

  async customerUses(restaurantId: number, couponId: number, customerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.restaurantId, restaurantId),
          eq(couponRedemptions.couponId, couponId),
          eq(couponRedemptions.customerId, customerId),
          ne(couponRedemptions.status, 'released'),
        ),
      );
    return row?.n ?? 0;
  }

  async liveRedemptionsOfOrder(restaurantId: number, orderRef: string) {
    return this.db
      .select({ redemption: couponRedemptions, stackable: coupons.stackable })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(
        and(
          eq(couponRedemptions.restaurantId, restaurantId),
          eq(couponRedemptions.orderRef, orderRef),
          ne(couponRedemptions.status, 'released'),
        ),
      );
  }

  async insertRedemption(values: typeof couponRedemptions.$inferInsert): Promise<TRedemptionRow> {
    const [row] = await this.db.insert(couponRedemptions).values(values).returning();
    if (!row) throw new Error('redemption insert returned nothing');
    return row;
  }

  async redemption(restaurantId: number, id: number, options: { forUpdate?: boolean } = {}) {
    const query = this.db
      .select({ redemption: couponRedemptions, couponName: coupons.name })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(and(eq(couponRedemptions.restaurantId, restaurantId), eq(couponRedemptions.id, id)));
    const [row] = options.forUpdate ? await query.for('update', { of: couponRedemptions }) : await query;
    return row ?? null;
  }

  async setRedemptionStatus(id: number, status: 'consumed' | 'released', at: Date): Promise<TRedemptionRow | null> {
    const [row] = await this.db
      .update(couponRedemptions)
      .set(status === 'released' ? { status, releasedAt: at } : { status })
      .where(eq(couponRedemptions.id, id))
      .returning();
    return row ?? null;
  }

  /** Reservations of the restaurant made before `before` and still held (the expiry job's work). */
  async staleReservations(restaurantId: number, before: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.restaurantId, restaurantId),
          eq(couponRedemptions.status, 'reserved'),
          sql`${couponRedemptions.createdAt} <= ${before.toISOString()}`,
        ),
      )
      .orderBy(asc(couponRedemptions.id))
      .limit(1000);
    return rows.map((r) => r.id);
  }

  /** When the restaurant's oldest held reservation was made, or null when none is held. */
  async oldestReservation(restaurantId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<string | Date | null>`min(${couponRedemptions.createdAt})` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.restaurantId, restaurantId), eq(couponRedemptions.status, 'reserved')));
    return row?.at ? new Date(row.at) : null;
  }

  async redemptionsOfCode(restaurantId: number, codeId: number) {
    return this.db
      .select({ redemption: couponRedemptions, couponName: coupons.name })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(and(eq(couponRedemptions.restaurantId, restaurantId), eq(couponRedemptions.codeId, codeId)))
      .orderBy(desc(couponRedemptions.id))
      .limit(100);
  }

  async performance(restaurantId: number, from: Date, to: Date) {
    return this.db
      .select({
        couponId: coupons.id,
        name: coupons.name,
        uses: sql<number>`count(${couponRedemptions.id})::int`,
        discountCents: sql<number>`coalesce(sum(${couponRedemptions.discountCents}), 0)::bigint`,
        salesCents: sql<number>`coalesce(sum(${couponRedemptions.subtotalCents}), 0)::bigint`,
      })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(
        and(
          eq(couponRedemptions.restaurantId, restaurantId),
          ne(couponRedemptions.status, 'released'),
          sql`${couponRedemptions.createdAt} >= ${from.toISOString()}`,
          sql`${couponRedemptions.createdAt} < ${to.toISOString()}`,
        ),
      )
      .groupBy(coupons.id, coupons.name)
      .orderBy(desc(sql`count(${couponRedemptions.id})`));
  }

  // --- stacking policy ------------------------------------------------------------------------------

  async settings(restaurantId: number): Promise<TStackingPolicy | null> {
    const [row] = await this.db.select().from(couponSettings).where(eq(couponSettings.restaurantId, restaurantId));
    return row ? { combine: row.combine, pick: row.pick === 'first' ? 'first' : 'best' } : null;
  }

  async saveSettings(restaurantId: number, policy: TStackingPolicy, at: Date): Promise<void> {
    await this.db
      .insert(couponSettings)
      .values({ restaurantId, ...policy, updatedAt: at })
      .onConflictDoUpdate({ target: couponSettings.restaurantId, set: { ...policy, updatedAt: at } });
  }

  // --- premium code batches -------------------------------------------------------------------------

  async insertBatch(values: typeof couponCodeBatches.$inferInsert): Promise<TBatchRow> {
    const [row] = await this.db.insert(couponCodeBatches).values(values).returning();
    if (!row) throw new Error('batch insert returned nothing');
    return row;
  }

  async batch(restaurantId: number | null, id: number) {
    const [row] = await this.db
      .select({ batch: couponCodeBatches, couponName: coupons.name })
      .from(couponCodeBatches)
      .innerJoin(coupons, eq(coupons.id, couponCodeBatches.couponId))
      .where(
        restaurantId === null
          ? eq(couponCodeBatches.id, id)
          : and(eq(couponCodeBatches.restaurantId, restaurantId), eq(couponCodeBatches.id, id)),
      );
    return row ?? null;
  }

  async batches(restaurantId: number, couponId?: number) {
    const where = [eq(couponCodeBatches.restaurantId, restaurantId)];
    if (couponId) where.push(eq(couponCodeBatches.couponId, couponId));
    return this.db
      .select({ batch: couponCodeBatches, couponName: coupons.name })
      .from(couponCodeBatches)
      .innerJoin(coupons, eq(coupons.id, couponCodeBatches.couponId))
      .where(and(...where))
      .orderBy(desc(couponCodeBatches.id))
      .limit(50);
  }

  async runningBatchOf(restaurantId: number, couponId: number): Promise<TBatchRow | null> {
    const [row] = await this.db
      .select()
      .from(couponCodeBatches)
      .where(
        and(
          eq(couponCodeBatches.restaurantId, restaurantId),
          eq(couponCodeBatches.couponId, couponId),
          inArray(couponCodeBatches.status, ['queued', 'running']),
        ),
      );
    return row ?? null;
  }

  /** Moves a batch on only from the states given, so a cancel and the worker cannot both win. */
  async setBatchStatus(
    id: number,
    status: TBatchRow['status'],
    from: string[],
    finishedAt: Date | null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(couponCodeBatches)
      .set({ status, ...(finishedAt ? { finishedAt } : {}) })
      .where(and(eq(couponCodeBatches.id, id), inArray(couponCodeBatches.status, from)))
      .returning({ id: couponCodeBatches.id });
    return rows.length === 1;
  }

  /**
   * Inserts candidate codes; the unique index drops any already taken anywhere in the restaurant (the
   * coupon's own codes, other batches, this one), so uniqueness costs one index probe per code.
   * Answers how many were new.
   */
  async insertCodes(restaurantId: number, couponId: number, batchId: number, codes: string[]): Promise<number> {
    if (codes.length === 0) return 0;
    const rows = await this.db
      .insert(couponCodes)
      .values(codes.map((code) => ({ restaurantId, couponId, batchId, code, singleUse: true })))
      .onConflictDoNothing()
      .returning({ id: couponCodes.id });
    return rows.length;
  }

  async countBatchCodes(restaurantId: number, batchId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(couponCodes)
      .where(and(eq(couponCodes.restaurantId, restaurantId), eq(couponCodes.batchId, batchId)));
    return row?.n ?? 0;
  }

  async setBatchGenerated(id: number, generated: number): Promise<void> {
    await this.db.update(couponCodeBatches).set({ generated }).where(eq(couponCodeBatches.id, id));
  }

  async batchCodes(restaurantId: number, batchId: number): Promise<{ code: string; usedCount: number }[]> {
    return this.db
      .select({ code: couponCodes.code, usedCount: couponCodes.usedCount })
      .from(couponCodes)
      .where(and(eq(couponCodes.restaurantId, restaurantId), eq(couponCodes.batchId, batchId)))
      .orderBy(asc(couponCodes.id));
  }
}
