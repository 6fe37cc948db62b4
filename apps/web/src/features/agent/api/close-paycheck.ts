import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPaycheck } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** POST: close an ended pay period into a paycheck (minimum payout, the rest carried over). */
export function closePaycheck(periodStart: string): Promise<TPaycheck> {
  return post<TPaycheck>('/api/agent/paychecks/close', { periodStart }, { silent: true });
}

export function useClosePaycheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closePaycheck,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
