import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';

/** The part of the selected restaurant's profile the login steps read: where it is. */
export interface TRestAddress {
  city: string;
  state: string;
  timeZone: string;
}

/** GET /api/restaurant/profile (the Business Info address): suggests the zone from the address state. */
export function getRestAddress(signal?: AbortSignal): Promise<TRestAddress> {
  return get<TRestAddress>('/api/restaurant/profile', { signal, silent: true, noRelogin: true });
}

export const restAddressQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'restAddress'],
    queryFn: ({ signal }) => getRestAddress(signal),
    retry: false,
  });

export function useRestAddress() {
  return useQuery(restAddressQueryOptions());
}
