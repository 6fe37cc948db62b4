import { MAX_INT4 } from '@ra/shared/validation/limits';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TCouponMenu } from '@ra/shared/coupons/coupons.schemas';
import type { Database } from '../../db/client.ts';
import { menuCategories, menuItems, menuModifierGroups, menuModifiers } from '../../db/schema/menu.ts';

/** Menu ids another module names (coupons: items, categories and toppings, the menu's modifiers). */
export interface TMenuIds {
  itemIds: number[];
  categoryIds: number[];
  toppingIds: number[];
}

/** Ids fit in an integer column; anything larger cannot be on the menu and is never sent to the database. */
const INT4_MAX = MAX_INT4;

/** The most menu rows the pickers load; a bigger menu is searched in the first ones (none of the demo menus comes close). */
export const COUPON_MENU_LIMIT = 5000;

/**
 * What coupons read of the menu (migration 0007): items, categories and toppings of this restaurant
 * only, so another restaurant's id counts as missing.
 */
export class MenuIdsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Which of the given ids the restaurant's menu does not have (issue 10 "Ids that do not exist are
   * refused"). Three indexed look-ups by primary key; nothing is read when a list is empty.
   */
  async missing(
    restaurantId: number,
    ids: TMenuIds,
  ): Promise<{ items: number[]; categories: number[]; toppings: number[] }> {
    const db = this.db;
    const missing = async (list: number[], find: (valid: number[]) => Promise<{ id: number }[]>): Promise<number[]> => {
      const unique = [...new Set(list)];
      const valid = unique.filter((id) => Number.isInteger(id) && id > 0 && id <= INT4_MAX);
      const found = new Set(valid.length ? (await find(valid)).map((r) => r.id) : []);
      return unique.filter((id) => !found.has(id));
    };
    return {
      items: await missing(ids.itemIds, (valid) =>
        db
          .select({ id: menuItems.id })
          .from(menuItems)
          .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, valid))),
      ),
      categories: await missing(ids.categoryIds, (valid) =>
        db
          .select({ id: menuCategories.id })
          .from(menuCategories)
          .where(and(eq(menuCategories.restaurantId, restaurantId), inArray(menuCategories.id, valid))),
      ),
      toppings: await missing(ids.toppingIds, (valid) =>
        db
          .select({ id: menuModifiers.id })
          .from(menuModifiers)
          .where(and(eq(menuModifiers.restaurantId, restaurantId), inArray(menuModifiers.id, valid))),
      ),
    };
  }

  /** The restaurant's categories, items and toppings with names, for the coupon form's and simulator's pickers. */
  async couponMenu(restaurantId: number): Promise<TCouponMenu> {
    const categories = await this.db
      .select({ id: menuCategories.id, name: menuCategories.name })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sort), asc(menuCategories.id))
      .limit(COUPON_MENU_LIMIT);
    const items = await this.db
      .select({
        id: menuItems.id,
        code: menuItems.itemCode,
        name: menuItems.name,
        categoryId: menuItems.categoryId,
        priceCents: menuItems.priceCents,
      })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(asc(menuItems.sort), asc(menuItems.id))
      .limit(COUPON_MENU_LIMIT);
    const toppings = await this.db
      .select({
        id: menuModifiers.id,
        name: menuModifiers.name,
        groupName: menuModifierGroups.name,
        priceCents: menuModifiers.priceCents,
      })
      .from(menuModifiers)
      .innerJoin(menuModifierGroups, eq(menuModifierGroups.id, menuModifiers.groupId))
      .where(eq(menuModifiers.restaurantId, restaurantId))
      .orderBy(asc(menuModifierGroups.sort), asc(menuModifiers.sort), asc(menuModifiers.id))
      .limit(COUPON_MENU_LIMIT);
    return { categories, items, toppings };
  }
}
