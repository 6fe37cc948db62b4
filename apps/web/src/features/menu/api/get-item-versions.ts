import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TItemVersionsResponse } from '@ra/shared/menu/menu.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET an item's version history: who changed what and when, newest first. */
export function getItemVersions(id: number, opts?: TRequestOptions): Promise<TItemVersionsResponse> {
  return get<TItemVersionsResponse>(MENU_API.itemVersions(id), { silent: true, ...opts });
}

export const itemVersionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: menuKeys.versions(id), queryFn: ({ signal }) => getItemVersions(id, { signal }) });

export function useItemVersions(id: number, enabled: boolean) {
  return useQuery({ ...itemVersionsQueryOptions(id), enabled });
}
