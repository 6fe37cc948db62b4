import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { workHoursKeys } from './query-keys.ts';

/** SPEC 7 POST /api/restaurant/user/delete: the shift's clock-in and clock-out entries (both its id). */
export function deleteShift(input: { id: number; open: boolean; reason: string; signatureUrl: string | null }) {
  return post<{ ok: true }>(
    '/api/restaurant/user/delete',
    { inId: input.id, outId: input.open ? null : input.id, reason: input.reason, signatureUrl: input.signatureUrl },
    { silent: true },
  );
}

export function useDeleteShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteShift,
    onSuccess: () => client.invalidateQueries({ queryKey: workHoursKeys.all }),
  });
}
