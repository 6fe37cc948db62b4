import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TDevice, TDeviceListQuery, TDeviceListResponse } from '@ra/shared/devices/devices.schemas';
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

/** GET one device, wherever it sits in the list (or whether the list's filter still shows it). */
export function getDevice(id: number, opts?: TRequestOptions): Promise<TDevice> {
  return get<TDevice>(`/api/devices/${id}`, { silent: true, ...opts });
}

/**
 * The device the drawer shows, fetched by id and polled like the list: the drawer no longer depends on
 * the device staying on the list page (a revoked device sorts last, a status filter drops it).
 */
export function useDevice(id: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getDevice(id!, { signal }),
    enabled: id !== undefined,
    refetchInterval: 10_000,
  });
}
