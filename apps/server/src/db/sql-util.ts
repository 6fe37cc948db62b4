import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The one set of helpers for repositories that write SQL by hand (set-based inserts, aggregates). Both
 * drivers return int8 and numeric as strings (node-postgres) or numbers (PGlite) and dates as
 * 'YYYY-MM-DD' strings or Date objects; these even that out.
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

/** A timestamp column as an ISO instant whichever driver read it. */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** A 'date' column as 'YYYY-MM-DD' whichever driver read it. */
export function dayOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Rows a write touched (node-postgres says rowCount, PGlite affectedRows). */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Which unique rule a write broke (its constraint name, '' when the driver did not say), from the
 * PostgreSQL error under drizzle's wrapper on either driver; undefined when it was not a unique
 * violation.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      // PGlite names the constraint only in the message
      const named = typeof message === 'string' ? /constraint "([^"]+)"/.exec(message) : null;
      return named?.[1] ?? '';
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a write broke a unique rule: any, or the one named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const broken = uniqueViolation(error);
  return broken !== undefined && (constraint === undefined || broken === constraint);
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
