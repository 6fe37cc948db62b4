import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { ERROR_CODES } from '@ra/shared/errors';
import { normaliseDishHours } from '@ra/shared/menu/dish-hours';
import { MENU_MESSAGES, menuMessage, type TMenuMessageKey } from '@ra/shared/menu/menu.messages';
import type {
  ZBulkEditRequest,
  ZCategoryInput,
  ZLibraryQuery,
  ZMenuGroupInput,
  ZModifierGroupInput,
  ZScheduleRequest,
  ZSoldOutRequest,
} from '@ra/shared/menu/menu.schemas';
import {
  MENU_CHANNELS,
  ZItemInput,
  type TBulkEditPreviewResponse,
  type TCategory,
  type TCategoryInput,
  type TCategoryListResponse,
  type TItem,
  type TItemInputParsed,
  type TItemVersion,
  type TLibraryQuery,
  type TLibraryResponse,
  type TMenuChannel,
  type TMenuGroup,
  type TMenuGroupInput,
  type TModifierGroup,
  type TModifierGroupInput,
  type TScheduledChange,
  type TUsage,
} from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import { pinyinOf } from './menu-pinyin.ts';
import { MenuRepository } from './menu.repository.ts';
import type { Database } from '../../db/client.ts';
import {
  soldOutAt,
  type TCategoryRow,
  type TItemRow,
  type TItemWrite,
  type TModifierGroupRow,
  type TModifierRow,
  type TScheduledRow,
} from './menu.repository.ts';
import { nestingProblem } from './modifier-nesting.ts';

export const en = (key: TMenuMessageKey) => MENU_MESSAGES[key].en;
export const menuFieldError = (field: string, key: TMenuMessageKey, params: Record<string, string | number> = {}) =>
  new FieldError(field, menuMessage(key, 'en', params));
export const menuConflict = (key: TMenuMessageKey) => new AppError(409, ERROR_CODES.conflict, en(key));

/** A delete refused because the entry is used: the route answers 409 with the list. */
export class UsedElsewhereError extends AppError {
  constructor(readonly usage: TUsage) {
    super(409, ERROR_CODES.conflict, en('menu.usedElsewhere'));
  }
}

/** Who did it: a person, or the server applying a scheduled change. */
export type TActor = { userId: number | null; ip?: string | undefined };
const actorOf = (auth: AuthContext, ip?: string): TActor => ({ userId: auth.userId, ip });

// --- item shapes ------------------------------------------------------------------------------

/** The editable fields of an item, as a version stores them and the item form edits them. */
export type TItemSnapshot = TItemInputParsed & { soldOut: boolean; soldOutUntil: string | null };
const SNAPSHOT_FIELDS = [
  ...(Object.keys(ZItemInput.shape) as Array<keyof TItemInputParsed>),
  'soldOut',
  'soldOutUntil',
] as const;

export function snapshotOf(row: TItemRow, modifierGroupIds: number[]): TItemSnapshot {
  return {
    itemId: row.itemCode,
    name: row.name,
    foreignName: row.foreignName,
    printName: row.printName,
    priceCents: row.priceCents,
    categoryId: row.categoryId,
    description: row.description,
    subtitle: row.subtitle,
    imageIds: row.imageIds,
    coverImageId: row.coverImageId,
    detailsHtml: row.detailsHtml,
    options: row.options,
    openPrice: row.openPrice,
    unit: row.unit,
    promoPriceCents: row.promoPriceCents,
    taxRateMilliPercent: row.taxRateMilliPercent,
    taxIncluded: row.taxIncluded,
    openKitchen: row.openKitchen,
    minOrderQty: row.minOrderQty,
    maxOrderQty: row.maxOrderQty,
    hideWhenUnavailable: row.hideWhenUnavailable,
    dishHours: row.dishHours,
    channels: {
      ...Object.fromEntries(MENU_CHANNELS.map((c) => [c, { visible: true, priceCents: null }])),
      ...row.channels,
    } as TItemSnapshot['channels'],
    printers: row.printers,
    modifierGroupIds,
    barcodeType: row.barcodeType as TItemSnapshot['barcodeType'],
    barcodeData: row.barcodeData,
    costCents: row.costCents,
    globalPrices: row.globalPrices,
    areaItem: row.areaItem,
    redeemable: row.redeemable,
    rewardable: row.rewardable,
    soldOut: row.soldOut,
    soldOutUntil: row.soldOutUntil?.toISOString() ?? null,
  };
}

/** The columns an item input writes (pinyin computed here, on save, for the search index). */
export function itemColumns(
  input: TItemInputParsed,
): Omit<TItemWrite, 'sort' | 'version' | 'updatedAt' | 'soldOut' | 'soldOutUntil'> {
  const pinyin = pinyinOf(input.name, input.foreignName);
  return {
    itemCode: input.itemId,
    name: input.name,
    foreignName: input.foreignName,
    printName: input.printName,
    priceCents: input.priceCents,
    categoryId: input.categoryId,
    description: input.description,
    subtitle: input.subtitle,
    imageIds: input.imageIds,
    coverImageId: input.coverImageId,
    detailsHtml: input.detailsHtml,
    options: input.options,
    openPrice: input.openPrice,
    unit: input.unit,
    promoPriceCents: input.promoPriceCents,
    taxRateMilliPercent: input.taxRateMilliPercent,
    taxIncluded: input.taxIncluded,
    openKitchen: input.openKitchen,
    minOrderQty: input.minOrderQty,
    maxOrderQty: input.maxOrderQty,
    hideWhenUnavailable: input.hideWhenUnavailable,
    dishHours: normaliseDishHours(input.dishHours) ?? '',
    channels: input.channels,
    printers: input.printers,
    barcodeType: input.barcodeType,
    barcodeData: input.barcodeData,
    costCents: input.costCents,
    globalPrices: input.globalPrices,
    areaItem: input.areaItem,
    redeemable: input.redeemable,
    rewardable: input.rewardable,
    pinyinFull: pinyin.full,
    pinyinInitials: pinyin.initials,
  };
}

/** JSON with object keys sorted: a jsonb column gives its keys back in its own order, not the form's. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

export function diffSnapshots(before: TItemSnapshot | null, after: TItemSnapshot) {
  if (!before) return [];
  return SNAPSHOT_FIELDS.filter((field) => !same(before[field], after[field])).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

export const isSoldOutAt = (row: Pick<TItemRow, 'soldOut' | 'soldOutUntil'>, now: Date) =>
  row.soldOut && (row.soldOutUntil === null || row.soldOutUntil > now);

function fullName(first: string | null, last: string | null, email: string | null) {
  return `${first ?? ''} ${last ?? ''}`.trim() || (email ?? '');
}

/**
 * The menu (issue 8): categories, menu groups, modifier groups, items with versions, sold out, bulk
 * edit and scheduled changes. Every call is scoped to the caller's restaurant; every write bumps the
 * menu revision and records an audit row in the same transaction.
 */
export class MenuService {
  constructor(
    readonly repo: MenuRepository,
    readonly clock: Clock,
    /** Checks image ids against the media library once it exists; accepts any id meanwhile. */
    readonly imagesExist: (restaurantId: number, ids: number[]) => Promise<boolean> = async () => true,
    /**
     * Locks the library images an item is saved with, in the write's transaction `db`, so a delete of
     * one waits for the save (and then sees the item use it) or the save for the delete (and then
     * refuses the gone image); false when one is gone. Accepts any id without a library.
     */
    readonly lockImages: (restaurantId: number, ids: number[], db: Database) => Promise<boolean> = async () => true,
  ) {}

  /** Runs a menu write: one transaction, the revision bumped, one audit row. */
  async write<T>(
    restaurantId: number,
    actor: TActor,
    audit: {
      action: string;
      targetType: string;
      targetId?: number | null;
      details?: (result: T) => Record<string, unknown>;
    },
    work: (repo: MenuRepository, now: Date) => Promise<T>,
    /** Another module's transaction to write in (a savepoint of it); the menu's own by default. */
    on: MenuRepository = this.repo,
  ): Promise<T> {
    const now = this.clock.now();
    return on.transaction(async (repo, auditLog: AuditRepository) => {
      const result = await work(repo, now);
      await repo.bumpRevision(restaurantId, now);
      await auditLog.record({
        restaurantId,
        actorUserId: actor.userId,
        action: audit.action,
        targetType: audit.targetType,
        targetId: audit.targetId == null ? undefined : String(audit.targetId),
        details: audit.details?.(result) ?? {},
        ip: actor.ip,
        at: now,
      });
      return result;
    });
  }

  // --- categories ----------------------------------------------------------------------------

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
      const savedId = await this.write(
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
    await this.write(
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

  /** A reorder lists every entry once (issue 8 "reorder endpoints that take the full new order"). */
  private assertFullOrder(given: number[], existing: number[]) {
    const all = new Set(existing);
    if (given.length !== all.size || given.some((id) => !all.has(id)))
      throw menuFieldError('ids', 'menu.orderIncomplete');
  }

  async reorder(
    auth: AuthContext,
    table: 'categories' | 'groups' | 'modifierGroups',
    ids: number[],
    ip: string,
  ): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const existing =
      table === 'categories'
        ? await this.repo.categoryIds(restaurantId)
        : table === 'groups'
          ? (await this.repo.menuGroups(restaurantId)).map((g) => g.id)
          : (await this.repo.modifierGroupRows(restaurantId)).map((g) => g.id);
    this.assertFullOrder(ids, existing);
    await this.write(
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
    const row = await this.write(
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
    await this.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.group.delete', targetType: 'menuGroup', targetId: id },
      async (repo) => {
        if (!(await repo.deleteMenuGroup(restaurantId, id))) throw notFound();
      },
    );
    return { ok: true };
  }

  // --- modifier groups -----------------------------------------------------------------------

  toModifierGroup(row: TModifierGroupRow, modifiers: TModifierRow[], itemIds: number[]): TModifierGroup {
    return {
      id: row.id,
      name: row.name,
      foreignName: row.foreignName,
      priceCents: row.priceCents,
      required: row.required,
      visible: row.visible,
      autoPopup: row.autoPopup,
      minSelections: row.minSelections,
      maxSelections: row.maxSelections,
      maxDifferent: row.maxDifferent,
      freeSelections: row.freeSelections,
      printers: row.printers,
      modifiers: modifiers.map((m) => ({
        id: m.id,
        name: m.name,
        foreignName: m.foreignName,
        priceCents: m.priceCents,
        maxQuantity: m.maxQuantity,
        childGroupId: m.childGroupId,
        sort: m.sort,
      })),
      itemIds,
      sort: row.sort,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async modifierGroups(restaurantId: number, ids?: number[]): Promise<TModifierGroup[]> {
    const [groups, modifiers, links] = await Promise.all([
      this.repo.modifierGroupRows(restaurantId, ids),
      this.repo.modifierRows(restaurantId, ids),
      this.repo.groupItemLinks(restaurantId, ids),
    ]);
    const modsBy = new Map<number, TModifierRow[]>();
    for (const m of modifiers) modsBy.set(m.groupId, [...(modsBy.get(m.groupId) ?? []), m]);
    const itemsBy = new Map<number, number[]>();
    for (const l of links) itemsBy.set(l.groupId, [...(itemsBy.get(l.groupId) ?? []), l.itemId]);
    return groups.map((g) => this.toModifierGroup(g, modsBy.get(g.id) ?? [], itemsBy.get(g.id) ?? []));
  }

  /** The choices for an item's or a modifier group's printers (issue 8 "printers"). */
  async listPrinters(auth: AuthContext): Promise<{ printers: string[] }> {
    return { printers: await this.repo.printerNames(requireRestaurantId(auth)) };
  }

  async listModifierGroups(auth: AuthContext) {
    return { groups: await this.modifierGroups(requireRestaurantId(auth)) };
  }

  async getModifierGroup(auth: AuthContext, id: number): Promise<TModifierGroup> {
    const [group] = await this.modifierGroups(requireRestaurantId(auth), [id]);
    if (!group) throw notFound();
    return group;
  }

  async saveModifierGroup(
    auth: AuthContext,
    id: number | null,
    body: z.output<typeof ZModifierGroupInput>,
    ip: string,
  ): Promise<TModifierGroup> {
    const restaurantId = requireRestaurantId(auth);
    const groups = await this.repo.modifierGroupRows(restaurantId);
    const names = new Map(groups.map((g) => [g.id, g.name]));
    if (id !== null && !names.has(id)) throw notFound();
    body.modifiers.forEach((m, i) => {
      if (m.childGroupId !== null && !names.has(m.childGroupId))
        throw menuFieldError(`modifiers.${i}.childGroupId`, 'menu.modifierGroupNotFound');
    });
    if (id !== null) {
      const own = new Set(await this.repo.modifierIdsOfGroup(restaurantId, id));
      body.modifiers.forEach((m, i) => {
        if (m.id !== undefined && !own.has(m.id))
          throw menuFieldError(`modifiers.${i}.id`, 'menu.modifierGroupNotFound');
      });
    } else if (body.modifiers.some((m) => m.id !== undefined)) {
      throw menuFieldError('modifiers', 'menu.modifierGroupNotFound');
    }
    const existingItems = await this.repo.itemIdsExisting(restaurantId, body.itemIds);
    const missing = body.itemIds.findIndex((itemId) => !existingItems.has(itemId));
    if (missing >= 0) throw menuFieldError(`itemIds.${missing}`, 'menu.itemNotFound');

    // Nesting (issue 8): the group graph as it would be after this save, refused on a loop or a 4th level.
    const edges = await this.repo.nestingEdges(restaurantId);
    const selfId = id ?? -1;
    names.set(selfId, body.name);
    edges.set(
      selfId,
      body.modifiers.flatMap((m) => (m.childGroupId === null ? [] : [m.childGroupId])),
    );
    const problem = nestingProblem(edges, selfId);
    if (problem) {
      const path = problem.path.map((g) => names.get(g) ?? String(g)).join(' › ');
      throw menuFieldError('modifiers', problem.kind === 'loop' ? 'menu.nestingLoop' : 'menu.nestingTooDeep', { path });
    }

    const { modifiers, itemIds, ...fields } = body;
    try {
      const savedId = await this.write<number>(
        restaurantId,
        actorOf(auth, ip),
        {
          action: id ? 'menu.modifierGroup.update' : 'menu.modifierGroup.create',
          targetType: 'menuModifierGroup',
          targetId: id,
          details: (saved) => ({ id: saved, name: body.name, modifiers: modifiers.length, items: itemIds.length }),
        },
        async (repo, now) => {
          let groupId = id;
          if (groupId === null) groupId = await repo.insertModifierGroup(restaurantId, { ...fields, updatedAt: now });
          else if (!(await repo.updateModifierGroup(restaurantId, groupId, { ...fields, updatedAt: now })))
            throw notFound();
          await repo.replaceModifiers(restaurantId, groupId, modifiers);
          await repo.setGroupItems(restaurantId, groupId, itemIds);
          return groupId;
        },
      );
      const [saved] = await this.modifierGroups(restaurantId, [savedId]);
      return saved!;
    } catch (error) {
      if (uniqueViolation(error) === 'menu_modifier_groups_restaurant_name_idx')
        throw menuFieldError('name', 'menu.nameTaken');
      throw error;
    }
  }

  async modifierGroupUsage(auth: AuthContext, id: number): Promise<TUsage> {
    const restaurantId = requireRestaurantId(auth);
    if ((await this.repo.modifierGroupRows(restaurantId, [id])).length === 0) throw notFound();
    const [items, openers] = await Promise.all([
      this.repo.itemsOfGroup(restaurantId, id),
      this.repo.modifiersOpening(restaurantId, id),
    ]);
    return {
      usedIn: [
        ...items.map((i) => ({ kind: 'item' as const, id: i.id, name: i.name })),
        ...openers.map((m) => ({ kind: 'modifier' as const, id: m.id, name: `${m.groupName} › ${m.name}` })),
      ],
    };
  }

  async deleteModifierGroup(auth: AuthContext, id: number, force: boolean, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const usage = await this.modifierGroupUsage(auth, id);
    if (usage.usedIn.length && !force) throw new UsedElsewhereError(usage);
    await this.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: 'menu.modifierGroup.delete',
        targetType: 'menuModifierGroup',
        targetId: id,
        details: () => ({ usedIn: usage.usedIn.length }),
      },
      async (repo) => {
        if (!(await repo.deleteModifierGroup(restaurantId, id))) throw notFound();
      },
    );
    return { ok: true };
  }

  // --- items ---------------------------------------------------------------------------------

  async toItems(restaurantId: number, rows: TItemRow[]): Promise<TItem[]> {
    if (rows.length === 0) return [];
    const now = this.clock.now();
    const [groups, rates, settings] = await Promise.all([
      this.repo.itemGroupIds(
        restaurantId,
        rows.map((r) => r.id),
      ),
      this.repo.categoryTaxRates(restaurantId),
      this.repo.restaurantSettings(restaurantId),
    ]);
    return rows.map((row) => {
      const snapshot = snapshotOf(row, groups.get(row.id) ?? []);
      return {
        ...snapshot,
        id: row.id,
        effectiveTaxRateMilliPercent:
          row.taxRateMilliPercent ??
          (row.categoryId !== null ? rates.get(row.categoryId) : null) ??
          settings.defaultTaxRateMilliPercent,
        soldOut: isSoldOutAt(row, now),
        soldOutUntil: isSoldOutAt(row, now) ? snapshot.soldOutUntil : null,
        sort: row.sort,
        version: row.version,
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async getItem(auth: AuthContext, id: number): Promise<TItem> {
    const restaurantId = requireRestaurantId(auth);
    const row = await this.repo.item(restaurantId, id);
    if (!row) throw notFound();
    return (await this.toItems(restaurantId, [row]))[0]!;
  }

  async library(auth: AuthContext, query: z.output<typeof ZLibraryQuery>): Promise<TLibraryResponse> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const [{ rows, total }, settings] = await Promise.all([
      this.repo.library(restaurantId, { ...query, now }),
      this.repo.restaurantSettings(restaurantId),
    ]);
    return {
      items: rows.map(({ item, categoryName, categoryTaxRateMilliPercent }) => ({
        id: item.id,
        itemId: item.itemCode,
        name: item.name,
        foreignName: item.foreignName,
        categoryId: item.categoryId,
        categoryName,
        priceCents: item.priceCents,
        effectiveTaxRateMilliPercent:
          item.taxRateMilliPercent ?? categoryTaxRateMilliPercent ?? settings.defaultTaxRateMilliPercent,
        channels: snapshotOf(item, []).channels,
        dishHours: item.dishHours,
        coverImageId: item.coverImageId,
        soldOut: isSoldOutAt(item, now),
        soldOutUntil: isSoldOutAt(item, now) ? (item.soldOutUntil?.toISOString() ?? null) : null,
        updatedAt: item.updatedAt.toISOString(),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** References an item input makes that only the database can check: category, groups, images, links. */
  async checkItemReferences(restaurantId: number, input: TItemInputParsed, selfId: number | null): Promise<void> {
    if (input.categoryId !== null && !(await this.repo.category(restaurantId, input.categoryId)))
      throw menuFieldError('categoryId', 'menu.categoryNotFound');
    if (input.modifierGroupIds.length) {
      const found = new Set((await this.repo.modifierGroupRows(restaurantId, input.modifierGroupIds)).map((g) => g.id));
      const bad = input.modifierGroupIds.findIndex((g) => !found.has(g));
      if (bad >= 0) throw menuFieldError(`modifierGroupIds.${bad}`, 'menu.modifierGroupNotFound');
    }
    if (input.imageIds.length && !(await this.imagesExist(restaurantId, input.imageIds)))
      throw menuFieldError('imageIds', 'menu.imageNotFound');
    const linked = input.options.flatMap((o, i) =>
      o.items.flatMap((c, j) =>
        c.linkedWithDBID === null ? [] : [{ at: `options.${i}.items.${j}.linkedWithDBID`, id: c.linkedWithDBID }],
      ),
    );
    if (linked.length) {
      const found = await this.repo.itemIdsExisting(
        restaurantId,
        linked.map((l) => l.id),
      );
      const bad = linked.find((l) => !found.has(l.id) && l.id !== selfId);
      if (bad) throw menuFieldError(bad.at, 'menu.itemNotFound');
    }
  }

  /** Writes an item's new state and, when anything changed, its next version (issue 8 "Versions"). */
  async saveItemState(
    repo: MenuRepository,
    restaurantId: number,
    before: { row: TItemRow; groups: number[] } | null,
    next: { columns: Partial<TItemWrite>; groups?: number[] },
    reason: TItemVersion['reason'],
    actor: TActor,
    now: Date,
  ): Promise<{ id: number; changed: boolean }> {
    const imageIds = next.columns.imageIds;
    if (imageIds?.length && !(await this.lockImages(restaurantId, imageIds, repo.db)))
      throw menuFieldError('imageIds', 'menu.imageNotFound');
    if (!before) {
      const sort = await repo.nextItemSort(restaurantId, next.columns.categoryId ?? null);
      const id = await repo.insertItem(restaurantId, {
        sort,
        version: 1,
        updatedAt: now,
        ...(next.columns as TItemWrite),
      });
      await repo.setItemGroups(restaurantId, id, next.groups ?? []);
      const row = (await repo.item(restaurantId, id))!;
      await repo.insertVersion({
        restaurantId,
        itemId: id,
        version: 1,
        reason,
        actorUserId: actor.userId,
        at: now,
        snapshot: snapshotOf(row, next.groups ?? []),
        changes: [],
      });
      return { id, changed: true };
    }
    const groups = next.groups ?? before.groups;
    const afterRow = { ...before.row, ...next.columns } as TItemRow;
    const beforeSnap = snapshotOf(before.row, before.groups);
    const afterSnap = snapshotOf(afterRow, groups);
    const changes = diffSnapshots(beforeSnap, afterSnap);
    if (changes.length === 0) return { id: before.row.id, changed: false };
    const version = before.row.version + 1;
    if (
      next.columns.categoryId !== undefined &&
      next.columns.categoryId !== before.row.categoryId &&
      next.columns.sort === undefined
    )
      next.columns.sort = await repo.nextItemSort(restaurantId, next.columns.categoryId);
    await repo.updateItem(restaurantId, before.row.id, { ...next.columns, version, updatedAt: now });
    if (next.groups && !same(next.groups, before.groups))
      await repo.setItemGroups(restaurantId, before.row.id, next.groups);
    await repo.insertVersion({
      restaurantId,
      itemId: before.row.id,
      version,
      reason,
      actorUserId: actor.userId,
      at: now,
      snapshot: afterSnap,
      changes,
    });
    return { id: before.row.id, changed: true };
  }

  /**
   * The image library deletes an image after the person confirmed the items that show it: each of
   * them loses the image (the next one becomes the cover), with a version, in the library's
   * transaction `db` that deletes the image (both or neither).
   */
  async releaseImage(restaurantId: number, imageId: number, actor: TActor, db: Database): Promise<void> {
    const on = new MenuRepository(db);
    const using = await on.itemsUsingImages(restaurantId, [imageId]);
    if (using.length === 0) return;
    await this.write(
      restaurantId,
      actor,
      {
        action: 'menu.item.imageRemoved',
        targetType: 'mediaImage',
        targetId: imageId,
        details: () => ({ items: using.map((i) => i.id) }),
      },
      async (repo, now) => {
        for (const { id } of using) {
          const row = await repo.item(restaurantId, id, true);
          if (!row) continue;
          const imageIds = row.imageIds.filter((x) => x !== imageId);
          const coverImageId = row.coverImageId === imageId ? (imageIds[0] ?? null) : row.coverImageId;
          const groups = (await repo.itemGroupIds(restaurantId, [row.id])).get(row.id) ?? [];
          await this.saveItemState(
            repo,
            restaurantId,
            { row, groups },
            { columns: { imageIds, coverImageId } },
            'update',
            actor,
            now,
          );
        }
      },
      on,
    );
  }

  async saveItem(auth: AuthContext, id: number | null, input: TItemInputParsed, ip: string): Promise<TItem> {
    const restaurantId = requireRestaurantId(auth);
    if (id !== null && !(await this.repo.item(restaurantId, id))) throw notFound();
    if (await this.repo.itemCodeTaken(restaurantId, input.itemId, id ?? undefined))
      throw menuFieldError('itemId', 'menu.itemIdTaken');
    await this.checkItemReferences(restaurantId, input, id);
    try {
      const result = await this.write<{ id: number; changed: boolean }>(
        restaurantId,
        actorOf(auth, ip),
        {
          action: id ? 'menu.item.update' : 'menu.item.create',
          targetType: 'menuItem',
          targetId: id,
          details: (r) => ({ id: r.id, itemId: input.itemId, name: input.name }),
        },
        async (repo, now) => {
          const row = id === null ? null : await repo.item(restaurantId, id, true);
          if (id !== null && !row) throw notFound();
          const before = row
            ? { row, groups: (await repo.itemGroupIds(restaurantId, [row.id])).get(row.id) ?? [] }
            : null;
          return this.saveItemState(
            repo,
            restaurantId,
            before,
            { columns: itemColumns(input), groups: input.modifierGroupIds },
            id ? 'update' : 'create',
            actorOf(auth, ip),
            now,
          );
        },
      );
      return this.getItem(auth, result.id);
    } catch (error) {
      if (uniqueViolation(error) === 'menu_items_restaurant_code_idx')
        throw menuFieldError('itemId', 'menu.itemIdTaken');
      throw error;
    }
  }

  async itemUsage(auth: AuthContext, id: number): Promise<TUsage> {
    const restaurantId = requireRestaurantId(auth);
    if (!(await this.repo.item(restaurantId, id))) throw notFound();
    const [linking, mappings, schedules] = await Promise.all([
      this.repo.itemsLinking(restaurantId, id),
      this.repo.mappingsMentioning(restaurantId, 'item', id),
      this.repo.pendingSchedulesOf(restaurantId, id),
    ]);
    return {
      usedIn: [
        ...linking.map((i) => ({ kind: 'item' as const, id: i.id, name: i.name })),
        ...mappings.map((m) => ({ kind: 'channelMapping' as const, id, name: m.channel, channel: m.channel })),
        ...schedules.map((s) => ({ kind: 'scheduledChange' as const, id: s.id, name: s.at.toISOString() })),
      ],
    };
  }

  async deleteItem(auth: AuthContext, id: number, force: boolean, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const usage = await this.itemUsage(auth, id);
    if (usage.usedIn.length && !force) throw new UsedElsewhereError(usage);
    const item = (await this.repo.item(restaurantId, id))!;
    await this.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: 'menu.item.delete',
        targetType: 'menuItem',
        targetId: id,
        details: () => ({ itemId: item.itemCode, name: item.name }),
      },
      async (repo, now) => {
        for (const mapping of await repo.mappingsMentioning(restaurantId, 'item', id)) {
          await repo.saveMapping(
            restaurantId,
            mapping.channel,
            mapping.categories.map((c) => ({ ...c, itemIds: c.itemIds.filter((i) => i !== id) })),
            mapping.prefixRules,
            now,
          );
        }
        for (const schedule of await repo.pendingSchedulesOf(restaurantId, id)) {
          const rest = schedule.itemIds.filter((i) => i !== id);
          await repo.updateSchedule(
            schedule.id,
            rest.length ? { itemIds: rest } : { itemIds: rest, status: 'cancelled' },
          );
        }
        await repo.deleteItem(restaurantId, id);
      },
    );
    return { ok: true };
  }

  async reorderItems(auth: AuthContext, categoryId: number | null, ids: number[], ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    this.assertFullOrder(ids, await this.repo.itemIdsOfCategory(restaurantId, categoryId));
    await this.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.items.reorder', targetType: 'menuCategory', targetId: categoryId, details: () => ({ ids }) },
      (repo) => repo.reorderItems(restaurantId, ids),
    );
    return { ok: true };
  }

  /** 'endOfDay': the end of the restaurant's current business day (time zone and hourOffsetEndOfDay). */
  async resolveUntil(restaurantId: number, until: string | null, now: Date): Promise<Date | null> {
    if (until === null) return null;
    if (until !== 'endOfDay') {
      const at = new Date(until);
      if (at <= now) throw menuFieldError('until', 'menu.dateInPast');
      return at;
    }
    const { timeZone, hourOffsetEndOfDay } = await this.repo.restaurantSettings(restaurantId);
    return businessDayBounds(businessDayOf(now, timeZone, hourOffsetEndOfDay), timeZone, hourOffsetEndOfDay).end;
  }

  async setSoldOut(auth: AuthContext, body: z.output<typeof ZSoldOutRequest>, ip: string) {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const until = body.soldOut ? await this.resolveUntil(restaurantId, body.until, now) : null;
    await this.applyToItems(restaurantId, actorOf(auth, ip), body.ids, 'soldOut', 'menu.item.soldOut', () => ({
      columns: { soldOut: body.soldOut, soldOutUntil: until },
    }));
    const rows = await this.repo.items(restaurantId, body.ids);
    return {
      items: rows.map((r) => ({
        id: r.id,
        soldOut: isSoldOutAt(r, now),
        soldOutUntil: isSoldOutAt(r, now) ? (r.soldOutUntil?.toISOString() ?? null) : null,
      })),
    };
  }

  /**
   * Changes many items in one transaction, each with its version; every id must be the restaurant's
   * (404 otherwise, nothing changed). Returns how many items changed.
   */
  async applyToItems(
    restaurantId: number,
    actor: TActor,
    ids: number[],
    reason: TItemVersion['reason'],
    action: string,
    change: (row: TItemRow, groups: number[]) => { columns: Partial<TItemWrite>; groups?: number[] },
    details: Record<string, unknown> = {},
  ): Promise<number> {
    return this.write(
      restaurantId,
      actor,
      { action, targetType: 'menuItem', details: (count) => ({ ids, changed: count, ...details }) },
      async (repo, now) => {
        const rows = await repo.items(restaurantId, ids, true);
        if (rows.length !== ids.length) throw notFound();
        const groups = await repo.itemGroupIds(restaurantId, ids);
        let changed = 0;
        for (const row of rows) {
          const g = groups.get(row.id) ?? [];
          const result = await this.saveItemState(
            repo,
            restaurantId,
            { row, groups: g },
            change(row, g),
            reason,
            actor,
            now,
          );
          if (result.changed) changed += 1;
        }
        return changed;
      },
    );
  }

  // --- bulk edit -----------------------------------------------------------------------------

  private async bulkPlan(restaurantId: number, body: z.output<typeof ZBulkEditRequest>) {
    const rows = await this.repo.items(restaurantId, body.ids);
    if (rows.length !== body.ids.length) throw notFound();
    const c = body.change;
    if (c.kind === 'category' && c.categoryId !== null && !(await this.repo.category(restaurantId, c.categoryId)))
      throw menuFieldError('change.categoryId', 'menu.categoryNotFound');
    const now = this.clock.now();
    const until = c.kind === 'soldOut' && c.soldOut ? await this.resolveUntil(restaurantId, c.until, now) : null;
    return rows.map((row) => {
      let field: string;
      let before: unknown;
      let after: unknown;
      let columns: Partial<TItemWrite>;
      let problem: string | null = null;
      switch (c.kind) {
        case 'price': {
          field = 'priceCents';
          before = row.priceCents;
          const next =
            c.mode === 'set'
              ? c.value
              : c.mode === 'amount'
                ? row.priceCents + c.value
                : Math.round((row.priceCents * (10_000 + c.value)) / 10_000);
          after = next;
          if (next < 0) problem = menuMessage('menu.priceWouldBeNegative', 'en', { name: row.name });
          columns = { priceCents: next };
          break;
        }
        case 'category':
          field = 'categoryId';
          before = row.categoryId;
          after = c.categoryId;
          columns = { categoryId: c.categoryId };
          break;
        case 'taxRate':
          field = 'taxRateMilliPercent';
          before = row.taxRateMilliPercent;
          after = c.taxRateMilliPercent;
          columns = { taxRateMilliPercent: c.taxRateMilliPercent };
          break;
        case 'soldOut':
          field = 'soldOut';
          before = isSoldOutAt(row, now);
          after = c.soldOut;
          columns = { soldOut: c.soldOut, soldOutUntil: until };
          break;
        case 'channel': {
          field = `channels.${c.channel}.visible`;
          const channels = snapshotOf(row, []).channels;
          before = channels[c.channel].visible;
          after = c.visible;
          columns = { channels: { ...channels, [c.channel]: { ...channels[c.channel], visible: c.visible } } };
          break;
        }
      }
      return {
        row,
        field,
        before,
        after,
        columns,
        problem,
        changed: !same(before, after) || (c.kind === 'soldOut' && c.soldOut),
      };
    });
  }

  async bulkPreview(auth: AuthContext, body: z.output<typeof ZBulkEditRequest>): Promise<TBulkEditPreviewResponse> {
    const plan = await this.bulkPlan(requireRestaurantId(auth), body);
    return {
      rows: plan.map((p) => ({
        id: p.row.id,
        itemId: p.row.itemCode,
        name: p.row.name,
        field: p.field,
        before: p.before,
        after: p.after,
        changed: p.changed,
        problem: p.problem,
      })),
      changedCount: plan.filter((p) => p.changed && !p.problem).length,
      problemCount: plan.filter((p) => p.problem).length,
    };
  }

  async bulkApply(
    auth: AuthContext,
    body: z.output<typeof ZBulkEditRequest>,
    ip: string,
  ): Promise<{ changedCount: number }> {
    const restaurantId = requireRestaurantId(auth);
    const plan = await this.bulkPlan(restaurantId, body);
    const problem = plan.find((p) => p.problem);
    if (problem) throw new FieldError('change', problem.problem!);
    const byId = new Map(plan.map((p) => [p.row.id, p]));
    const changedCount = await this.applyToItems(
      restaurantId,
      actorOf(auth, ip),
      body.ids,
      'bulk',
      'menu.item.bulk',
      // The change is worked out again on the locked row, so a price edited since the preview is not lost.
      (row) => {
        const planned = byId.get(row.id)!;
        if (body.change.kind === 'price' && body.change.mode !== 'set') {
          const c = body.change;
          const next =
            c.mode === 'amount' ? row.priceCents + c.value : Math.round((row.priceCents * (10_000 + c.value)) / 10_000);
          if (next < 0)
            throw new FieldError('change', menuMessage('menu.priceWouldBeNegative', 'en', { name: row.name }));
          return { columns: { priceCents: next } };
        }
        return { columns: planned.columns };
      },
      { change: body.change },
    );
    return { changedCount };
  }

  // --- versions ------------------------------------------------------------------------------

  async versions(auth: AuthContext, itemId: number): Promise<{ versions: TItemVersion[] }> {
    const restaurantId = requireRestaurantId(auth);
    if (!(await this.repo.item(restaurantId, itemId))) throw notFound();
    const rows = await this.repo.versions(restaurantId, itemId);
    return {
      versions: rows.map((r) => ({
        version: r.version,
        at: r.at.toISOString(),
        reason: r.reason as TItemVersion['reason'],
        actor:
          r.actorId === null
            ? null
            : { id: r.actorId, name: fullName(r.actorFirstName, r.actorLastName, r.actorEmail) },
        changes: r.changes,
      })),
    };
  }

  async restore(auth: AuthContext, itemId: number, version: number, ip: string): Promise<TItem> {
    const restaurantId = requireRestaurantId(auth);
    if (!(await this.repo.item(restaurantId, itemId))) throw notFound();
    const stored = await this.repo.version(restaurantId, itemId, version);
    if (!stored) throw menuFieldError('version', 'menu.versionNotFound');
    // An old version may name a category, group or linked item deleted since: those references drop.
    const snapshot = stored.snapshot as TItemSnapshot;
    const input = ZItemInput.parse(snapshot);
    if (input.categoryId !== null && !(await this.repo.category(restaurantId, input.categoryId)))
      input.categoryId = null;
    const groups = new Set((await this.repo.modifierGroupRows(restaurantId, input.modifierGroupIds)).map((g) => g.id));
    input.modifierGroupIds = input.modifierGroupIds.filter((g) => groups.has(g));
    if (await this.repo.itemCodeTaken(restaurantId, input.itemId, itemId))
      throw menuFieldError('itemId', 'menu.itemIdTaken');
    await this.applyToItems(
      restaurantId,
      actorOf(auth, ip),
      [itemId],
      'restore',
      'menu.item.restore',
      () => ({ columns: itemColumns(input), groups: input.modifierGroupIds }),
      { version },
    );
    return this.getItem(auth, itemId);
  }

  // --- scheduled changes ---------------------------------------------------------------------

  toScheduled(
    row: TScheduledRow,
    creator?: { first: string | null; last: string | null; email: string | null },
  ): TScheduledChange {
    return {
      id: row.id,
      itemIds: row.itemIds,
      at: row.at.toISOString(),
      change: row.change,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      createdBy:
        row.createdBy === null
          ? null
          : { id: row.createdBy, name: creator ? fullName(creator.first, creator.last, creator.email) : '' },
      appliedAt: row.appliedAt?.toISOString() ?? null,
      error: row.error,
    };
  }

  async listScheduled(auth: AuthContext, filter: { itemId?: number | undefined; status?: string | undefined }) {
    const rows = await this.repo.schedules(requireRestaurantId(auth), filter);
    return {
      changes: rows.map((r) =>
        this.toScheduled(r.change, { first: r.creatorFirstName, last: r.creatorLastName, email: r.creatorEmail }),
      ),
    };
  }

  /** Stores the change; the caller queues the job that applies it (menu.module.ts). */
  async createScheduled(
    auth: AuthContext,
    body: z.output<typeof ZScheduleRequest>,
    ip: string,
  ): Promise<TScheduledRow> {
    const restaurantId = requireRestaurantId(auth);
    const at = new Date(body.at);
    if (at <= this.clock.now()) throw menuFieldError('at', 'menu.dateInPast');
    const found = await this.repo.itemIdsExisting(restaurantId, body.ids);
    if (found.size !== body.ids.length) throw notFound();
    return this.write(
      restaurantId,
      actorOf(auth, ip),
      {
        action: 'menu.scheduled.create',
        targetType: 'menuScheduledChange',
        details: (row) => ({ id: row.id, at: body.at, ids: body.ids, change: body.change }),
      },
      (repo, now) =>
        repo.insertSchedule({
          restaurantId,
          itemIds: body.ids,
          at,
          change: body.change,
          createdBy: auth.userId,
          createdAt: now,
        }),
    );
  }

  async cancelScheduled(auth: AuthContext, id: number, ip: string): Promise<TScheduledRow> {
    const restaurantId = requireRestaurantId(auth);
    return this.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.scheduled.cancel', targetType: 'menuScheduledChange', targetId: id },
      async (repo) => {
        const row = await repo.schedule(id, restaurantId, true);
        if (!row) throw notFound();
        if (row.status !== 'pending') throw menuConflict('menu.scheduleNotPending');
        await repo.updateSchedule(id, { status: 'cancelled' });
        return { ...row, status: 'cancelled' as const };
      },
    );
  }

  /**
   * Applies a due scheduled change (the job's work). Idempotent: a change already applied or cancelled
   * is left alone, so a job run twice changes nothing the second time.
   */
  async applyScheduled(id: number): Promise<void> {
    const row = await this.repo.schedule(id);
    if (!row || row.status !== 'pending') return;
    if (row.at > this.clock.now()) return;
    const c = row.change;
    const actor: TActor = { userId: null };
    const live = await this.repo.itemIdsExisting(row.restaurantId, row.itemIds);
    const ids = row.itemIds.filter((i) => live.has(i));
    await this.write(
      row.restaurantId,
      actor,
      { action: 'menu.scheduled.apply', targetType: 'menuScheduledChange', targetId: id },
      async (repo, now) => {
        const locked = await repo.schedule(id, row.restaurantId, true);
        if (!locked || locked.status !== 'pending') return;
        const items = await repo.items(row.restaurantId, ids, true);
        const groups = await repo.itemGroupIds(row.restaurantId, ids);
        for (const item of items) {
          const channels = snapshotOf(item, []).channels;
          await this.saveItemState(
            repo,
            row.restaurantId,
            { row: item, groups: groups.get(item.id) ?? [] },
            {
              columns: {
                ...(c.priceCents !== undefined ? { priceCents: c.priceCents } : {}),
                ...(c.soldOut !== undefined ? { soldOut: c.soldOut, soldOutUntil: null } : {}),
                ...(c.channels ? { channels: { ...channels, ...c.channels } } : {}),
              },
            },
            'scheduled',
            actor,
            now,
          );
        }
        await repo.updateSchedule(id, { status: 'applied', appliedAt: now });
      },
    );
  }

  /** The library's sold-out filter reads the same rule as the answers (for tests and benches). */
  static soldOutAt = soldOutAt;
}

export type { TCategoryInput, TMenuGroupInput, TModifierGroupInput, TLibraryQuery, TMenuChannel };
