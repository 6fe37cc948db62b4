import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteMemberRequest } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** POST an invitation by email (the link works for 7 days). */
export function inviteMember(body: TInviteMemberRequest): Promise<{ ok: true; xid: string }> {
  return post<{ ok: true; xid: string }>('/api/agent/team/invite', body, { silent: true });
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.team() }),
  });
}
