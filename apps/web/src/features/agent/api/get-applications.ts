import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TApplicationsResponse, TApplicationKind, TApplicationStatus } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

export interface TApplicationsFilter {
  kind?: TApplicationKind | undefined;
  status?: TApplicationStatus | undefined;
  page: number;
  pageSize: number;
}

/** GET member and restaurant applications, filtered by kind and state. */
export function getApplications(filter: TApplicationsFilter, opts?: TRequestOptions): Promise<TApplicationsResponse> {
  return get<TApplicationsResponse>('/api/agent/applications', { silent: true, ...opts, query: { ...filter } });
}

export function useApplications(filter: TApplicationsFilter) {
  return useQuery({
    queryKey: agentKeys.applications(filter),
    queryFn: ({ signal }) => getApplications(filter, { signal }),
    placeholderData: keepPreviousData,
  });
}
