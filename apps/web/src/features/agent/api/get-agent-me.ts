import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAgentMe } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET who is calling the agent area (name, node, team role, referral code). */
export function getAgentMe(opts?: TRequestOptions): Promise<TAgentMe> {
  return get<TAgentMe>('/api/agent/me', { silent: true, ...opts });
}

export const agentMeQueryOptions = () =>
  queryOptions({ queryKey: agentKeys.me(), queryFn: ({ signal }) => getAgentMe({ signal }) });

export function useAgentMe() {
  return useQuery(agentMeQueryOptions());
}
