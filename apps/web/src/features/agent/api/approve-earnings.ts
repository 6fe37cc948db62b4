import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TApproveEarningsResponse } from '@ra/shared/agent/agent.schemas';

/** POST: approve a pay period's pending commissions. */
export function approveEarnings(periodStart: string): Promise<TApproveEarningsResponse> {
  return post<TApproveEarningsResponse>('/api/agent/earnings/approve', { periodStart }, { silent: true });
}

export function useApproveEarnings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveEarnings,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
