import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TLibraryResponse } from '@ra/shared/menu/menu.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { libraryQuery, type TLibraryFilter } from '../library-filter.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the item library: searched (name, foreign name, item_id, pinyin), filtered, sorted and paged on the server. */
export function getLibrary(filter: TLibraryFilter, opts?: TRequestOptions): Promise<TLibraryResponse> {
  return get<TLibraryResponse>(MENU_API.items, { silent: true, ...opts, query: libraryQuery(filter) });
}

export const libraryQueryOptions = (filter: TLibraryFilter) =>
  queryOptions({
    queryKey: menuKeys.library(libraryQuery(filter)),
    queryFn: ({ signal }) => getLibrary(filter, { signal }),
  });

export function useLibrary(filter: TLibraryFilter) {
  // the table keeps the last page while the next one loads, instead of flashing empty
  return useQuery({ ...libraryQueryOptions(filter), placeholderData: keepPreviousData });
}
