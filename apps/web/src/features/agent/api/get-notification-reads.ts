import { useQuery } from '@tanstack/react-query';
import type { TNotificationReads } from '@ra/shared/agent/agent.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { agentKeys } from './query-keys.ts';

/** GET who read a notification and when. */
export function getNotificationReads(id: number, opts?: TRequestOptions): Promise<TNotificationReads> {
  return get<TNotificationReads>(`/api/agent/notifications/${id}`, { silent: true, ...opts });
}

export function useNotificationReads(id: number | null) {
  return useQuery({
    queryKey: agentKeys.notificationReads(id ?? 0),
    queryFn: ({ signal }) => getNotificationReads(id!, { signal }),
    enabled: id !== null,
  });
}
