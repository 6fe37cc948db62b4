import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TDeliveryPlatform,
  TPlatformConnection,
  TUpdatePlatformRequest,
} from '@ra/shared/delivery/delivery.schemas';
import { put } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

/** PUT markup, hours and menu mapping of one platform. */
export function updatePlatform({ platform, ...body }: TUpdatePlatformRequest & { platform: TDeliveryPlatform }) {
  return put<TPlatformConnection>(`/api/delivery/platforms/${platform}`, body, { silent: true });
}

export function useUpdatePlatform() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePlatform,
    onSuccess: (_saved, input) => {
      void client.invalidateQueries({ queryKey: deliveryKeys.platforms() });
      void client.invalidateQueries({ queryKey: deliveryKeys.menu(input.platform) });
    },
  });
}
