import { useQuery } from '@tanstack/react-query';
import type { TCommissionRule } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the commission rules of the caller's node (team admin). */
export function getCommissionRules(opts?: TRequestOptions): Promise<{ items: TCommissionRule[] }> {
  return get<{ items: TCommissionRule[] }>('/api/agent/commission-rules', { silent: true, ...opts });
}

export function useCommissionRules(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.commissionRules(),
    queryFn: ({ signal }) => getCommissionRules({ signal }),
    enabled,
  });
}
