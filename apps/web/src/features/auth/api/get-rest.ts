import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** The server's answer to getrest when an agent has not picked a restaurant yet. */
export const NO_RESTAURANT_SELECTED_CODE = 40901;

/** SPEC 7: GET /api/getrest -> restaurant info with roles, permissions and config (SPEC 1, 3). */
export function getRest(opts?: TRequestOptions): Promise<TRestInfoResponse> {
  return get<TRestInfoResponse>('/api/getrest', opts);
}

export const restInfoQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'restInfo'], queryFn: ({ signal }) => getRest({ signal }) });

export function useRestInfo() {
  return useQuery(restInfoQueryOptions());
}
