import type { ZCategoryInput, ZMenuGroupInput } from '@ra/shared/menu/menu.schemas';
import type { TCategory, TCategoryListResponse, TMenuGroup, TUsage } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import type { MenuRepository, TCategoryRow } from './menu.repository.ts';
import { actorOf, assertFullOrder, menuFieldError, UsedElsewhereError, type MenuWriter } from './menu-write.ts';

/** The menu's categories and menu groups, their order, and the printers an item may print on (issue 8). */
export class CategoriesService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
  ) {}

  private toCategory(row: TCategoryRow, itemCount: number): TCategory {
    return {
      id: row.id,
      name: row.name,
      foreignName: row.foreignName,
      taxRateMilliPercent: row.taxRateMilliPercent,
      salesReportCategory: row.salesReportCategory,
      sort: row.sort,
      itemCount,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async listCategories(auth: AuthContext): Promise<TCategoryListResponse> {
    const restaurantId = requireRestaurantId(auth);
    const [rows, settings] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.restaurantSettings(restaurantId),
    ]);
    return {
      categories: rows.map((r) => this.toCategory(r.category, r.itemCount)),
      defaultTaxRateMilliPercent: settings.defaultTaxRateMilliPercent,
    };
  }

  async saveCategory(
    auth: AuthContext,
    id: number | null,
    body: z.output<typeof ZCategoryInput>,
    ip: string,
  ): Promise<TCategory> {
    const restaurantId = requireRestaurantId(auth);
    try {
      const savedId = await this.writer.write(
        restaurantId,
        actorOf(auth, ip),
        {
          action: id ? 'menu.category.update' : 'menu.category.create',
          targetType: 'menuCategory',
          targetId: id,
          details: () => ({ ...body }),
        },
        async (repo, now) => {
          if (id === null) return repo.insertCategory(restaurantId, { ...body, updatedAt: now });
          if (!(await repo.updateCategory(restaurantId, id, { ...body, updatedAt: now }))) throw notFound();
          return id;
        },
      );
      const row = (await this.repo.categories(restaurantId)).find((r) => r.category.id === savedId)!;
      return this.toCategory(row.category, row.itemCount);
    } catch (error) {
      if (uniqueViolation(error) === 'menu_categories_restaurant_name_idx')
        throw menuFieldError('name', 'menu.nameTaken');
      throw error;
    }
  }

  async categoryUsage(auth: AuthContext, id: number): Promise<TUsage> {
    const restaurantId = requireRestaurantId(auth);
    if (!(await this.repo.category(restaurantId, id))) throw notFound();
    const [items, groups, mappings] = await Promise.all([
      this.repo.itemsOfCategory(restaurantId, id),
      this.repo.menuGroups(restaurantId),
      this.repo.mappingsMentioning(restaurantId, 'category', id),
    ]);
    return {
      usedIn: [
        ...items.map((i) => ({ kind: 'item' as const, id: i.id, name: i.name })),
        ...groups
          .filter((g) => g.categoryIds.includes(id))
          .map((g) => ({ kind: 'menuGroup' as const, id: g.id, name: g.name })),
        ...mappings.map((m) => ({ kind: 'channelMapping' as const, id, name: m.channel, channel: m.channel })),
      ],
    };
  }

  async deleteCategory(auth: AuthContext, id: number, force: boolean, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const usage = await this.categoryUsage(auth, id);
    if (usage.usedIn.length && !force) throw new UsedElsewhereError(usage);
    const category = (await this.repo.category(restaurantId, id))!;
    await this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: 'menu.category.delete',
        targetType: 'menuCategory',
        targetId: id,
        details: () => ({ name: category.name, usedIn: usage.usedIn.length }),
      },
      async (repo, now) => {
        await repo.deleteCategory(restaurantId, id);
        for (const mapping of await repo.mappingsMentioning(restaurantId, 'category', id)) {
          await repo.saveMapping(
            restaurantId,
            mapping.channel,
            mapping.categories.filter((c) => c.categoryId !== id),
            mapping.prefixRules.filter((r) => r.categoryId !== id),
            now,
          );
        }
      },
    );
    return { ok: true };
  }

  async reorder(auth: AuthContext, table: 'categories' | 'groups', ids: number[], ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const existing =
      table === 'categories'
        ? await this.repo.categoryIds(restaurantId)
        : (await this.repo.menuGroups(restaurantId)).map((g) => g.id);
    assertFullOrder(ids, existing);
    await this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      { action: `menu.${table}.reorder`, targetType: 'menu', details: () => ({ ids }) },
      (repo, now) => repo.reorder(table, restaurantId, ids, now),
    );
    return { ok: true };
  }

  // --- menu groups ---------------------------------------------------------------------------

  private toMenuGroup(row: {
    id: number;
    name: string;
    foreignName: string;
    categoryIds: number[];
    sort: number;
    updatedAt: Date;
  }): TMenuGroup {
    return {
      id: row.id,
      name: row.name,
      foreignName: row.foreignName,
      categoryIds: row.categoryIds,
      sort: row.sort,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async listMenuGroups(auth: AuthContext): Promise<{ groups: TMenuGroup[] }> {
    return { groups: (await this.repo.menuGroups(requireRestaurantId(auth))).map((g) => this.toMenuGroup(g)) };
  }

  async saveMenuGroup(
    auth: AuthContext,
    id: number | null,
    body: z.output<typeof ZMenuGroupInput>,
    ip: string,
  ): Promise<TMenuGroup> {
    const restaurantId = requireRestaurantId(auth);
    const known = new Set(await this.repo.categoryIds(restaurantId));
    const unknown = body.categoryIds.findIndex((c) => !known.has(c));
    if (unknown >= 0) throw menuFieldError(`categoryIds.${unknown}`, 'menu.categoryNotFound');
    const row = await this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: id ? 'menu.group.update' : 'menu.group.create',
        targetType: 'menuGroup',
        targetId: id,
        details: () => ({ ...body }),
      },
      async (repo, now) => {
        if (id === null) return repo.insertMenuGroup(restaurantId, { ...body, updatedAt: now });
        const updated = await repo.updateMenuGroup(restaurantId, id, { ...body, updatedAt: now });
        if (!updated) throw notFound();
        return updated;
      },
    );
    return this.toMenuGroup(row);
  }

  async deleteMenuGroup(auth: AuthContext, id: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    await this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.group.delete', targetType: 'menuGroup', targetId: id },
      async (repo) => {
        if (!(await repo.deleteMenuGroup(restaurantId, id))) throw notFound();
      },
    );
    return { ok: true };
  }

  /** The choices for an item's or a modifier group's printers (issue 8 "printers"). */
  async listPrinters(auth: AuthContext): Promise<{ printers: string[] }> {
    return { printers: await this.repo.printerNames(requireRestaurantId(auth)) };
  }
}
