import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

export interface TApproveResult {
  ok: true;
  message: string;
  created: string;
  emailSent: boolean;
}

/** POST approve: a restaurant opens under the tree with its owner invited; a member joins the team. */
export function approveApplication(id: number): Promise<TApproveResult> {
  return post<TApproveResult>(`/api/agent/applications/${id}/approve`, {}, { silent: true });
}

export function useApproveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
