import { MAX_INT4 } from '@ra/shared/validation/limits';

/**
 * Typed values read back from a page's URL (URLSearchParams.get), so a refresh or a shared link shows
 * the same thing. Every reader answers a safe fallback for a missing or bad value, never throws.
 */

/** The largest PostgreSQL `integer` (ids, counts the server stores in one). */
export const MAX_INT32 = MAX_INT4;

/** `raw` when it is one of `values` (a tab, a sort, a filter choice), else undefined. */
export function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/** A whole number from 0 to `max` (cents, counts, days), else undefined; a blank value is undefined. */
export function wholeNumber(raw: string | null, max: number = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 && n <= max ? n : undefined;
}

/** An id written as plain digits, from 1 to MAX_INT32, else undefined. */
export function positiveId(raw: string | null): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && n <= MAX_INT32 ? n : undefined;
}

/** A page number from 1 to `max`, else page 1. */
export function pageOf(raw: string | null, max: number = Infinity): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}

/** One of the list's page sizes, else `fallback`. */
export function pageSizeOf(raw: string | null, sizes: readonly number[], fallback: number): number {
  const size = Number(raw);
  return sizes.includes(size) ? size : fallback;
}
