import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRestConfigValue, TUpdateRestConfigRequest } from '@ra/shared/auth/auth.schemas';
import { post } from '../../../lib/request.ts';

export function updateRestConfig(input: TUpdateRestConfigRequest): Promise<TRestConfigValue> {
  return post<TRestConfigValue>('/api/updateRestConfig', input);
}

export function useUpdateRestConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRestConfig,
    onSuccess: (_data, input) => client.invalidateQueries({ queryKey: ['auth', 'restConfig', input.name] }),
  });
}
