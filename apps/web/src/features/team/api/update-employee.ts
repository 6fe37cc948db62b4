import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TEmployee, ZEmployeeUpdateRequest } from '@ra/shared/team/team.schemas';

/** What the form sends: the schema's input (blank PIN and password already left out). */
export type TEmployeeUpdateInput = z.input<typeof ZEmployeeUpdateRequest>;
import { put } from '../../../lib/request.ts';
import { teamKeys } from './query-keys.ts';

/** SPEC 7: PUT /api/user/{id}; only the fields given change. Also deactivates and reactivates (SPEC 4). */
export function updateEmployee({ id, ...changes }: TEmployeeUpdateInput & { id: number }): Promise<TEmployee> {
  return put<TEmployee>(`/api/user/${id}`, changes, { silent: true });
}

export function useUpdateEmployee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: (employee) => {
      client.setQueryData(teamKeys.employee(employee.id), employee);
      return client.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
