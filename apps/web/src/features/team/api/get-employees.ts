import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TEmployeeListQuery, TEmployeeListResponse } from '@ra/shared/team/team.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

export type TEmployeeFilters = Partial<TEmployeeListQuery>;

/** SPEC 7: GET /api/user?q&roleId&status&page&pageSize, paginated on the server (ARCHITECTURE "Web"). */
export function getEmployees(query: TEmployeeFilters, opts?: TRequestOptions): Promise<TEmployeeListResponse> {
  return get<TEmployeeListResponse>('/api/user', { ...opts, query: { ...query, q: query.q || undefined } });
}

export const employeesQueryOptions = (query: TEmployeeFilters) =>
  queryOptions({
    queryKey: teamKeys.employeeList(query),
    queryFn: ({ signal }) => getEmployees(query, { signal, silent: true }),
  });

export function useEmployees(query: TEmployeeFilters) {
  // the table keeps showing the last page while the next one loads, instead of flashing empty
  return useQuery({ ...employeesQueryOptions(query), placeholderData: keepPreviousData });
}
