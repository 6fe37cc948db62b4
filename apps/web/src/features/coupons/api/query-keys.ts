import type { TCouponListQuery } from '@ra/shared/coupons/coupons.schemas';

/** One place for the coupon cache keys, so every mutation invalidates exactly what it changes. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (query: TCouponListQuery) => ['coupons', 'list', query] as const,
  policy: () => ['coupons', 'policy'] as const,
  menu: () => ['coupons', 'menu'] as const,
  performance: (from: string, to: string) => ['coupons', 'performance', from, to] as const,
  batches: () => ['coupons', 'batches'] as const,
  lookup: (code: string) => ['coupons', 'lookup', code] as const,
};
