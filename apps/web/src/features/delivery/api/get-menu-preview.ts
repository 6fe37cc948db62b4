import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryPlatform, TMenuPreview } from '@ra/shared/delivery/delivery.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

/** GET what the platform would get, its prices after markup and what it would refuse. */
export function getMenuPreview(platform: TDeliveryPlatform, opts?: TRequestOptions): Promise<TMenuPreview> {
  return get<TMenuPreview>(`/api/delivery/platforms/${platform}/menu`, { silent: true, ...opts });
}

export function useMenuPreview(platform: TDeliveryPlatform | null) {
  return useQuery({
    ...queryOptions({
      queryKey: deliveryKeys.menu(platform ?? 'doordash'),
      queryFn: ({ signal }) => getMenuPreview(platform ?? 'doordash', { signal }),
    }),
    enabled: platform !== null,
  });
}
