import { menuMessage } from '@ra/shared/menu/menu.messages';
import type { ZBulkEditRequest } from '@ra/shared/menu/menu.schemas';
import type { TBulkEditPreviewResponse } from '@ra/shared/menu/menu.schemas';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import { isSoldOutAt, same, snapshotOf } from './item-snapshot.ts';
import type { ItemStates } from './item-state.ts';
import type { ItemsService } from './items.service.ts';
import type { MenuRepository, TItemWrite } from './menu.repository.ts';
import { actorOf, menuFieldError } from './menu-write.ts';

/** Bulk edit (issue 8): what a change to many items would do, then the change in one transaction. */
export class BulkEditService {
  constructor(
    private readonly repo: MenuRepository,
    private readonly states: ItemStates,
    private readonly items: ItemsService,
    private readonly clock: Clock,
  ) {}

  private async bulkPlan(restaurantId: number, body: z.output<typeof ZBulkEditRequest>) {
    const rows = await this.repo.items(restaurantId, body.ids);
    if (rows.length !== body.ids.length) throw notFound();
    const c = body.change;
    if (c.kind === 'category' && c.categoryId !== null && !(await this.repo.category(restaurantId, c.categoryId)))
      throw menuFieldError('change.categoryId', 'menu.categoryNotFound');
    const now = this.clock.now();
    const until = c.kind === 'soldOut' && c.soldOut ? await this.items.resolveUntil(restaurantId, c.until, now) : null;
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
    const changedCount = await this.states.apply(
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
}
