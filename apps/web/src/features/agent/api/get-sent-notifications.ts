import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSentNotification } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

export interface TSentNotificationsPage {
  items: TSentNotification[];
  total: number;
}

/** GET notifications sent, with how many restaurants read each. */
export function getSentNotifications(q: { page: number; pageSize: number }, opts?: TRequestOptions) {
  return get<TSentNotificationsPage>('/api/agent/notifications', { silent: true, ...opts, query: { ...q } });
}

export function useSentNotifications(q: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: agentKeys.notifications(q),
    queryFn: ({ signal }) => getSentNotifications(q, { signal }),
    placeholderData: keepPreviousData,
  });
}
