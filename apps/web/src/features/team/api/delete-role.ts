import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** POST /api/deleterestperm; 409 while employees still hold the role (the message says how many). */
export function deleteRole(id: number): Promise<{ ok: true }> {
  return post<{ ok: true }>('/api/deleterestperm', { id }, { silent: true });
}

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.roles() }),
  });
}
