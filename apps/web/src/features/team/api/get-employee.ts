import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployee } from '@ra/shared/team/team.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** SPEC 7: GET /api/user/{id}. */
export function getEmployee(id: number, opts?: TRequestOptions): Promise<TEmployee> {
  return get<TEmployee>(`/api/user/${id}`, opts);
}

export const employeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: teamKeys.employee(id),
    queryFn: ({ signal }) => getEmployee(id, { signal, silent: true }),
    // an edit form starts from what the server holds now
    staleTime: 0,
  });

export function useEmployee(id: number | null) {
  return useQuery({ ...employeeQueryOptions(id ?? 0), enabled: id !== null });
}
