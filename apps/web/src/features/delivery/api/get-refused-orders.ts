import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryPlatform, TRefusedOrders } from '@ra/shared/delivery/delivery.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

/** GET the platform's orders the store refused recently (paused or closed): id, when, why. */
export function getRefusedOrders(platform: TDeliveryPlatform, opts?: TRequestOptions): Promise<TRefusedOrders> {
  return get<TRefusedOrders>(`/api/delivery/platforms/${platform}/refused`, { silent: true, ...opts });
}

export function useRefusedOrders(platform: TDeliveryPlatform | null) {
  return useQuery({
    ...queryOptions({
      queryKey: deliveryKeys.refused(platform ?? 'doordash'),
      queryFn: ({ signal }) => getRefusedOrders(platform ?? 'doordash', { signal }),
    }),
    enabled: platform !== null,
  });
}
