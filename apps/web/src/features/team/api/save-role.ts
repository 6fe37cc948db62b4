import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TRoleUpsertRequest } from '@ra/shared/team/team.schemas';
import { post } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** SPEC 7: POST /api/updaterestperm: creates a role without `id`, replaces it with one. */
export function saveRole(input: TRoleUpsertRequest): Promise<TRole> {
  // the editor shows the failure under the field or above the form
  return post<TRole>('/api/updaterestperm', input, { silent: true });
}

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    // employee rows show role names
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
