import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TEmployee, ZEmployeeCreateRequest } from '@ra/shared/team/team.schemas';
import { post } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

export type TEmployeeCreateInput = z.input<typeof ZEmployeeCreateRequest>;

/** SPEC 7: POST /api/user. */
export function createEmployee(input: TEmployeeCreateInput): Promise<TEmployee> {
  return post<TEmployee>('/api/user', input, { silent: true });
}

export function useCreateEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    // member counts on the roles tab change too
    onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
