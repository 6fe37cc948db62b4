import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/**
 * The restaurant-info call itself, without TanStack Query (issue 21): the guard (app/guard-loader.ts)
 * and sign-in (features/auth/sign-in.ts) import it with the entry, so a page load's getrest leaves as
 * soon as the entry has run. From get-rest.ts, whose query options need TanStack Query, it waited for
 * that chunk, downloading beside the signed-in chunk, before the request could leave.
 */

/** The server's answer to getrest when an agent has not picked a restaurant yet. */
export const NO_RESTAURANT_SELECTED_CODE = 40901;

/** SPEC 7: GET /api/getrest -> restaurant info with roles, permissions and config (SPEC 1, 3). */
export function getRest(opts?: TRequestOptions): Promise<TRestInfoResponse> {
  return get<TRestInfoResponse>('/api/getrest', opts);
}
