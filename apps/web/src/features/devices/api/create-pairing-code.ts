import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatePairingCodeRequest, TPairingCode } from '@ra/shared/devices/devices.schemas';
import { post } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

/** POST a one-time pairing code (8 characters, 15 minutes); the code is in this answer only. */
export function createPairingCode(body: TCreatePairingCodeRequest): Promise<TPairingCode> {
  return post<TPairingCode>('/api/devices/pairing-codes', body, { silent: true });
}

export function useCreatePairingCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPairingCode,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}
