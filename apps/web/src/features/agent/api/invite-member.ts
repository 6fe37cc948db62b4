import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteMemberRequest, TInviteMemberResponse } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** POST an invitation by email (the link works for 7 days). */
export function inviteMember(body: TInviteMemberRequest): Promise<TInviteMemberResponse> {
  return post<TInviteMemberResponse>('/api/agent/team/invite', body, { silent: true });
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.team() }),
  });
}
