import type { Database } from '../../db/client.ts';

/**
 * How other domains plug into media without media importing them (modules never reach into each
 * other's repositories). Hooks are kept per database handle, the one object every module of an app
 * shares (`deps.db`), so two apps on one database (a test's restart) see the same registrations.
 *
 *   // menu.module.ts: say where an image is used, so the library refuses to delete it
 *   mediaHooks(deps.db).addImageUsage(async (restaurantId, imageId) => ['Item: Kung Pao Chicken']);
 *   // coupons.module.ts: offer reward coupons in the photo approval dialog
 *   mediaHooks(deps.db).setRewardCoupons({ list: async (restaurantId) => [{ id, name }] });
 */
export type TImageUsage = (restaurantId: number, imageId: number) => Promise<string[]>;

export interface TRewardCouponProvider {
  /** Coupons this restaurant may give as a reward for a photo. */
  list(restaurantId: number): Promise<Array<{ id: number; name: string }>>;
  /** Called after photos are approved with a reward coupon (after commit); give the coupon to each customer. */
  reward?(restaurantId: number, couponId: number, photos: Array<{ photoId: number; userId: string }>): Promise<void>;
}

export interface TMediaHooks {
  addImageUsage(usage: TImageUsage): void;
  setRewardCoupons(provider: TRewardCouponProvider): void;
  /** Every place that uses the image, de-duplicated (empty when unused). */
  imageUsedBy(restaurantId: number, imageId: number): Promise<string[]>;
  rewardCoupons(): TRewardCouponProvider | null;
}

const registry = new WeakMap<object, TMediaHooks>();

export function mediaHooks(db: Database): TMediaHooks {
  let hooks = registry.get(db);
  if (!hooks) {
    const usages = new Set<TImageUsage>();
    let coupons: TRewardCouponProvider | null = null;
    hooks = {
      addImageUsage: (usage) => void usages.add(usage),
      setRewardCoupons: (provider) => {
        coupons = provider;
      },
      async imageUsedBy(restaurantId, imageId) {
        const all = await Promise.all([...usages].map((usage) => usage(restaurantId, imageId)));
        return [...new Set(all.flat())];
      },
      rewardCoupons: () => coupons,
    };
    registry.set(db, hooks);
  }
  return hooks;
}
