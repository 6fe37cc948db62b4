import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDevice } from '@ra/shared/devices/devices.schemas';
import { post } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

/** POST revoke: the device's credential ends at once. */
export function revokeDevice(id: number): Promise<TDevice> {
  return post<TDevice>(`/api/devices/${id}/revoke`);
}

export function useRevokeDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}
