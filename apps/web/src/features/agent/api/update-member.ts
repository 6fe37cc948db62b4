import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateMemberRequest } from '@ra/shared/agent/agent.schemas';
import { put } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TOkResponse } from '@ra/shared/auth/auth.schemas';

/** PUT a member's team role, assigned restaurants or status (inactive ends their sessions). */
export function updateMember(input: { xid: string } & TUpdateMemberRequest): Promise<TOkResponse> {
  const { xid, ...body } = input;
  return put<TOkResponse>(`/api/agent/team/${xid}`, body, { silent: true });
}

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
