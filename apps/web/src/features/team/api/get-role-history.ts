import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@ra/shared/team/team.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** GET /api/role/{id}/history: who changed the role, when and from where, newest first. */
export function getRoleHistory(id: number, opts?: TRequestOptions): Promise<{ items: TAuditEntry[] }> {
  return get<{ items: TAuditEntry[] }>(`/api/role/${id}/history`, { ...opts, query: { limit: 100 } });
}

export const roleHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: teamKeys.roleHistory(id),
    queryFn: ({ signal }) => getRoleHistory(id, { signal, silent: true }),
    staleTime: 0,
  });

export function useRoleHistory(id: number | null) {
  return useQuery({ ...roleHistoryQueryOptions(id ?? 0), enabled: id !== null });
}
