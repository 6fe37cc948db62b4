import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgentDashboard } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the portfolio dashboard: live, new this month, quiet restaurants, earnings this month. */
export function getAgentDashboard(opts?: TRequestOptions): Promise<TAgentDashboard> {
  return get<TAgentDashboard>('/api/agent/dashboard', { silent: true, ...opts });
}

export function useAgentDashboard() {
  return useQuery(
    queryOptions({ queryKey: agentKeys.dashboard(), queryFn: ({ signal }) => getAgentDashboard({ signal }) }),
  );
}
