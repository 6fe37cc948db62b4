import ExcelJS from 'exceljs';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import { MENU_CHANNELS, type TImportApplyResponse, type TImportPreviewResponse } from '@ra/shared/menu/menu.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { FieldError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { itemColumns, snapshotOf } from './item-snapshot.ts';
import type { ItemStates } from './item-state.ts';
import type { MenuRepository } from './menu.repository.ts';
import type { MenuWriter } from './menu-write.ts';
import type { ModifierGroupsService } from './modifier-groups.service.ts';
import {
  SHEETS,
  CATEGORY_COLUMNS,
  ITEM_COLUMNS,
  GROUP_COLUMNS,
  MODIFIER_COLUMNS,
  dollars,
  percent,
  LIST_SEPARATOR,
} from './menu-xlsx.ts';
import type { MenuImportPlanner } from './menu-import.ts';

/**
 * The whole menu as an XLSX workbook and back (issue 8; the workbook is described in menu-xlsx.ts):
 * the export, and the import's preview and its apply in one transaction (each changed item gets a version).
 */
export class MenuTransfer {
  constructor(
    private readonly repo: MenuRepository,
    private readonly writer: MenuWriter,
    private readonly clock: Clock,
    private readonly modifierGroups: ModifierGroupsService,
    private readonly states: ItemStates,
    private readonly planner: MenuImportPlanner,
  ) {}

  async export(auth: AuthContext): Promise<{ fileName: string; buffer: Buffer }> {
    const restaurantId = requireRestaurantId(auth);
    const [categories, items, groups, groupIds] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.items(restaurantId),
      this.modifierGroups.modifierGroups(restaurantId),
      this.repo.itemGroupIds(restaurantId),
    ]);
    const categoryName = new Map(categories.map((c) => [c.category.id, c.category.name]));
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const book = new ExcelJS.Workbook();
    book.created = this.clock.now();

    const cats = book.addWorksheet(SHEETS.categories);
    cats.addRow([...CATEGORY_COLUMNS]);
    for (const { category: c } of categories)
      cats.addRow([c.name, c.foreignName, percent(c.taxRateMilliPercent), c.salesReportCategory]);

    const sheet = book.addWorksheet(SHEETS.items);
    sheet.addRow([...ITEM_COLUMNS]);
    const ordered = [...items].sort(
      (a, b) =>
        categories.findIndex((c) => c.category.id === a.categoryId) -
          categories.findIndex((c) => c.category.id === b.categoryId) ||
        a.sort - b.sort ||
        a.id - b.id,
    );
    for (const item of ordered) {
      const s = snapshotOf(item, groupIds.get(item.id) ?? []);
      sheet.addRow([
        s.itemId,
        s.name,
        s.foreignName,
        s.printName,
        s.categoryId === null ? '' : (categoryName.get(s.categoryId) ?? ''),
        dollars(s.priceCents),
        dollars(s.promoPriceCents),
        dollars(s.costCents),
        percent(s.taxRateMilliPercent),
        s.taxIncluded,
        s.openPrice,
        s.unit,
        s.subtitle,
        s.description,
        s.openKitchen,
        s.printers.join(LIST_SEPARATOR),
        s.dishHours,
        s.minOrderQty,
        s.maxOrderQty,
        s.hideWhenUnavailable,
        s.modifierGroupIds.map((g) => groupName.get(g) ?? '').join(LIST_SEPARATOR),
        ...MENU_CHANNELS.flatMap((c) => [s.channels[c].visible, dollars(s.channels[c].priceCents)]),
        s.barcodeType,
        s.barcodeData,
        s.areaItem,
        s.redeemable,
        s.rewardable,
        s.options.length ? JSON.stringify(s.options) : '',
        s.imageIds.join(LIST_SEPARATOR),
        s.coverImageId,
        s.detailsHtml,
        s.globalPrices.length ? JSON.stringify(s.globalPrices) : '',
      ]);
    }
    sheet.getColumn(1).numFmt = '@';

    const groupSheet = book.addWorksheet(SHEETS.modifierGroups);
    groupSheet.addRow([...GROUP_COLUMNS]);
    const modifierSheet = book.addWorksheet(SHEETS.modifiers);
    modifierSheet.addRow([...MODIFIER_COLUMNS]);
    for (const g of groups) {
      groupSheet.addRow([
        g.name,
        g.foreignName,
        dollars(g.priceCents),
        g.required,
        g.visible,
        g.autoPopup,
        g.minSelections,
        g.maxSelections,
        g.maxDifferent,
        g.freeSelections,
        g.printers.join(LIST_SEPARATOR),
      ]);
      for (const m of g.modifiers)
        modifierSheet.addRow([
          g.name,
          m.name,
          m.foreignName,
          dollars(m.priceCents),
          m.maxQuantity,
          m.childGroupId === null ? '' : (groupName.get(m.childGroupId) ?? ''),
        ]);
    }

    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const day = this.clock.now().toISOString().slice(0, 10);
    return { fileName: `menu-${restaurantId}-${day}.xlsx`, buffer };
  }

  async preview(auth: AuthContext, base64: string): Promise<TImportPreviewResponse> {
    return (await this.planner.plan(requireRestaurantId(auth), base64)).preview;
  }

  async apply(auth: AuthContext, base64: string, ip: string): Promise<TImportApplyResponse> {
    const restaurantId = requireRestaurantId(auth);
    const plan = await this.planner.plan(restaurantId, base64);
    if (!plan.preview.valid) {
      // A 400 like a form's: `file` says nothing was imported, `rows.N` names each bad row.
      const error = new FieldError('file', MENU_MESSAGES['menu.importInvalid'].en);
      Object.assign(error.errors, Object.fromEntries(plan.preview.errors.map((e, i) => [`rows.${i}`, e.message])));
      throw error;
    }
    const p = plan.preview;
    if (p.adds.length + p.changes.length + p.removals.length === 0) return { ...p, applied: true };
    const actor = { userId: auth.userId, ip };
    await this.writer.write(
      restaurantId,
      actor,
      {
        action: 'menu.import',
        targetType: 'menu',
        details: () => ({ adds: p.adds.length, changes: p.changes.length, removals: p.removals.length }),
      },
      async (repo, now) => {
        const categoryIds = new Map((await repo.categories(restaurantId)).map((c) => [c.category.name, c.category.id]));
        for (const c of plan.categories) {
          if (c.id === null)
            categoryIds.set(c.key, await repo.insertCategory(restaurantId, { ...c.input, updatedAt: now }));
          else if (c.changed) await repo.updateCategory(restaurantId, c.id, { ...c.input, updatedAt: now });
        }
        const groupIds = new Map((await repo.modifierGroupRows(restaurantId)).map((g) => [g.name, g.id]));
        for (const g of plan.groups)
          if (g.id === null)
            groupIds.set(g.key, await repo.insertModifierGroup(restaurantId, { ...g.fields, updatedAt: now }));
        for (const g of plan.groups) {
          if (!g.changed) continue;
          const id = groupIds.get(g.key)!;
          if (g.id !== null) await repo.updateModifierGroup(restaurantId, id, { ...g.fields, updatedAt: now });
          if (g.modifiers)
            await repo.replaceModifiers(
              restaurantId,
              id,
              g.modifiers.map(({ opens, ...m }) => ({
                ...m,
                childGroupId: opens === null ? null : groupIds.get(opens)!,
              })),
            );
        }
        for (const removed of plan.removals) await repo.deleteItem(restaurantId, removed.id);
        const groups = await repo.itemGroupIds(restaurantId);
        for (const item of plan.items) {
          if (!item.changed) continue;
          const input = {
            ...item.input,
            categoryId: item.categoryName ? (categoryIds.get(item.categoryName) ?? null) : null,
            modifierGroupIds: item.groupNames.map((n) => groupIds.get(n)!),
          };
          const before = item.existing ? { row: item.existing, groups: groups.get(item.existing.id) ?? [] } : null;
          await this.states.save(
            repo,
            restaurantId,
            before,
            { columns: itemColumns(input), groups: input.modifierGroupIds },
            'import',
            actor,
            now,
          );
        }
      },
    );
    return { ...p, applied: true };
  }
}
