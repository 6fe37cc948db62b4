import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeviceListQuery, TDeviceListResponse } from '@ra/shared/devices/devices.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { deviceKeys } from './query-keys.ts';

/** GET the restaurant's devices, filtered and paged on the server, with codes waiting to pair. */
export function getDevices(query: TDeviceListQuery, opts?: TRequestOptions): Promise<TDeviceListResponse> {
  return get<TDeviceListResponse>('/api/devices', { silent: true, ...opts, query: { ...query } });
}

/**
 * Status changes show live by polling (docs/decisions.md "Devices: live status by polling"): every
 * 10 s, and every 2 s while a pairing code is on screen, so the new device shows the moment it pairs.
 */
export function useDevices(query: TDeviceListQuery, fast = false) {
  return useQuery({
    ...queryOptions({
      queryKey: deviceKeys.list(query),
      queryFn: ({ signal }) => getDevices(query, { signal }),
    }),
    placeholderData: keepPreviousData,
    refetchInterval: fast ? 2_000 : 10_000,
  });
}
