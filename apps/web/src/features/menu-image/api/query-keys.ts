import type { TPhotoListQuery } from '@ra/shared/media/media.schemas';

export const menuImageKeys = {
  all: ['menu-image'] as const,
  list: (query: TPhotoListQuery) => ['menu-image', 'list', query] as const,
  coupons: ['menu-image', 'reward-coupons'] as const,
};
