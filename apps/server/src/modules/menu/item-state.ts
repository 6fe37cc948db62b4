import type { TItemVersion } from '@ra/shared/menu/menu.schemas';
import { notFound } from '../../lib/errors.ts';
import { diffSnapshots, same, snapshotOf } from './item-snapshot.ts';
import type { MenuRepository, TItemRow, TItemWrite } from './menu.repository.ts';
import { menuFieldError, type MenuWriter, type TActor, type TMenuImages } from './menu-write.ts';

/**
 * How an item changes, whoever changes it (the form, sold out, bulk edit, a restore, a scheduled
 * change, an import, the image library): its new state and, when anything changed, its next version.
 */
export class ItemStates {
  constructor(
    private readonly writer: MenuWriter,
    private readonly images: TMenuImages,
  ) {}

  /** Writes an item's new state and, when anything changed, its next version (issue 8 "Versions"). */
  async save(
    repo: MenuRepository,
    restaurantId: number,
    before: { row: TItemRow; groups: number[] } | null,
    next: { columns: Partial<TItemWrite>; groups?: number[] },
    reason: TItemVersion['reason'],
    actor: TActor,
    now: Date,
  ): Promise<{ id: number; changed: boolean }> {
    const imageIds = next.columns.imageIds;
    if (imageIds?.length && !(await this.images.lock(restaurantId, imageIds, repo.db)))
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
   * Changes many items in one transaction, each with its version; every id must be the restaurant's
   * (404 otherwise, nothing changed). Returns how many items changed.
   */
  async apply(
    restaurantId: number,
    actor: TActor,
    ids: number[],
    reason: TItemVersion['reason'],
    action: string,
    change: (row: TItemRow, groups: number[]) => { columns: Partial<TItemWrite>; groups?: number[] },
    details: Record<string, unknown> = {},
  ): Promise<number> {
    return this.writer.write(
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
          const result = await this.save(repo, restaurantId, { row, groups: g }, change(row, g), reason, actor, now);
          if (result.changed) changed += 1;
        }
        return changed;
      },
    );
  }
}
