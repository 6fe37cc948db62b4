import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

/** DELETE a pairing code nobody has used yet. */
export function cancelPairingCode(id: number): Promise<null> {
  return del<null>(`/api/devices/pairing-codes/${id}`);
}

export function useCancelPairingCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPairingCode,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}
