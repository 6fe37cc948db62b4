import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommissionRuleRequest, TCreatedResponse } from '@ra/shared/agent/agent.schemas';
import { post } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** POST a commission rule for one restaurant or one plan, its rate in basis points. */
export function createCommissionRule(body: TCommissionRuleRequest): Promise<TCreatedResponse> {
  return post<TCreatedResponse>('/api/agent/commission-rules', body, { silent: true });
}

export function useCreateCommissionRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCommissionRule,
    onSuccess: () => client.invalidateQueries({ queryKey: agentKeys.commissionRules() }),
  });
}
