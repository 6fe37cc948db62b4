import { sql } from 'drizzle-orm';
import type { TCustomerFilter } from '@ra/shared/customers/customers.schemas';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { isUniqueViolation, isoOrNull, num, rowsOf, type TRow } from '../../db/sql-util.ts';

/** A saved segment as stored: the parsed filter (amounts in cents). */
export interface TSegmentRow {
  id: number;
  name: string;
  filter: TCustomerFilter;
  createdAt: string;
  updatedAt: string;
}

const toSegment = (r: TRow): TSegmentRow => ({
  id: num(r.id),
  name: String(r.name),
  filter: (typeof r.filter === 'string' ? JSON.parse(r.filter) : r.filter) as TCustomerFilter,
  createdAt: isoOrNull(r.created_at)!,
  updatedAt: isoOrNull(r.updated_at)!,
});

/** The name is taken at this restaurant (any case): the unique index refused the write. */
export class SegmentNameTaken extends Error {}

/** The only place with saved segments' SQL (table customer_segments); every query names the restaurant. */
export class SegmentsRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with this repository and the audit log bound to it. */
  transaction<T>(work: (repo: SegmentsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new SegmentsRepository(tx), new AuditRepository(tx)));
  }

  /** The restaurant's segments by name (at most `limit`). */
  async list(restaurantId: number, limit: number): Promise<TSegmentRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`select * from customer_segments where restaurant_id = ${restaurantId} order by lower(name), id limit ${limit}`,
    );
    return rows.map(toSegment);
  }

  async get(restaurantId: number, id: number): Promise<TSegmentRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select * from customer_segments where restaurant_id = ${restaurantId} and id = ${id}`,
    );
    return row ? toSegment(row) : undefined;
  }

  /**
   * How many segments the restaurant keeps, its row locked first so two creates at once count one
   * after the other (the limit holds).
   */
  async countLocked(restaurantId: number): Promise<number> {
    await this.db.execute(sql`select id from restaurants where id = ${restaurantId} for update`);
    const [row] = await rowsOf(
      this.db,
      sql`select count(*)::int as n from customer_segments where restaurant_id = ${restaurantId}`,
    );
    return num(row?.n);
  }

  /** A new segment; SegmentNameTaken when the name is in use. Runs inside a transaction (savepoint). */
  async insert(restaurantId: number, name: string, filter: TCustomerFilter, userId: number, at: Date) {
    try {
      const [row] = await this.db.transaction((tx) =>
        rowsOf(
          tx,
          sql`insert into customer_segments (restaurant_id, name, filter, created_by_user_id, created_at, updated_at)
            values (${restaurantId}, ${name}, ${JSON.stringify(filter)}::jsonb, ${userId}, ${at.toISOString()}::timestamptz,
              ${at.toISOString()}::timestamptz)
            returning *`,
        ),
      );
      return toSegment(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new SegmentNameTaken();
      throw error;
    }
  }

  /** A new name and/or filter; undefined when the restaurant has no such segment. */
  async update(
    restaurantId: number,
    id: number,
    change: { name?: string; filter?: TCustomerFilter },
    at: Date,
  ): Promise<TSegmentRow | undefined> {
    try {
      const [row] = await this.db.transaction((tx) =>
        rowsOf(
          tx,
          sql`update customer_segments set name = coalesce(${change.name ?? null}, name),
            filter = coalesce(${change.filter ? JSON.stringify(change.filter) : null}::jsonb, filter),
            updated_at = ${at.toISOString()}::timestamptz
            where restaurant_id = ${restaurantId} and id = ${id} returning *`,
        ),
      );
      return row ? toSegment(row) : undefined;
    } catch (error) {
      if (isUniqueViolation(error)) throw new SegmentNameTaken();
      throw error;
    }
  }

  /** Deletes the segment; answers what it was (undefined: none). */
  async delete(restaurantId: number, id: number): Promise<TSegmentRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`delete from customer_segments where restaurant_id = ${restaurantId} and id = ${id} returning *`,
    );
    return row ? toSegment(row) : undefined;
  }
}
