import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TComputeEarningsResponse } from '@ra/shared/agent/agent.schemas';

/** POST: compute a pay period's commissions as pending (what is still pending is recomputed). */
export function computeEarnings(periodStart: string): Promise<TComputeEarningsResponse> {
  return post<TComputeEarningsResponse>('/api/agent/earnings/compute', { periodStart }, { silent: true });
}

export function useComputeEarnings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: computeEarnings,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
