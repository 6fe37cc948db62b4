import { useQuery } from '@tanstack/react-query';
import type { TPaycheck } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the paycheck list: period, start, end, paid on, net pay. */
export function getPaychecks(opts?: TRequestOptions) {
  return get<{ items: TPaycheck[]; minimumPayoutCents: number }>('/api/agent/paychecks', { silent: true, ...opts });
}

export function usePaychecks(enabled: boolean) {
  return useQuery({ queryKey: agentKeys.paychecks(), queryFn: ({ signal }) => getPaychecks({ signal }), enabled });
}
