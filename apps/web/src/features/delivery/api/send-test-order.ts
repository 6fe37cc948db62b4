import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';
import { post } from '../../../lib/request.ts';
import { deliveryKeys } from './query-keys.ts';

export interface TTestOrderAnswer {
  platformOrderId: string;
  status: number;
  result: string;
  /** The store declined it (paused on the platform, or closed then); `result` says why. */
  refused: boolean;
}

/** POST test-order: the local simulator signs an order and sends it to the webhook. */
export function sendTestOrder(platform: TDeliveryPlatform): Promise<TTestOrderAnswer> {
  return post<TTestOrderAnswer>(`/api/delivery/platforms/${platform}/test-order`, {}, { silent: true });
}

export function useSendTestOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestOrder,
    onSuccess: () => client.invalidateQueries({ queryKey: deliveryKeys.platforms() }),
  });
}
