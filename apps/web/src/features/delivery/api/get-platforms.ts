import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlatformList } from '@ra/shared/delivery/delivery.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

/** GET each delivery platform's connection, pause, settings, last publish and orders today. */
export function getPlatforms(opts?: TRequestOptions): Promise<TPlatformList> {
  return get<TPlatformList>('/api/delivery/platforms', { silent: true, ...opts });
}

export function usePlatforms() {
  return useQuery({
    ...queryOptions({ queryKey: deliveryKeys.platforms(), queryFn: ({ signal }) => getPlatforms({ signal }) }),
    // a timed pause ends by itself and platform orders keep arriving
    refetchInterval: 30_000,
  });
}
