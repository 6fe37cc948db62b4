import type { Database } from '../../db/client.ts';
import { storageFor } from '../../lib/storage/create-storage.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { createImageUsers, type TImageUser, type TRewardCouponProvider } from './image-users.ts';
import { MediaRepository } from './media.repository.ts';
import { mediaRoutes } from './media.routes.ts';
import { MediaService } from './media.service.ts';

export type { TImageUseOf, TImageUser, TRewardCouponProvider } from './image-users.ts';

/** What other modules may ask of the image library, and how they tell it what they use. */
export interface TMediaApi {
  /** Whether every id is an image of this restaurant's library (an item's images are checked on save). */
  imagesExist(restaurantId: number, ids: number[]): Promise<boolean>;
  /**
   * Inside another module's write transaction `db`: locks the images it is about to use (a delete of
   * one of them waits for the write, or the write for the delete); false when one is gone.
   */
  lockImagesForUse(restaurantId: number, ids: number[], db: Database): Promise<boolean>;
  /** Width and height of the restaurant's images, by id; unknown ids are left out. */
  imageSizes(restaurantId: number, ids: number[]): Promise<Map<number, { width: number; height: number }>>;
  /**
   * Another module says where it uses images: the library counts and lists those uses, refuses to
   * delete a used image unless the person confirmed, and then asks the user to release it.
   */
  addImageUser(user: TImageUser): void;
  /** The coupons module offers the restaurant's coupons as a reward in the photo approval. */
  offerRewardCoupons(provider: TRewardCouponProvider): void;
}

/** The media domain: the image library and customer photo approval (registered in app.ts). */
export function mediaModule(deps: TModuleDeps): TModule<TMediaApi> {
  const users = createImageUsers();
  const media = new MediaService({
    repo: new MediaRepository(deps.db),
    storage: storageFor(deps.config),
    clock: deps.clock,
    users,
    secret: deps.config.jwtSecret,
  });
  return {
    routes: mediaRoutes(media),
    api: {
      imagesExist: async (restaurantId, ids) => (await media.imagesByIds(restaurantId, ids)).size === new Set(ids).size,
      lockImagesForUse: (restaurantId, ids, db) => media.lockImagesForUse(restaurantId, ids, db),
      imageSizes: async (restaurantId, ids) =>
        new Map(
          [...(await media.imagesByIds(restaurantId, ids))].map(([id, image]) => [
            id,
            { width: image.width, height: image.height },
          ]),
        ),
      addImageUser: (user) => users.addImageUser(user),
      offerRewardCoupons: (provider) => users.setRewardCoupons(provider),
    },
  };
}
