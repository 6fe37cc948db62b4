import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TApproveApplicationResponse } from '@ra/shared/agent/agent.schemas';

/** POST approve: a restaurant opens under the tree with its owner invited; a member joins the team. */
export function approveApplication(id: number): Promise<TApproveApplicationResponse> {
  return post<TApproveApplicationResponse>(`/api/agent/applications/${id}/approve`, {}, { silent: true });
}

export function useApproveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
