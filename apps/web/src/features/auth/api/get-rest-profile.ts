import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRestProfile } from '@ra/shared/business/business.schemas';
import { get } from '../../../lib/request.ts';

/** The part of the selected restaurant's profile the login steps read: where it is. */
export type TRestAddress = Pick<TRestProfile, 'city' | 'state' | 'timeZone'>;

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
