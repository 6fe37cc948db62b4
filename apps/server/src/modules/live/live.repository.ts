import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { num, rowsOf } from '../../db/sql-util.ts';

/** The per-restaurant version the orders/refunds trigger bumps (migration 0027). */
export class LiveRepository {
  constructor(private readonly db: Database) {}

  /** Current version of each restaurant asked about (0 when nothing was ever written). */
  async versions(restaurantIds: number[]): Promise<Map<number, number>> {
    const result = new Map<number, number>(restaurantIds.map((id) => [id, 0]));
    if (restaurantIds.length === 0) return result;
    const rows = await rowsOf(
      this.db,
      sql`select restaurant_id, version::float8 as version from live_sales_versions
          where restaurant_id = any(${`{${restaurantIds.join(',')}}`}::int[])`,
    );
    for (const r of rows) result.set(num(r.restaurant_id), num(r.version));
    return result;
  }
}
