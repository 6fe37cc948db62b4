import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TEarningsResponse } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the payment report of one pay period (periodStart is the 1st or the 16th). */
export function getEarnings(periodStart: string, opts?: TRequestOptions): Promise<TEarningsResponse> {
  return get<TEarningsResponse>('/api/agent/earnings', { silent: true, ...opts, query: { periodStart } });
}

export function useEarnings(periodStart: string) {
  return useQuery({
    queryKey: agentKeys.earnings(periodStart),
    queryFn: ({ signal }) => getEarnings(periodStart, { signal }),
    placeholderData: keepPreviousData,
  });
}
