import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMappingRequest, TMappingResponse, TMenuChannel } from '@ra/shared/menu/menu.schemas';
import { get, put, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET one channel's layout: which categories and items it shows, in what order, and its prefix rules. */
export function getMapping(channel: TMenuChannel, opts?: TRequestOptions): Promise<TMappingResponse> {
  return get<TMappingResponse>(MENU_API.mapping, { silent: true, ...opts, query: { channel } });
}

export const mappingQueryOptions = (channel: TMenuChannel) =>
  queryOptions({ queryKey: menuKeys.mapping(channel), queryFn: ({ signal }) => getMapping(channel, { signal }) });

export function useMapping(channel: TMenuChannel) {
  return useQuery(mappingQueryOptions(channel));
}

/** PUT the whole layout of one channel. */
export function saveMapping(body: TMappingRequest): Promise<TMappingResponse> {
  return put<TMappingResponse>(MENU_API.mapping, body, { silent: true });
}

export function useSaveMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMapping,
    onSuccess: (saved) => {
      client.setQueryData(menuKeys.mapping(saved.channel), saved);
      return client.invalidateQueries({ queryKey: menuKeys.items() });
    },
  });
}
