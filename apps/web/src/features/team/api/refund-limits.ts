import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRefundLimits } from '@ra/shared/refunds/refunds.schemas';
import { get, put } from '../../../lib/request.ts';

/** Each role's refund limit (issue 23): above it a second person with the permission approves. */
export const refundLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['team', 'refundLimits'],
    queryFn: ({ signal }) => get<TRefundLimits>('/api/refunds/limits', { silent: true, signal }),
  });

export function useRefundLimits() {
  return useQuery(refundLimitsQueryOptions());
}

export function useSaveRefundLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (limits: Array<{ roleId: number; limitCents: number | null }>) =>
      put<TRefundLimits>('/api/refunds/limits', { limits }, { silent: true }),
    onSuccess: (answer) => client.setQueryData(refundLimitsQueryOptions().queryKey, answer),
  });
}
