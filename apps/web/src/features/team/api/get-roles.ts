import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoleListResponse } from '@ra/shared/team/team.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** SPEC 7: GET /api/getrestperm -> the restaurant's roles with flags and member counts. */
export function getRoles(opts?: TRequestOptions): Promise<TRoleListResponse> {
  return get<TRoleListResponse>('/api/getrestperm', opts);
}

// the page shows its own error state; no toast on top of it
export const rolesQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.roles(), queryFn: ({ signal }) => getRoles({ signal, silent: true }) });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
