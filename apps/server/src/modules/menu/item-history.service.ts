import { ZItemInput, type TItem, type TItemVersion } from '@ra/shared/menu/menu.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { itemColumns, type TItemSnapshot } from './item-snapshot.ts';
import type { ItemStates } from './item-state.ts';
import type { ItemsService } from './items.service.ts';
import type { MenuRepository } from './menu.repository.ts';
import { actorOf, fullName, menuFieldError } from './menu-write.ts';

/** An item's versions (issue 8 "Versions"): who changed what and when, and restoring an earlier one. */
export class ItemHistoryService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly states: ItemStates,
    private readonly items: ItemsService,
  ) {}

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
    await this.states.apply(
      restaurantId,
      actorOf(auth, ip),
      [itemId],
      'restore',
      'menu.item.restore',
      () => ({ columns: itemColumns(input), groups: input.modifierGroupIds }),
      { version },
    );
    return this.items.getItem(auth, itemId);
  }
}
