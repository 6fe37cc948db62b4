import type { TUsage } from '@ra/shared/menu/menu.schemas';
import { get, isApiError } from '../../../lib/request.ts';

export type TUsageOf = 'items' | 'categories' | 'modifier-groups';

/** GET where an item, category or modifier group is used, asked before deleting it (issue 8). */
export function getUsage(kind: TUsageOf, id: number): Promise<TUsage> {
  return get<TUsage>(`/api/menu/${kind}/${id}/usage`, { silent: true });
}

/** The "used in" list of a 409 answer to a delete without force, or null for any other failure. */
export function usageOf(error: unknown): TUsage['usedIn'] | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const body = error.body as Partial<TUsage> | undefined;
  return Array.isArray(body?.usedIn) ? body.usedIn : [];
}
