import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TScheduledChange, TScheduledListResponse, TScheduleRequest } from '@ra/shared/menu/menu.schemas';
import { del, get, post, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the scheduled price / availability changes of an item (pending first). */
export function getScheduledChanges(itemId: number, opts?: TRequestOptions): Promise<TScheduledListResponse> {
  return get<TScheduledListResponse>(MENU_API.scheduled, { silent: true, ...opts, query: { itemId } });
}

export const scheduledQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: menuKeys.scheduled(itemId),
    queryFn: ({ signal }) => getScheduledChanges(itemId, { signal }),
  });

export function useScheduledChanges(itemId: number | null) {
  return useQuery({ ...scheduledQueryOptions(itemId ?? 0), enabled: itemId !== null });
}

/** POST a change that takes effect at a future time (a job on the server's queue; survives restarts). */
export function scheduleChange(body: TScheduleRequest): Promise<TScheduledChange> {
  return post<TScheduledChange>(MENU_API.scheduled, body, { silent: true });
}

export function cancelScheduledChange(id: number): Promise<unknown> {
  return del(MENU_API.scheduledOne(id));
}

export function useScheduleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: scheduleChange,
    onSuccess: () => client.invalidateQueries({ queryKey: ['menu', 'scheduled'] }),
  });
}

export function useCancelScheduledChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledChange,
    onSuccess: () => client.invalidateQueries({ queryKey: ['menu', 'scheduled'] }),
  });
}
