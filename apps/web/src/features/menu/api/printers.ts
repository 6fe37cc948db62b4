import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMenuPrintersResponse } from '@ra/shared/menu/menu.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { MENU_API } from './endpoints.ts';
import { menuKeys } from './query-keys.ts';

/** GET the restaurant's printers (its printer devices, by name): the choices for an item's printers. */
export function getPrinters(opts?: TRequestOptions): Promise<TMenuPrintersResponse> {
  return get<TMenuPrintersResponse>(MENU_API.printers, { silent: true, ...opts });
}

export const printersQueryOptions = () =>
  queryOptions({ queryKey: menuKeys.printers(), queryFn: ({ signal }) => getPrinters({ signal }), staleTime: 60_000 });

export function usePrinters() {
  return useQuery(printersQueryOptions());
}
