import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInboxResponse } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET the restaurant's notifications from its agent, with the unread count (the top bar's bell). */
export function getInbox(opts?: TRequestOptions): Promise<TInboxResponse> {
  return get<TInboxResponse>('/api/notifications/inbox', { silent: true, ...opts });
}

/** The bell's query; the signed-in frame's route loader starts it too (app/layout/prefetch-frame.ts). */
export const inboxQueryOptions = () =>
  queryOptions({ queryKey: agentKeys.inbox(), queryFn: ({ signal }) => getInbox({ signal }) });

/** Polled once a minute so a new notification shows without a reload. */
export function useInbox(enabled: boolean) {
  return useQuery({ ...inboxQueryOptions(), enabled, refetchInterval: 60_000 });
}
