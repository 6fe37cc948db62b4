import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import type { ZLibraryQuery, ZSoldOutRequest } from '@ra/shared/menu/menu.schemas';
import type { TItem, TItemInputParsed, TLibraryResponse, TUsage } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import { isSoldOutAt, itemColumns, snapshotOf } from './item-snapshot.ts';
import type { ItemStates } from './item-state.ts';
import { MenuRepository, type TItemRow } from './menu.repository.ts';
import {
  actorOf,
  assertFullOrder,
  menuFieldError,
  UsedElsewhereError,
  type MenuWriter,
  type TActor,
  type TMenuImages,
} from './menu-write.ts';

/** The item library and the item form: items, their references, sold out, order and delete (issue 8). */
export class ItemsService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
    private readonly states: ItemStates,
    private readonly clock: Clock,
    private readonly images: TMenuImages,
  ) {}

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
    if (input.imageIds.length && !(await this.images.exist(restaurantId, input.imageIds)))
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

  /** The items that show one of these library images, read on `db` (the library's transaction) when given. */
  async imageUses(restaurantId: number, imageIds: number[], db?: Database) {
    const items = await (db ? new MenuRepository(db) : this.repo).itemsUsingImages(restaurantId, imageIds);
    return items.flatMap((item) =>
      imageIds
        .filter((imageId) => item.imageIds.includes(imageId) || item.coverImageId === imageId)
        .map((imageId) => ({ imageId, kind: 'item' as const, id: item.id, name: item.name })),
    );
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
    await this.writer.write(
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
          await this.states.save(
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
      const result = await this.writer.write<{ id: number; changed: boolean }>(
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
          return this.states.save(
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
    await this.writer.write(
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
    assertFullOrder(ids, await this.repo.itemIdsOfCategory(restaurantId, categoryId));
    await this.writer.write(
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
    await this.states.apply(restaurantId, actorOf(auth, ip), body.ids, 'soldOut', 'menu.item.soldOut', () => ({
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
}
