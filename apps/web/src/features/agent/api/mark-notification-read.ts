import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TOkResponse } from '@ra/shared/auth/auth.schemas';

/** POST the restaurant has read a notification (the agent then sees who and when). */
export function markNotificationRead(id: number): Promise<TOkResponse> {
  return post<TOkResponse>(`/api/notifications/${id}/read`, {}, { silent: true });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.inbox() }),
  });
}
