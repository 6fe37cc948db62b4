import { useQuery } from '@tanstack/react-query';
import type { TInboxResponse } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the restaurant's notifications from its agent, with the unread count (the top bar's bell). */
export function getInbox(opts?: TRequestOptions): Promise<TInboxResponse> {
  return get<TInboxResponse>('/api/notifications/inbox', { silent: true, ...opts });
}

/** Polled once a minute so a new notification shows without a reload. */
export function useInbox(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.inbox(),
    queryFn: ({ signal }) => getInbox({ signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
