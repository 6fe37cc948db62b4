import { asc, eq } from 'drizzle-orm';
import { MENU_CHANNELS, ZItemInput, type TItemInputParsed } from '@ra/shared/menu/menu.schemas';
import type { TDomainSeedContext } from './seed-context.ts';
import { menuCategories, menuItemModifierGroups, menuItems, menuModifierGroups } from '../db/schema/menu.ts';
import { mediaImages } from '../db/schema/media.ts';
import { restaurants } from '../db/schema/restaurants.ts';
import { DEMO_MENUS, menuKindFor, type TDemoMenu, type TDemoModifierGroup } from './demo-menus.ts';
import { MenuRepository } from '../modules/menu/menu.repository.ts';
import { itemColumns, snapshotOf } from '../modules/menu/item-snapshot.ts';

const DRINK_CATEGORY = /drink|beer|wine|cocktail|non-alcoholic|饮料/i;
const BREAKFAST_CATEGORY = /breakfast/i;

/** Dishes that show a photo of the restaurant's image library (media.seed.ts adds them first). */
const DEMO_ITEM_PHOTOS: Record<string, string> = {
  'B-BURG': 'harbor-smash-burger.jpg',
  'B-CAES': 'harbor-caesar-salad.jpg',
  'D-KPC': 'dragon-kung-pao-chicken.jpg',
  'D-XLB': 'dragon-soup-dumplings.jpg',
  'D-LOMN': 'dragon-lo-mein.jpg',
};

/** A group name unique at the restaurant: the same name with other options is told apart by its first item. */
function groupKey(group: TDemoModifierGroup) {
  return `${group.group}|${JSON.stringify(group.options)}|${group.max ?? 1}`;
}

/**
 * The menus the demo orders ring up (demo/demo-menus.ts is the one source): the same
 * item_ids, names, categories, prices and modifier groups, so the sales reports' items and categories
 * are the menu's. Written in a few bulk statements per restaurant (it runs for every test context).
 */
async function seedMenu(repo: MenuRepository, restaurantId: number, menu: TDemoMenu, now: Date): Promise<void> {
  const categoryNames = [...new Set(menu.items.map((item) => item.category))];
  const categoryRows = await repo.db
    .insert(menuCategories)
    .values(
      categoryNames.map((name, sort) => {
        const [english] = name.match(/[A-Za-z][A-Za-z &'-]*$/) ?? [name];
        return {
          restaurantId,
          name,
          foreignName: english === name ? '' : english.trim(),
          salesReportCategory: DRINK_CATEGORY.test(name) ? 'Beverages' : 'Food',
          sort,
          updatedAt: now,
        };
      }),
    )
    .returning({ id: menuCategories.id, name: menuCategories.name });
  const categoryIds = new Map(categoryRows.map((r) => [r.name, r.id]));

  // Modifier groups, one per distinct group of the demo menu.
  const groups = new Map<string, { name: string; group: TDemoModifierGroup; firstItem: string }>();
  const names = new Set<string>();
  for (const item of menu.items) {
    for (const group of item.modifiers ?? []) {
      const key = groupKey(group);
      if (groups.has(key)) continue;
      const name = names.has(group.group) ? `${group.group} (${item.name})` : group.group;
      names.add(name);
      groups.set(key, { name, group, firstItem: item.name });
    }
  }
  const groupRows = groups.size
    ? await repo.db
        .insert(menuModifierGroups)
        .values(
          [...groups.values()].map(({ name, group }, sort) => {
            const max = group.max ?? 1;
            const required = group.chance >= 0.95;
            return {
              restaurantId,
              name,
              required,
              minSelections: required ? 1 : 0,
              maxSelections: max,
              maxDifferent: null,
              freeSelections: 0,
              autoPopup: required,
              printers: ['Kitchen'],
              sort,
              updatedAt: now,
            };
          }),
        )
        .returning({ id: menuModifierGroups.id, name: menuModifierGroups.name })
    : [];
  const groupId = new Map(groupRows.map((r) => [r.name, r.id]));
  await repo.insertModifiers(
    [...groups.values()].flatMap(({ name, group }) =>
      group.options.map((option, sort) => ({
        restaurantId,
        groupId: groupId.get(name)!,
        name: option.name,
        priceCents: option.priceCents,
        sort,
      })),
    ),
  );

  const library = await repo.db
    .select({ id: mediaImages.id, name: mediaImages.originalName })
    .from(mediaImages)
    .where(eq(mediaImages.restaurantId, restaurantId));
  const imageNamed = new Map(library.map((image) => [image.name, image.id]));

  // Items, as the item form would save them (same schema, same pinyin), each at version 1.
  const inputs: TItemInputParsed[] = menu.items.map((item) => {
    const drink = DRINK_CATEGORY.test(item.category);
    const photo = imageNamed.get(DEMO_ITEM_PHOTOS[item.id] ?? '');
    return ZItemInput.parse({
      itemId: item.id,
      name: item.name,
      printName:
        item.name
          .replace(/^[^\x20-\x7e]+\s*/, '')
          .toUpperCase()
          .slice(0, 40) || item.name,
      priceCents: item.priceCents,
      categoryId: categoryIds.get(item.category)!,
      printers: [drink ? 'Bar' : 'Kitchen'],
      dishHours: BREAKFAST_CATEGORY.test(item.category) ? '06:00-11:30;0-6' : '',
      channels: Object.fromEntries(MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }])),
      modifierGroupIds: (item.modifiers ?? []).map((g) => groupId.get(groups.get(groupKey(g))!.name)!),
      imageIds: photo === undefined ? [] : [photo],
      coverImageId: photo ?? null,
    });
  });
  const sortIn = new Map<number, number>();
  const rows = await repo.db
    .insert(menuItems)
    .values(
      inputs.map((input) => {
        const sort = sortIn.get(input.categoryId!) ?? 0;
        sortIn.set(input.categoryId!, sort + 1);
        return {
          ...itemColumns(input),
          restaurantId,
          sort,
          version: 1,
          updatedAt: now,
          soldOut: false,
          soldOutUntil: null,
        };
      }),
    )
    .returning();
  const links = inputs.flatMap((input, i) =>
    input.modifierGroupIds.map((gid, sort) => ({ itemId: rows[i]!.id, groupId: gid, restaurantId, sort })),
  );
  if (links.length) await repo.db.insert(menuItemModifierGroups).values(links);
  await repo.insertVersions(
    rows.map((row, i) => ({
      restaurantId,
      itemId: row.id,
      version: 1,
      reason: 'create',
      actorUserId: null,
      at: now,
      snapshot: snapshotOf(row, inputs[i]!.modifierGroupIds),
      changes: [],
    })),
  );
  await repo.bumpRevision(restaurantId, now);
}

/** The menu domain's demo data: every demo restaurant's menu (demo/domain-seeds.ts). */
export async function seedMenuDemo(ctx: TDomainSeedContext): Promise<void> {
  const rows = await ctx.db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .orderBy(asc(restaurants.id));
  await ctx.db.transaction(async (tx) => {
    const repo = new MenuRepository(tx);
    for (const [index, row] of rows.entries()) {
      if ((await repo.categoryIds(row.id)).length) continue;
      await seedMenu(repo, row.id, DEMO_MENUS[menuKindFor(row.name, index)], ctx.now);
    }
  });
}
