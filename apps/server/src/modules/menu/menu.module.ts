import type { TCouponMenu } from '@ra/shared/coupons/coupons.schemas';
import type { TMenuChannel, TPublishedMenu } from '@ra/shared/menu/menu.schemas';
import type { TMediaApi } from '../media/media.module.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import { BulkEditService } from './bulk-edit.service.ts';
import { categoriesRoutes } from './categories.routes.ts';
import { CategoriesService } from './categories.service.ts';
import { channelsRoutes } from './channels.routes.ts';
import { ItemHistoryService } from './item-history.service.ts';
import { ItemStates } from './item-state.ts';
import { itemsRoutes } from './items.routes.ts';
import { ItemsService } from './items.service.ts';
import { MenuChannels } from './menu-channels.ts';
import { MenuIdsRepository, type TMenuIds } from './menu-ids.repository.ts';
import { MenuWriter, type TMenuImages } from './menu-write.ts';
import { MenuImportPlanner } from './menu-import.ts';
import { MenuTransfer } from './transfer.service.ts';
import { MenuRepository, type TItemRow } from './menu.repository.ts';
import { modifierGroupsRoutes } from './modifier-groups.routes.ts';
import { ModifierGroupsService } from './modifier-groups.service.ts';
import { scheduledRoutes } from './scheduled.routes.ts';
import { ScheduledChangesService } from './scheduled-changes.service.ts';
import { transferRoutes } from './transfer.routes.ts';

export { SCHEDULED_CHANGE_JOB } from './scheduled-changes.service.ts';
export type { TMenuIds } from './menu-ids.repository.ts';
/** A menu item as stored (every column). */
export type TMenuItemRow = TItemRow;

/** What other modules may read of the menu. */
export interface TMenuApi {
  /** The menu a channel shows now (dish hours, sold out and the channel's mapping applied). */
  publishedMenu(restaurantId: number, channel: TMenuChannel): Promise<TPublishedMenu>;
  /** Width and height of the restaurant's library images, by id (an item's photos); unknown ids are left out. */
  imageSizes(restaurantId: number, imageIds: number[]): Promise<Map<number, { width: number; height: number }>>;
  /** Every item of the restaurant, as stored. */
  items(restaurantId: number): Promise<TMenuItemRow[]>;
  /** Which of the given ids the restaurant's menu does not have (another restaurant's id counts as missing). */
  missingIds(
    restaurantId: number,
    ids: TMenuIds,
  ): Promise<{ items: number[]; categories: number[]; toppings: number[] }>;
  /** The restaurant's categories, items and toppings with names, for the coupon pickers. */
  couponMenu(restaurantId: number): Promise<TCouponMenu>;
}

/**
 * The menu domain (issue 8): categories and menu groups, modifier groups, items with their versions,
 * bulk edit, scheduled changes, channel mapping and the published menu, XLSX import and export.
 * Item images are ids in the media module's library: checked there on save, and the library is told
 * which items use an image so it does not delete one in use.
 */
export function menuModule(deps: TModuleDeps & { media: TMediaApi }): TModule<TMenuApi> {
  const { clock, media } = deps;
  const repo = new MenuRepository(deps.db);
  const images: TMenuImages = {
    exist: (restaurantId, ids) => media.imagesExist(restaurantId, ids),
    lock: (restaurantId, ids, db) => media.lockImagesForUse(restaurantId, ids, db),
  };
  const writer = new MenuWriter(repo, clock);
  const states = new ItemStates(writer, images);
  const categories = new CategoriesService(repo, writer);
  const modifierGroups = new ModifierGroupsService(repo, writer);
  const items = new ItemsService(repo, writer, states, clock, images);
  const history = new ItemHistoryService(repo, states, items);
  const bulk = new BulkEditService(repo, states, items, clock);
  const scheduled = new ScheduledChangesService(repo, writer, states, clock, deps.jobs);
  const channels = new MenuChannels(repo, writer, clock, modifierGroups);
  const transfer = new MenuTransfer(repo, writer, clock, modifierGroups, states, new MenuImportPlanner(repo, images));
  const ids = new MenuIdsRepository(deps.db);
  media.addImageUser({
    usedBy: (restaurantId, imageIds, db) => items.imageUses(restaurantId, imageIds, db),
    release: (restaurantId, imageId, actor, db) => items.releaseImage(restaurantId, imageId, actor, db),
  });
  return {
    routes: async (app) => {
      await scheduled.register();
      await app.register(categoriesRoutes(categories));
      await app.register(modifierGroupsRoutes(modifierGroups));
      await app.register(itemsRoutes(items, bulk, history));
      await app.register(scheduledRoutes(scheduled));
      await app.register(channelsRoutes(channels));
      await app.register(transferRoutes(transfer));
    },
    api: {
      publishedMenu: async (restaurantId, channel) => (await channels.published(restaurantId, channel)).body,
      imageSizes: (restaurantId, imageIds) => media.imageSizes(restaurantId, imageIds),
      items: (restaurantId) => repo.items(restaurantId),
      missingIds: (restaurantId, menuIds) => ids.missing(restaurantId, menuIds),
      couponMenu: (restaurantId) => ids.couponMenu(restaurantId),
    },
  };
}
