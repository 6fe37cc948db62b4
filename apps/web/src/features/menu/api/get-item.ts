import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TItem } from '@ra/shared/menu/menu.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET one item with every SPEC 3 field (the item form). */
export function getItem(id: number, opts?: TRequestOptions): Promise<TItem> {
  return get<TItem>(MENU_API.item(id), { silent: true, ...opts });
}

export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: menuKeys.item(id), queryFn: ({ signal }) => getItem(id, { signal }) });

export function useItem(id: number | null) {
  return useQuery({ ...itemQueryOptions(id ?? 0), enabled: id !== null });
}
