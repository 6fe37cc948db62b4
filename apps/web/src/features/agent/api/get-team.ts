import { useQuery } from '@tanstack/react-query';
import type { TTeamMember } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the team members of the agent's node. */
export function getTeam(opts?: TRequestOptions) {
  return get<{ items: TTeamMember[] }>('/api/agent/team', { silent: true, ...opts });
}

export function useTeam() {
  return useQuery({ queryKey: agentKeys.team(), queryFn: ({ signal }) => getTeam({ signal }) });
}
