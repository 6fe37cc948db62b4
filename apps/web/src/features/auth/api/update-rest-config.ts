import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import type { TRestConfigValue } from './get-rest-config.ts';

export function updateRestConfig(input: { name: string; value: string }): Promise<TRestConfigValue> {
  return post<TRestConfigValue>('/api/updateRestConfig', input);
}

export function useUpdateRestConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRestConfig,
    onSuccess: (_data, input) => client.invalidateQueries({ queryKey: ['auth', 'restConfig', input.name] }),
  });
}
