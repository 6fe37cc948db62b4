import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * Small helpers for the order and report repositories, which use hand-written SQL for set-based
 * inserts and aggregates. Both drivers return int8 and numeric as strings (node-postgres) or numbers
 * (PGlite) and dates as 'YYYY-MM-DD' strings; `num` evens that out.
 */

export type TRow = Record<string, unknown>;

export async function rowsOf<T extends TRow = TRow>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A sum or count from either driver as a JS number (sums of cents stay far below 2^53). */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

export function str(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function strOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/** A whole array as one bind parameter (drizzle would otherwise expand it into a list). */
export function arrayParam(values: readonly unknown[], type: string): SQL {
  return sql`${sql.param(values)}::${sql.raw(type)}[]`;
}

export interface TColumn<TRowT> {
  name: string;
  type: string;
  value: (row: TRowT) => unknown;
}

/**
 * `insert into <table> (cols) select * from unnest($1::t1[], $2::t2[], ...)`: one bind parameter per
 * column whatever the row count, which is what makes batch ingestion fast on both drivers (a
 * multi-row VALUES list would need a parameter per cell and hit the 65,535 limit).
 */
export function unnestInsert<TRowT>(table: string, columns: readonly TColumn<TRowT>[], rows: readonly TRowT[]): SQL {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  const arrays = sql.join(
    columns.map((c) => arrayParam(rows.map(c.value), c.type)),
    sql`, `,
  );
  return sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${arrays})`;
}
