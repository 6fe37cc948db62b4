import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** SPEC 7: DELETE /api/user/{id}; a soft delete: their sessions end, their history stays. */
export function deleteEmployee(id: number): Promise<{ ok: true }> {
  return del<{ ok: true }>(`/api/user/${id}`, { silent: true });
}

export function useDeleteEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
