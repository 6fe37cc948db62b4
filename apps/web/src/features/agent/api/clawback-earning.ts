import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TCreatedResponse } from '@ra/shared/agent/agent.schemas';

export interface TClawbackInput {
  id: number;
  reason: string;
  /** Positive cents; the whole remaining commission when absent. */
  amountCents?: number;
}

/** POST a reversal: its own negative row with the reason, never an edit of the commission. */
export function clawbackEarning({ id, ...body }: TClawbackInput): Promise<TCreatedResponse> {
  return post<TCreatedResponse>(`/api/agent/earnings/${id}/clawback`, body, { silent: true });
}

export function useClawbackEarning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clawbackEarning,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
