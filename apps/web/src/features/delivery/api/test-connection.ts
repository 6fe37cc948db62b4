import { useMutation } from '@tanstack/react-query';
import type { TConnectionCheck, TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';
import { post } from '../../../lib/request.ts';

/** POST test-connection: the server asks the platform about the connected store (nothing changes). */
export function testConnection(platform: TDeliveryPlatform): Promise<TConnectionCheck> {
  return post<TConnectionCheck>(`/api/delivery/platforms/${platform}/test-connection`, undefined, { silent: true });
}

export function useTestConnection() {
  return useMutation({ mutationFn: testConnection });
}
