import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { serviceFees } from '../../db/schema/business.ts';

export type TServiceFeeRow = typeof serviceFees.$inferSelect;
export type TServiceFeeColumns = Omit<
  typeof serviceFees.$inferInsert,
  'id' | 'restaurantId' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

/** The only place with service-fee SQL; every query is filtered by the restaurant, deleted fees left out. */
export class ServiceFeesRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with this repository and the audit log bound to it. */
  transaction<T>(work: (repo: ServiceFeesRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ServiceFeesRepository(tx), new AuditRepository(tx)));
  }

  private live(restaurantId: number) {
    return and(eq(serviceFees.restaurantId, restaurantId), isNull(serviceFees.deletedAt));
  }

  private mine(restaurantId: number, id: number) {
    return and(eq(serviceFees.id, id), eq(serviceFees.restaurantId, restaurantId), isNull(serviceFees.deletedAt));
  }

  /** A page of the restaurant's fees by start date. */
  page(restaurantId: number, limit: number, offset: number): Promise<TServiceFeeRow[]> {
    return this.db
      .select()
      .from(serviceFees)
      .where(this.live(restaurantId))
      .orderBy(asc(serviceFees.startDate), asc(serviceFees.id))
      .limit(limit)
      .offset(offset);
  }

  async count(restaurantId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceFees)
      .where(this.live(restaurantId));
    return row?.n ?? 0;
  }

  /** Every active fee of the restaurant (what overlaps are checked against). */
  allActive(restaurantId: number): Promise<TServiceFeeRow[]> {
    return this.db
      .select()
      .from(serviceFees)
      .where(and(this.live(restaurantId), eq(serviceFees.active, true)));
  }

  async insert(restaurantId: number, columns: TServiceFeeColumns, now: Date): Promise<TServiceFeeRow> {
    const [row] = await this.db
      .insert(serviceFees)
      .values({ restaurantId, ...columns, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  }

  /** The restaurant's fee, held until the transaction ends. */
  async lock(restaurantId: number, id: number): Promise<TServiceFeeRow | undefined> {
    const [row] = await this.db.select().from(serviceFees).where(this.mine(restaurantId, id)).for('update');
    return row;
  }

  async update(restaurantId: number, id: number, columns: TServiceFeeColumns, now: Date) {
    const [row] = await this.db
      .update(serviceFees)
      .set({ ...columns, updatedAt: now })
      .where(this.mine(restaurantId, id))
      .returning();
    return row;
  }

  /** Soft delete (past checks still name the fee); undefined when there was no such fee. */
  async softDelete(restaurantId: number, id: number, now: Date): Promise<TServiceFeeRow | undefined> {
    const [row] = await this.db
      .update(serviceFees)
      .set({ deletedAt: now, updatedAt: now })
      .where(this.mine(restaurantId, id))
      .returning();
    return row;
  }
}
