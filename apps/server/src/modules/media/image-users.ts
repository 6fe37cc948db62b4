import type { TImageUse } from '@ra/shared/media/media.schemas';
import type { Database } from '../../db/client.ts';

/**
 * Who else uses library images, and which coupons a photo may earn: the media module asks the modules
 * that said so through its api (`TMediaApi.addImageUser`, `TMediaApi.offerRewardCoupons`, called by
 * the menu and coupons modules as app.ts builds them), never by importing them. One list per media
 * module, so each app sees only its own modules.
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

export interface TImageUsers {
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

export function createImageUsers(): TImageUsers {
  const users = new Set<TImageUser>();
  let coupons: TRewardCouponProvider | null = null;
  return {
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
}
