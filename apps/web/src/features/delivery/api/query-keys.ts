import type { TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';

export const deliveryKeys = {
  all: ['delivery'] as const,
  platforms: () => ['delivery', 'platforms'] as const,
  menu: (platform: TDeliveryPlatform) => ['delivery', 'menu', platform] as const,
};
