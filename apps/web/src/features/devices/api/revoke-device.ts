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
    // The answer is the revoked device: the drawer shows it at once; the lists are refetched before the
    // mutation settles, so whoever awaits the revoke sees every view agree.
    onSuccess: async (revoked) => {
      client.setQueryData(deviceKeys.detail(revoked.id), revoked);
      await client.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
    // refused (say, revoked meanwhile elsewhere): show what the server has now rather than what we had
    onError: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
