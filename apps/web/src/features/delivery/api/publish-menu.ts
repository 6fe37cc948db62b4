import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryPlatform, TPublishResult } from '@ra/shared/delivery/delivery.schemas';
import { post } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

/** POST publish: checked against the platform's rules first; the answer lists what it would refuse. */
export function publishMenu(platform: TDeliveryPlatform): Promise<TPublishResult> {
  return post<TPublishResult>(`/api/delivery/platforms/${platform}/publish`, undefined, { silent: true });
}

export function usePublishMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishMenu,
    onSuccess: () => client.invalidateQueries({ queryKey: deliveryKeys.platforms() }),
  });
}
