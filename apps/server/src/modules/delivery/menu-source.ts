import { eq } from 'drizzle-orm';
import type { TPublishableMenu } from '@ra/shared/delivery/delivery.schemas';
import type { Database } from '../../db/client.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { DEMO_MENUS, menuKindFor } from '../orders/demo-menus.ts';

/** Where "Publish menu" reads the restaurant's menu from. */
export interface MenuSource {
  load(restaurantId: number): Promise<TPublishableMenu>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Until the menu editor publishes menus (issue: menu), the menu a restaurant's POS rings up (the demo
 * menus the order history is made from) stands in: same items, prices and modifier groups. A group
 * of free requests ("no onions") allows any number, -1, which the platforms refuse.
 */
export function posMenuSource(db: Database): MenuSource {
  return {
    async load(restaurantId) {
      const [row] = await db
        .select({ name: restaurants.name })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      const menu = DEMO_MENUS[menuKindFor(row?.name ?? '', restaurantId)];
      const categories = new Map<string, TPublishableMenu['categories'][number]>();
      for (const item of menu.items) {
        let category = categories.get(item.category);
        if (!category) {
          category = { id: slug(item.category), name: item.category, items: [] };
          categories.set(item.category, category);
        }
        category.items.push({
          id: item.id,
          name: item.name,
          description: '',
          priceCents: item.priceCents,
          image: null,
          modifierGroups: (item.modifiers ?? []).map((group) => ({
            name: group.group,
            min: 0,
            max: group.group === 'Requests' ? -1 : (group.max ?? 1),
            options: group.options.map((o) => ({ name: o.name, priceCents: o.priceCents })),
          })),
        });
      }
      return { categories: [...categories.values()] };
    },
  };
}
