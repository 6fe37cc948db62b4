import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TConnectRequest,
  TDeliveryPlatform,
  TPauseRequest,
  TPlatformConnection,
} from '@ra/shared/delivery/delivery.schemas';
import { post } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

export type TPlatformAction =
  | { platform: TDeliveryPlatform; action: 'disconnect' | 'resume' }
  | { platform: TDeliveryPlatform; action: 'connect'; body: TConnectRequest }
  | { platform: TDeliveryPlatform; action: 'pause'; body: TPauseRequest };

/** POST connect / disconnect / pause / resume of one platform. */
export function runPlatformAction(input: TPlatformAction): Promise<TPlatformConnection> {
  return post<TPlatformConnection>(
    `/api/delivery/platforms/${input.platform}/${input.action}`,
    input.action === 'pause' || input.action === 'connect' ? input.body : undefined,
    { silent: true },
  );
}

export function usePlatformAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runPlatformAction,
    onSuccess: () => client.invalidateQueries({ queryKey: deliveryKeys.platforms() }),
  });
}
