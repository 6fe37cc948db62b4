import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

export interface TComputeResult {
  ok: true;
  restaurants: number;
  rows: number;
  totalCents: number;
}

/** POST: compute a pay period's commissions as pending (what is still pending is recomputed). */
export function computeEarnings(periodStart: string): Promise<TComputeResult> {
  return post<TComputeResult>('/api/agent/earnings/compute', { periodStart }, { silent: true });
}

export function useComputeEarnings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: computeEarnings,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
