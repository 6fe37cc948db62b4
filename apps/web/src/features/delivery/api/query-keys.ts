import type { TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';

export const deliveryKeys = {
  all: ['delivery'] as const,
  platforms: () => ['delivery', 'platforms'] as const,
  /** Under platforms(), so whatever refreshes the cards refreshes an open refused list too. */
  refused: (platform: TDeliveryPlatform) => ['delivery', 'platforms', platform, 'refused'] as const,
  menu: (platform: TDeliveryPlatform) => ['delivery', 'menu', platform] as const,
};
