import type { ZModifierGroupInput } from '@ra/shared/menu/menu.schemas';
import type { TModifierGroup, TUsage } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { uniqueViolation } from '../../db/sql-util.ts';
import type { MenuRepository, TModifierGroupRow, TModifierRow } from './menu.repository.ts';
import { actorOf, assertFullOrder, menuFieldError, UsedElsewhereError, type MenuWriter } from './menu-write.ts';
import { nestingProblem } from './modifier-nesting.ts';

/** Modifier groups with their modifiers and items, nested at most three levels (issue 8). */
export class ModifierGroupsService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
  ) {}

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
      const savedId = await this.writer.write<number>(
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
    await this.writer.write(
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

  async reorder(auth: AuthContext, ids: number[], ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    assertFullOrder(
      ids,
      (await this.repo.modifierGroupRows(restaurantId)).map((g) => g.id),
    );
    await this.writer.write(
      restaurantId,
      actorOf(auth, ip),
      { action: 'menu.modifierGroups.reorder', targetType: 'menu', details: () => ({ ids }) },
      (repo, now) => repo.reorder('modifierGroups', restaurantId, ids, now),
    );
    return { ok: true };
  }
}
