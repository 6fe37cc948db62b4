import type { TImageUse } from '@ra/shared/media/media.schemas';
import type { Database } from '../../db/client.ts';

/**
 * How other domains plug into media without media importing them (modules never reach into each
 * other's repositories). Hooks are kept per database handle, the one object every module of an app
 * shares (`deps.db`), so two apps on one database (a test's restart) see the same registrations.
 *
 *   // menu.module.ts: say where images are used (the library counts and lists them, and refuses to
 *   // delete a used one unless the person confirmed), and take an image off its items when it goes
 *   mediaHooks(deps.db).addImageUser({
 *     // db: the deleting transaction when it asks (read there, not beside it)
 *     usedBy: async (restaurantId, imageIds, db) => [{ imageId: 7, kind: 'item', id: 3, name: 'Kung Pao Chicken' }],
 *     release: async (restaurantId, imageId, actor, db) => { … }, // db: the deleting transaction
 *   });
 *   // coupons.module.ts: offer reward coupons in the photo approval dialog
 *   mediaHooks(deps.db).setRewardCoupons({ list: async (restaurantId) => [{ id, name }] });
 */
export type TImageUseOf = TImageUse & { imageId: number };

export interface TImageUser {
  /** Every place among this domain's that uses one of the images, read on `db` when given (a transaction). */
  usedBy(restaurantId: number, imageIds: number[], db?: Database): Promise<TImageUseOf[]>;
  /**
   * The image is being deleted after the person confirmed where it is used: stop using it, on `db`,
   * the transaction that deletes the image (so both happen or neither).
   */
  release(
    restaurantId: number,
    imageId: number,
    actor: { userId: number | null; ip?: string | undefined },
    db: Database,
  ): Promise<void>;
}

export interface TRewardCouponProvider {
  /** Coupons this restaurant may give as a reward for a photo. */
  list(restaurantId: number): Promise<Array<{ id: number; name: string }>>;
  /** Called after photos are approved with a reward coupon (after commit); give the coupon to each customer. */
  reward?(restaurantId: number, couponId: number, photos: Array<{ photoId: number; userId: string }>): Promise<void>;
}

export interface TMediaHooks {
  addImageUser(user: TImageUser): void;
  setRewardCoupons(provider: TRewardCouponProvider): void;
  /** The places that use each image (an image nobody uses is not in the map), read on `db` when given. */
  imageUsedBy(restaurantId: number, imageIds: number[], db?: Database): Promise<Map<number, TImageUse[]>>;
  /** Takes the image off every place that uses it (deleting after the person confirmed), on `db`. */
  releaseImage(
    restaurantId: number,
    imageId: number,
    actor: { userId: number | null; ip?: string | undefined },
    db: Database,
  ): Promise<void>;
  rewardCoupons(): TRewardCouponProvider | null;
}

const registry = new WeakMap<object, TMediaHooks>();

export function mediaHooks(db: Database): TMediaHooks {
  let hooks = registry.get(db);
  if (!hooks) {
    const users = new Set<TImageUser>();
    let coupons: TRewardCouponProvider | null = null;
    hooks = {
      addImageUser: (user) => void users.add(user),
      setRewardCoupons: (provider) => {
        coupons = provider;
      },
      async imageUsedBy(restaurantId, imageIds, db) {
        const byImage = new Map<number, TImageUse[]>();
        if (imageIds.length === 0) return byImage;
        const all = await Promise.all([...users].map((user) => user.usedBy(restaurantId, imageIds, db)));
        for (const { imageId, ...use } of all.flat()) {
          const list = byImage.get(imageId) ?? [];
          if (!list.some((u) => u.kind === use.kind && u.id === use.id)) list.push(use);
          byImage.set(imageId, list);
        }
        return byImage;
      },
      async releaseImage(restaurantId, imageId, actor, db) {
        for (const user of users) await user.release(restaurantId, imageId, actor, db);
      },
      rewardCoupons: () => coupons,
    };
    registry.set(db, hooks);
  }
  return hooks;
}
