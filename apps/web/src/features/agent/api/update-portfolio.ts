import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPortfolioStatus } from '@ra/shared/agent/agent.schemas';
import type { TPlan } from '@ra/shared/agent/commission';
import { put } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';
import type { TOkResponse } from '@ra/shared/auth/auth.schemas';

export interface TPortfolioUpdateInput {
  xid: string;
  status?: TPortfolioStatus;
  plan?: TPlan;
}

/** PUT a restaurant's status and plan in the portfolio (team admin). */
export function updatePortfolio({ xid, ...body }: TPortfolioUpdateInput): Promise<TOkResponse> {
  return put<TOkResponse>(`/api/agent/portfolio/${xid}`, body, { silent: true });
}

export function useUpdatePortfolio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePortfolio,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
