import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDevice, TUpdateDeviceRequest } from '@ra/shared/devices/devices.schemas';
import { put } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

/** PUT a device's name, code or Android / iOS settings. */
export function updateDevice({ id, ...body }: TUpdateDeviceRequest & { id: number }): Promise<TDevice> {
  return put<TDevice>(`/api/devices/${id}`, body, { silent: true });
}

export function useUpdateDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: async (saved) => {
      client.setQueryData(deviceKeys.detail(saved.id), saved);
      await client.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
  });
}
