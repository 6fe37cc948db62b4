import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TLibrarySort, TMenuChannel } from '@ra/shared/menu/menu.schemas';
import { basisPointsToMilliPercent } from '@ra/shared/business/tax-rate';
import type { Database } from '../../db/client.ts';
import {
  menuCategories,
  menuChannelMappings,
  menuGroups,
  menuItemModifierGroups,
  menuItems,
  menuItemVersions,
  menuModifierGroups,
  menuModifiers,
  menuScheduledChanges,
  menuState,
} from '../../db/schema/menu.ts';
import { devices } from '../../db/schema/devices.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { users } from '../../db/schema/users.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { pinyinSearchKey } from './menu-pinyin.ts';

export type TItemRow = typeof menuItems.$inferSelect;
export type TItemWrite = Omit<typeof menuItems.$inferInsert, 'id' | 'restaurantId' | 'createdAt'>;
export type TCategoryRow = typeof menuCategories.$inferSelect;
export type TModifierGroupRow = typeof menuModifierGroups.$inferSelect;
export type TModifierRow = typeof menuModifiers.$inferSelect;
export type TMenuGroupRow = typeof menuGroups.$inferSelect;
export type TScheduledRow = typeof menuScheduledChanges.$inferSelect;

/** SPEC 9 "Sample tax rate 10.1%": the rate when the restaurant has not set its own (thousandths of a percent). */
export const FALLBACK_TAX_RATE_MILLI_PERCENT = 10_100;

export interface TLibraryFilter {
  q?: string | undefined;
  categoryId?: number | undefined;
  channel?: TMenuChannel | undefined;
  soldOut?: boolean | undefined;
  minCents?: number | undefined;
  maxCents?: number | undefined;
  page: number;
  pageSize: number;
  sort: TLibrarySort;
  now: Date;
}

/** Sold out at `now`: marked, and either without an end or with one still ahead. */
export const soldOutAt = (now: Date) =>
  sql`(${menuItems.soldOut} and (${menuItems.soldOutUntil} is null or ${menuItems.soldOutUntil} > ${now.toISOString()}::timestamptz))`;

/** An integer[] literal; the ids are integers checked here, so nothing from a request reaches the SQL text. */
function intArray(ids: readonly number[]): SQL {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${String(id)}`);
  return sql.raw(`'{${ids.join(',')}}'::integer[]`);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The only place with menu SQL. Every method takes the restaurant id first and filters on it: the
 * service passes the caller's own restaurant, so another restaurant's ids are simply not found.
 */
export class MenuRepository {
  constructor(readonly db: Database) {}

  /** Runs `work` in one transaction with this repository and the audit log bound to it. */
  transaction<T>(work: (repo: MenuRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MenuRepository(tx), new AuditRepository(tx)));
  }

  // --- restaurant, revision ------------------------------------------------------------------

  async restaurantSettings(restaurantId: number) {
    const [row] = await this.db
      .select({
        timeZone: restaurants.timeZone,
        hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay,
        config: restaurants.config,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    const config = (row?.config ?? {}) as Record<string, unknown>;
    // The restaurant's own rate, kept in its config in basis points.
    const rate = [config.defaultTaxRateBp, config.taxRateBp].find(
      (v): v is number => typeof v === 'number' && Number.isInteger(v),
    );
    return {
      timeZone: row?.timeZone && row.timeZone !== 'Unknown' ? row.timeZone : 'UTC',
      hourOffsetEndOfDay: row?.hourOffsetEndOfDay ?? 0,
      defaultTaxRateMilliPercent:
        rate === undefined ? FALLBACK_TAX_RATE_MILLI_PERCENT : basisPointsToMilliPercent(rate),
    };
  }

  /** Names of the restaurant's printers (the devices module's rows, read only), each once, by name. */
  async printerNames(restaurantId: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ name: devices.name })
      .from(devices)
      .where(and(eq(devices.restaurantId, restaurantId), eq(devices.type, 'printer'), isNull(devices.revokedAt)))
      .orderBy(asc(devices.name));
    return rows.map((r) => r.name);
  }

  /** Marks the menu changed (the published menu's cache reads this). Call inside the write's transaction. */
  async bumpRevision(restaurantId: number, at: Date): Promise<void> {
    await this.db
      .insert(menuState)
      .values({ restaurantId, revision: 1, updatedAt: at })
      .onConflictDoUpdate({
        target: menuState.restaurantId,
        set: { revision: sql`${menuState.revision} + 1`, updatedAt: at },
      });
  }

  async revision(restaurantId: number): Promise<number> {
    const [row] = await this.db
      .select({ revision: menuState.revision })
      .from(menuState)
      .where(eq(menuState.restaurantId, restaurantId));
    return row?.revision ?? 0;
  }

  // --- categories ----------------------------------------------------------------------------

  async categories(restaurantId: number) {
    return this.db
      .select({
        category: menuCategories,
        itemCount:
          sql<number>`(select count(*) from ${menuItems} where ${menuItems.categoryId} = ${menuCategories.id})`.mapWith(
            Number,
          ),
      })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sort), asc(menuCategories.id));
  }

  async category(restaurantId: number, id: number): Promise<TCategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.id, id)));
    return row;
  }

  async categoryIds(restaurantId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId));
    return rows.map((r) => r.id);
  }

  async insertCategory(restaurantId: number, values: Omit<typeof menuCategories.$inferInsert, 'restaurantId'>) {
    const [{ max }] = (await this.db
      .select({ max: sql<number>`coalesce(max(${menuCategories.sort}), -1)`.mapWith(Number) })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))) as [{ max: number }];
    const [row] = await this.db
      .insert(menuCategories)
      .values({ sort: max + 1, ...values, restaurantId })
      .returning({ id: menuCategories.id });
    return row!.id;
  }

  async updateCategory(restaurantId: number, id: number, values: Partial<typeof menuCategories.$inferInsert>) {
    const rows = await this.db
      .update(menuCategories)
      .set(values)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.id, id)))
      .returning({ id: menuCategories.id });
    return rows.length > 0;
  }

  async deleteCategory(restaurantId: number, id: number): Promise<void> {
    await this.db.execute(
      sql`update ${menuGroups} set category_ids = array_remove(category_ids, ${id}) where ${menuGroups.restaurantId} = ${restaurantId}`,
    );
    await this.db
      .delete(menuCategories)
      .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.id, id)));
  }

  /** Sets `sort` to each id's position. The ids must be exactly the restaurant's (checked by the service). */
  async reorder(table: 'categories' | 'groups' | 'modifierGroups', restaurantId: number, ids: number[], at: Date) {
    const target = { categories: menuCategories, groups: menuGroups, modifierGroups: menuModifierGroups }[table];
    await this.db.execute(sql`
      update ${target} set sort = o.ord - 1, updated_at = ${at.toISOString()}::timestamptz
      from unnest(${intArray(ids)}) with ordinality as o(id, ord)
      where ${target}.id = o.id and ${target}.restaurant_id = ${restaurantId}`);
  }

  async reorderItems(restaurantId: number, ids: number[]) {
    await this.db.execute(sql`
      update ${menuItems} set sort = o.ord - 1
      from unnest(${intArray(ids)}) with ordinality as o(id, ord)
      where ${menuItems}.id = o.id and ${menuItems}.restaurant_id = ${restaurantId}`);
  }

  // --- menu groups ---------------------------------------------------------------------------

  menuGroups(restaurantId: number): Promise<TMenuGroupRow[]> {
    return this.db
      .select()
      .from(menuGroups)
      .where(eq(menuGroups.restaurantId, restaurantId))
      .orderBy(asc(menuGroups.sort), asc(menuGroups.id));
  }

  async insertMenuGroup(
    restaurantId: number,
    values: { name: string; foreignName: string; categoryIds: number[]; updatedAt: Date },
  ) {
    const [{ max }] = (await this.db
      .select({ max: sql<number>`coalesce(max(${menuGroups.sort}), -1)`.mapWith(Number) })
      .from(menuGroups)
      .where(eq(menuGroups.restaurantId, restaurantId))) as [{ max: number }];
    const [row] = await this.db
      .insert(menuGroups)
      .values({ ...values, sort: max + 1, restaurantId })
      .returning();
    return row!;
  }

  async updateMenuGroup(restaurantId: number, id: number, values: Partial<typeof menuGroups.$inferInsert>) {
    const [row] = await this.db
      .update(menuGroups)
      .set(values)
      .where(and(eq(menuGroups.restaurantId, restaurantId), eq(menuGroups.id, id)))
      .returning();
    return row;
  }

  async deleteMenuGroup(restaurantId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(menuGroups)
      .where(and(eq(menuGroups.restaurantId, restaurantId), eq(menuGroups.id, id)))
      .returning({ id: menuGroups.id });
    return rows.length > 0;
  }

  // --- modifier groups -----------------------------------------------------------------------

  modifierGroupRows(restaurantId: number, ids?: number[]): Promise<TModifierGroupRow[]> {
    return this.db
      .select()
      .from(menuModifierGroups)
      .where(
        and(eq(menuModifierGroups.restaurantId, restaurantId), ids ? inArray(menuModifierGroups.id, ids) : undefined),
      )
      .orderBy(asc(menuModifierGroups.sort), asc(menuModifierGroups.id));
  }

  modifierRows(restaurantId: number, groupIds?: number[]): Promise<TModifierRow[]> {
    return this.db
      .select()
      .from(menuModifiers)
      .where(
        and(
          eq(menuModifiers.restaurantId, restaurantId),
          groupIds ? inArray(menuModifiers.groupId, groupIds) : undefined,
        ),
      )
      .orderBy(asc(menuModifiers.groupId), asc(menuModifiers.sort), asc(menuModifiers.id));
  }

  /** Item links of groups: group id -> item ids in item order. */
  async groupItemLinks(restaurantId: number, groupIds?: number[]) {
    return this.db
      .select({
        groupId: menuItemModifierGroups.groupId,
        itemId: menuItemModifierGroups.itemId,
        sort: menuItemModifierGroups.sort,
      })
      .from(menuItemModifierGroups)
      .where(
        and(
          eq(menuItemModifierGroups.restaurantId, restaurantId),
          groupIds ? inArray(menuItemModifierGroups.groupId, groupIds) : undefined,
        ),
      )
      .orderBy(asc(menuItemModifierGroups.itemId), asc(menuItemModifierGroups.sort));
  }

  async nestingEdges(restaurantId: number): Promise<Map<number, number[]>> {
    const groups = await this.db
      .select({ id: menuModifierGroups.id })
      .from(menuModifierGroups)
      .where(eq(menuModifierGroups.restaurantId, restaurantId));
    const edges = new Map<number, number[]>(groups.map((g) => [g.id, []]));
    const rows = await this.db
      .select({ groupId: menuModifiers.groupId, child: menuModifiers.childGroupId })
      .from(menuModifiers)
      .where(and(eq(menuModifiers.restaurantId, restaurantId), sql`${menuModifiers.childGroupId} is not null`));
    for (const row of rows) edges.get(row.groupId)?.push(row.child!);
    return edges;
  }

  async insertModifierGroup(
    restaurantId: number,
    values: Omit<typeof menuModifierGroups.$inferInsert, 'restaurantId'>,
  ) {
    const [{ max }] = (await this.db
      .select({ max: sql<number>`coalesce(max(${menuModifierGroups.sort}), -1)`.mapWith(Number) })
      .from(menuModifierGroups)
      .where(eq(menuModifierGroups.restaurantId, restaurantId))) as [{ max: number }];
    const [row] = await this.db
      .insert(menuModifierGroups)
      .values({ sort: max + 1, ...values, restaurantId })
      .returning({ id: menuModifierGroups.id });
    return row!.id;
  }

  async updateModifierGroup(restaurantId: number, id: number, values: Partial<typeof menuModifierGroups.$inferInsert>) {
    const rows = await this.db
      .update(menuModifierGroups)
      .set(values)
      .where(and(eq(menuModifierGroups.restaurantId, restaurantId), eq(menuModifierGroups.id, id)))
      .returning({ id: menuModifierGroups.id });
    return rows.length > 0;
  }

  /** Replaces a group's modifiers: ids given keep their row, others are new, missing ones go. */
  async replaceModifiers(
    restaurantId: number,
    groupId: number,
    modifiers: Array<{
      id?: number | undefined;
      name: string;
      foreignName: string;
      priceCents: number;
      maxQuantity: number | null;
      childGroupId: number | null;
    }>,
  ): Promise<void> {
    const keep = modifiers.flatMap((m) => (m.id ? [m.id] : []));
    await this.db
      .delete(menuModifiers)
      .where(
        and(
          eq(menuModifiers.restaurantId, restaurantId),
          eq(menuModifiers.groupId, groupId),
          keep.length ? sql`${menuModifiers.id} <> all(${intArray(keep)})` : undefined,
        ),
      );
    for (const [sort, m] of modifiers.entries()) {
      const values = {
        name: m.name,
        foreignName: m.foreignName,
        priceCents: m.priceCents,
        maxQuantity: m.maxQuantity,
        childGroupId: m.childGroupId,
        sort,
      };
      if (m.id) {
        await this.db
          .update(menuModifiers)
          .set(values)
          .where(
            and(
              eq(menuModifiers.id, m.id),
              eq(menuModifiers.groupId, groupId),
              eq(menuModifiers.restaurantId, restaurantId),
            ),
          );
      } else {
        await this.db.insert(menuModifiers).values({ ...values, groupId, restaurantId });
      }
    }
  }

  async insertModifiers(rows: Array<typeof menuModifiers.$inferInsert>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) await this.db.insert(menuModifiers).values(rows.slice(i, i + 1000));
  }

  async modifierIdsOfGroup(restaurantId: number, groupId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: menuModifiers.id })
      .from(menuModifiers)
      .where(and(eq(menuModifiers.restaurantId, restaurantId), eq(menuModifiers.groupId, groupId)));
    return rows.map((r) => r.id);
  }

  /** Sets which items a group applies to, keeping each item's other groups. */
  async setGroupItems(restaurantId: number, groupId: number, itemIds: number[]): Promise<void> {
    await this.db
      .delete(menuItemModifierGroups)
      .where(
        and(
          eq(menuItemModifierGroups.restaurantId, restaurantId),
          eq(menuItemModifierGroups.groupId, groupId),
          itemIds.length ? sql`${menuItemModifierGroups.itemId} <> all(${intArray(itemIds)})` : undefined,
        ),
      );
    if (itemIds.length === 0) return;
    await this.db.execute(sql`
      insert into ${menuItemModifierGroups} (item_id, group_id, restaurant_id, sort)
      select i.id, ${groupId}, ${restaurantId},
        coalesce((select max(sort) + 1 from ${menuItemModifierGroups} l where l.item_id = i.id), 0)
      from ${menuItems} i
      where i.restaurant_id = ${restaurantId} and i.id = any(${intArray(itemIds)})
      on conflict do nothing`);
  }

  async deleteModifierGroup(restaurantId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(menuModifierGroups)
      .where(and(eq(menuModifierGroups.restaurantId, restaurantId), eq(menuModifierGroups.id, id)))
      .returning({ id: menuModifierGroups.id });
    return rows.length > 0;
  }

  // --- items ---------------------------------------------------------------------------------

  async item(restaurantId: number, id: number, forUpdate = false): Promise<TItemRow | undefined> {
    const query = this.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  items(restaurantId: number, ids?: number[], forUpdate = false): Promise<TItemRow[]> {
    const query = this.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), ids ? inArray(menuItems.id, ids) : undefined))
      .orderBy(asc(menuItems.sort), asc(menuItems.id));
    return forUpdate ? query.for('update') : query;
  }

  async itemIdsExisting(restaurantId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), inArray(menuItems.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async itemCodeTaken(restaurantId: number, code: string, exceptId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          eq(menuItems.itemCode, code),
          exceptId ? ne(menuItems.id, exceptId) : undefined,
        ),
      );
    return rows.length > 0;
  }

  /** item id -> its modifier group ids in order. */
  async itemGroupIds(restaurantId: number, itemIds?: number[]): Promise<Map<number, number[]>> {
    const rows = await this.db
      .select({ itemId: menuItemModifierGroups.itemId, groupId: menuItemModifierGroups.groupId })
      .from(menuItemModifierGroups)
      .where(
        and(
          eq(menuItemModifierGroups.restaurantId, restaurantId),
          itemIds ? inArray(menuItemModifierGroups.itemId, itemIds) : undefined,
        ),
      )
      .orderBy(asc(menuItemModifierGroups.itemId), asc(menuItemModifierGroups.sort));
    const out = new Map<number, number[]>();
    for (const row of rows) out.set(row.itemId, [...(out.get(row.itemId) ?? []), row.groupId]);
    return out;
  }

  async setItemGroups(restaurantId: number, itemId: number, groupIds: number[]): Promise<void> {
    await this.db.delete(menuItemModifierGroups).where(eq(menuItemModifierGroups.itemId, itemId));
    if (groupIds.length)
      await this.db
        .insert(menuItemModifierGroups)
        .values(groupIds.map((groupId, sort) => ({ itemId, groupId, restaurantId, sort })));
  }

  async insertItem(restaurantId: number, values: TItemWrite): Promise<number> {
    const [row] = await this.db
      .insert(menuItems)
      .values({ ...values, restaurantId })
      .returning({ id: menuItems.id });
    return row!.id;
  }

  async insertItems(restaurantId: number, values: TItemWrite[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < values.length; i += 500) {
      const rows = await this.db
        .insert(menuItems)
        .values(values.slice(i, i + 500).map((v) => ({ ...v, restaurantId })))
        .returning({ id: menuItems.id });
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  async updateItem(restaurantId: number, id: number, values: Partial<TItemWrite>): Promise<void> {
    await this.db
      .update(menuItems)
      .set(values)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)));
  }

  async deleteItem(restaurantId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.id, id)))
      .returning({ id: menuItems.id });
    return rows.length > 0;
  }

  async nextItemSort(restaurantId: number, categoryId: number | null): Promise<number> {
    const [row] = await this.db
      .select({ max: sql<number>`coalesce(max(${menuItems.sort}), -1)`.mapWith(Number) })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          categoryId === null ? isNull(menuItems.categoryId) : eq(menuItems.categoryId, categoryId),
        ),
      );
    return (row?.max ?? -1) + 1;
  }

  async itemIdsOfCategory(restaurantId: number, categoryId: number | null): Promise<number[]> {
    const rows = await this.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          categoryId === null ? isNull(menuItems.categoryId) : eq(menuItems.categoryId, categoryId),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** The item library page: filters, search (name, foreign name, item_id, pinyin), sort, page. */
  async library(restaurantId: number, f: TLibraryFilter) {
    const conditions: Array<SQL | undefined> = [eq(menuItems.restaurantId, restaurantId)];
    if (f.q) {
      const like = `%${escapeLike(f.q)}%`;
      const key = pinyinSearchKey(f.q);
      const pinyinLike = `%${escapeLike(key)}%`;
      conditions.push(
        or(
          sql`${menuItems.name} ilike ${like}`,
          sql`${menuItems.foreignName} ilike ${like}`,
          sql`${menuItems.itemCode} ilike ${`${escapeLike(f.q)}%`}`,
          ...(key && /^[a-z0-9]+$/.test(key)
            ? [sql`${menuItems.pinyinInitials} like ${pinyinLike}`, sql`${menuItems.pinyinFull} like ${pinyinLike}`]
            : []),
        ),
      );
    }
    if (f.categoryId !== undefined) conditions.push(eq(menuItems.categoryId, f.categoryId));
    if (f.channel) conditions.push(sql`coalesce((${menuItems.channels} -> ${f.channel} ->> 'visible')::boolean, true)`);
    if (f.soldOut !== undefined) conditions.push(f.soldOut ? soldOutAt(f.now) : sql`not ${soldOutAt(f.now)}`);
    if (f.minCents !== undefined) conditions.push(sql`${menuItems.priceCents} >= ${f.minCents}`);
    if (f.maxCents !== undefined) conditions.push(sql`${menuItems.priceCents} <= ${f.maxCents}`);
    const where = and(...conditions);
    const order = {
      sort: [asc(menuCategories.sort), asc(menuItems.sort), asc(menuItems.id)],
      name: [asc(menuItems.name), asc(menuItems.id)],
      '-name': [desc(menuItems.name), asc(menuItems.id)],
      price: [asc(menuItems.priceCents), asc(menuItems.id)],
      '-price': [desc(menuItems.priceCents), asc(menuItems.id)],
      itemId: [asc(menuItems.itemCode)],
      '-itemId': [desc(menuItems.itemCode)],
      '-updatedAt': [desc(menuItems.updatedAt), desc(menuItems.id)],
    }[f.sort];
    // The page is read from the items alone (their indexes stop after one page) and the categories'
    // names added after: joining first made PostgreSQL look up a category for every filtered item
    // before sorting. Only the menu's own order (category, then item) needs the join to sort.
    const page = this.db.select({ item: menuItems }).from(menuItems).$dynamic();
    const [items, categories, [counted]] = await Promise.all([
      (f.sort === 'sort' ? page.leftJoin(menuCategories, eq(menuCategories.id, menuItems.categoryId)) : page)
        .where(where)
        .orderBy(...order)
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize),
      this.db
        .select({
          id: menuCategories.id,
          name: menuCategories.name,
          taxRateMilliPercent: menuCategories.taxRateMilliPercent,
        })
        .from(menuCategories)
        .where(eq(menuCategories.restaurantId, restaurantId)),
      this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(menuItems)
        .where(where),
    ]);
    const categoryOf = new Map(categories.map((c) => [c.id, c]));
    const rows = items.map(({ item }) => {
      const category = item.categoryId === null ? undefined : categoryOf.get(item.categoryId);
      return {
        item,
        categoryName: category?.name ?? null,
        categoryTaxRateMilliPercent: category?.taxRateMilliPercent ?? null,
      };
    });
    return { rows, total: counted?.total ?? 0 };
  }

  async categoryTaxRates(restaurantId: number): Promise<Map<number, number | null>> {
    const rows = await this.db
      .select({ id: menuCategories.id, rate: menuCategories.taxRateMilliPercent })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId));
    return new Map(rows.map((r) => [r.id, r.rate]));
  }

  // --- usage ---------------------------------------------------------------------------------

  /** Items whose options link `itemId` (SPEC 5 linkedWithDBID). */
  async itemsLinking(restaurantId: number, itemId: number) {
    return this.db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          ne(menuItems.id, itemId),
          sql`jsonb_path_exists(${menuItems.options}, ${`$[*].items[*] ? (@.linkedWithDBID == ${itemId})`}::jsonpath)`,
        ),
      );
  }

  async mappingsMentioning(restaurantId: number, kind: 'category' | 'item', id: number) {
    const rows = await this.mappings(restaurantId);
    return rows.filter((m) =>
      kind === 'category'
        ? m.categories.some((c) => c.categoryId === id) || m.prefixRules.some((r) => r.categoryId === id)
        : m.categories.some((c) => c.itemIds.includes(id)),
    );
  }

  async pendingSchedulesOf(restaurantId: number, itemId: number) {
    return this.db
      .select()
      .from(menuScheduledChanges)
      .where(
        and(
          eq(menuScheduledChanges.restaurantId, restaurantId),
          eq(menuScheduledChanges.status, 'pending'),
          sql`${itemId} = any(${menuScheduledChanges.itemIds})`,
        ),
      );
  }

  async modifiersOpening(restaurantId: number, groupId: number) {
    return this.db
      .select({
        id: menuModifiers.id,
        name: menuModifiers.name,
        groupId: menuModifiers.groupId,
        groupName: menuModifierGroups.name,
      })
      .from(menuModifiers)
      .innerJoin(menuModifierGroups, eq(menuModifierGroups.id, menuModifiers.groupId))
      .where(and(eq(menuModifiers.restaurantId, restaurantId), eq(menuModifiers.childGroupId, groupId)));
  }

  async itemsOfGroup(restaurantId: number, groupId: number) {
    return this.db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItemModifierGroups)
      .innerJoin(menuItems, eq(menuItems.id, menuItemModifierGroups.itemId))
      .where(and(eq(menuItemModifierGroups.restaurantId, restaurantId), eq(menuItemModifierGroups.groupId, groupId)));
  }

  /** Items showing any of these library images (as one of their images or as the cover), by name. */
  itemsUsingImages(restaurantId: number, imageIds: number[]) {
    if (imageIds.length === 0) return Promise.resolve([]);
    const ids = sql`array[${sql.join(
      imageIds.map((id) => sql`${id}::integer`),
      sql`, `,
    )}]`;
    return this.db
      .select({
        id: menuItems.id,
        name: menuItems.name,
        imageIds: menuItems.imageIds,
        coverImageId: menuItems.coverImageId,
      })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.restaurantId, restaurantId),
          or(sql`${menuItems.imageIds} && ${ids}`, inArray(menuItems.coverImageId, imageIds)),
        ),
      )
      .orderBy(asc(menuItems.name), asc(menuItems.id));
  }

  async itemsOfCategory(restaurantId: number, categoryId: number) {
    return this.db
      .select({ id: menuItems.id, name: menuItems.name })
      .from(menuItems)
      .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.categoryId, categoryId)))
      .orderBy(asc(menuItems.sort));
  }

  // --- versions ------------------------------------------------------------------------------

  async insertVersion(values: typeof menuItemVersions.$inferInsert): Promise<void> {
    await this.db.insert(menuItemVersions).values(values);
  }

  async insertVersions(values: Array<typeof menuItemVersions.$inferInsert>): Promise<void> {
    for (let i = 0; i < values.length; i += 500)
      await this.db.insert(menuItemVersions).values(values.slice(i, i + 500));
  }

  versions(restaurantId: number, itemId: number, limit = 100) {
    return this.db
      .select({
        version: menuItemVersions.version,
        at: menuItemVersions.at,
        reason: menuItemVersions.reason,
        changes: menuItemVersions.changes,
        actorId: users.id,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
        actorEmail: users.email,
      })
      .from(menuItemVersions)
      .leftJoin(users, eq(users.id, menuItemVersions.actorUserId))
      .where(and(eq(menuItemVersions.restaurantId, restaurantId), eq(menuItemVersions.itemId, itemId)))
      .orderBy(desc(menuItemVersions.version))
      .limit(limit);
  }

  async version(restaurantId: number, itemId: number, version: number) {
    const [row] = await this.db
      .select()
      .from(menuItemVersions)
      .where(
        and(
          eq(menuItemVersions.restaurantId, restaurantId),
          eq(menuItemVersions.itemId, itemId),
          eq(menuItemVersions.version, version),
        ),
      );
    return row;
  }

  // --- channel mappings ----------------------------------------------------------------------

  async mappings(restaurantId: number) {
    return this.db.select().from(menuChannelMappings).where(eq(menuChannelMappings.restaurantId, restaurantId));
  }

  async mapping(restaurantId: number, channel: TMenuChannel) {
    const [row] = await this.db
      .select()
      .from(menuChannelMappings)
      .where(and(eq(menuChannelMappings.restaurantId, restaurantId), eq(menuChannelMappings.channel, channel)));
    return row;
  }

  async saveMapping(
    restaurantId: number,
    channel: TMenuChannel,
    categories: Array<{ categoryId: number; visible: boolean; itemIds: number[] }>,
    prefixRules: Array<{ prefix: string; categoryId: number }>,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(menuChannelMappings)
      .values({ restaurantId, channel, categories, prefixRules, updatedAt: at })
      .onConflictDoUpdate({
        target: [menuChannelMappings.restaurantId, menuChannelMappings.channel],
        set: { categories, prefixRules, updatedAt: at },
      });
  }

  // --- scheduled changes ---------------------------------------------------------------------

  async insertSchedule(values: typeof menuScheduledChanges.$inferInsert): Promise<TScheduledRow> {
    const [row] = await this.db.insert(menuScheduledChanges).values(values).returning();
    return row!;
  }

  async schedule(id: number, restaurantId?: number, forUpdate = false): Promise<TScheduledRow | undefined> {
    const query = this.db
      .select()
      .from(menuScheduledChanges)
      .where(
        and(
          eq(menuScheduledChanges.id, id),
          restaurantId === undefined ? undefined : eq(menuScheduledChanges.restaurantId, restaurantId),
        ),
      );
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  }

  schedules(restaurantId: number, filter: { itemId?: number | undefined; status?: string | undefined }) {
    return this.db
      .select({
        change: menuScheduledChanges,
        creatorFirstName: users.firstName,
        creatorLastName: users.lastName,
        creatorEmail: users.email,
      })
      .from(menuScheduledChanges)
      .leftJoin(users, eq(users.id, menuScheduledChanges.createdBy))
      .where(
        and(
          eq(menuScheduledChanges.restaurantId, restaurantId),
          filter.itemId === undefined ? undefined : sql`${filter.itemId} = any(${menuScheduledChanges.itemIds})`,
          filter.status === undefined
            ? undefined
            : eq(menuScheduledChanges.status, filter.status as TScheduledRow['status']),
        ),
      )
      .orderBy(desc(menuScheduledChanges.at))
      .limit(200);
  }

  async updateSchedule(id: number, values: Partial<typeof menuScheduledChanges.$inferInsert>): Promise<void> {
    await this.db.update(menuScheduledChanges).set(values).where(eq(menuScheduledChanges.id, id));
  }

  /** Pending changes already due (a restart that lost nothing still finds them; the job is the usual path). */
  dueSchedules(now: Date) {
    return this.db
      .select({ id: menuScheduledChanges.id })
      .from(menuScheduledChanges)
      .where(
        and(
          eq(menuScheduledChanges.status, 'pending'),
          sql`${menuScheduledChanges.at} <= ${now.toISOString()}::timestamptz`,
        ),
      );
  }

  /** Soonest sold-out end after `now`: the published menu changes then. */
  async nextSoldOutEnd(restaurantId: number, now: Date): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sql<string | null>`min(${menuItems.soldOutUntil})` })
      .from(menuItems)
      .where(
        and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.soldOut, true), gt(menuItems.soldOutUntil, now)),
      );
    return row?.at ? new Date(row.at) : null;
  }
}
