import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowsOf } from './sql-util.ts';

/**
 * Orders are partitioned by month of business_day (migration 0033, docs/decisions.md "Orders by
 * month"). An order of a month without its partition lands in the DEFAULT partition and is as
 * correct there, only not pruned by month. This creates the partitions of the months the DEFAULT
 * partition holds (moving their rows) and of this month and the `monthsAhead` next ones, so new
 * orders land in their month's partition. Idempotent; run at start-up and daily (server.ts) and after
 * the demo orders are written. "Today" is the app clock's UTC date: a partition begins on the 1st,
 * and a month created a day early or late changes nothing but where the rows sit.
 */
export async function addOrderMonthPartitions(db: Database, now: Date, monthsAhead = 3): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const [row] = await rowsOf(db, sql`select orders_add_month_partitions(${today}::date, ${monthsAhead}::int) as n`);
  return Number(row?.n ?? 0);
}

/** Daily from start-up, not keeping the process alive; returns the stop function. */
export function scheduleOrderMonthPartitions(
  db: Database,
  now: () => Date,
  onError: (error: unknown) => void,
  everyMs = 24 * 60 * 60 * 1000,
): () => void {
  const timer = setInterval(() => {
    addOrderMonthPartitions(db, now()).catch(onError);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
