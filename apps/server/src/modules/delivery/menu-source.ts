import type { TPublishableMenu } from '@ra/shared/delivery/delivery.schemas';
import type { TMenuApi } from '../menu/menu.module.ts';

/** Where "Publish menu" reads the restaurant's menu from. */
export interface MenuSource {
  load(restaurantId: number): Promise<TPublishableMenu>;
}

/**
 * The menu module's published menu for the third-party channel (`/menuMapping` decides which
 * categories and items that channel shows, at its own prices), read only, in the shape a platform
 * takes: categories by their menu id, items by their item_id (the code a platform order names, the
 * POS's), each item's cover photo (or first photo) with its size from the image library, and its
 * modifier groups with their limits (no maximum is -1, "any number", which the platforms refuse).
 * A dish outside its dish hours that is set to hide when unavailable is not in the published menu now,
 * so it is not sent either.
 */
export function publishedMenuSource(menu: Pick<TMenuApi, 'publishedMenu' | 'imageSizes'>): MenuSource {
  return {
    async load(restaurantId) {
      const body = await menu.publishedMenu(restaurantId, 'thirdParty');
      const imageIds = body.categories.flatMap((c) =>
        c.items.flatMap((i) => {
          const id = i.coverImageId ?? i.imageIds[0];
          return id === undefined ? [] : [id];
        }),
      );
      const images = await menu.imageSizes(restaurantId, imageIds);
      const groups = new Map(body.modifierGroups.map((g) => [g.id, g]));
      return {
        categories: body.categories.map((category) => ({
          id: String(category.id),
          name: category.name,
          items: category.items.map((item) => {
            const image = images.get(item.coverImageId ?? item.imageIds[0] ?? -1);
            return {
              id: item.itemId,
              name: item.name,
              description: item.description,
              priceCents: item.priceCents,
              image: image ? { width: image.width, height: image.height } : null,
              modifierGroups: item.modifierGroupIds.flatMap((id) => {
                const group = groups.get(id);
                if (!group) return [];
                return [
                  {
                    name: group.name,
                    min: group.minSelections,
                    max: group.maxSelections ?? -1,
                    options: group.modifiers.map((m) => ({ name: m.name, priceCents: m.priceCents })),
                  },
                ];
              }),
            };
          }),
        })),
      };
    },
  };
}
