import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicationMessageResponse, TRejectRequest } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** POST reject with a reason from the fixed list and a note (SPEC 4). */
export function rejectApplication(input: { id: number } & TRejectRequest): Promise<TApplicationMessageResponse> {
  const { id, ...body } = input;
  return post<TApplicationMessageResponse>(`/api/agent/applications/${id}/reject`, body, { silent: true });
}

export function useRejectApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
