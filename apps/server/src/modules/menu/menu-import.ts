import ExcelJS from 'exceljs';
import { ERROR_CODES } from '@ra/shared/errors';
import { MENU_MESSAGES, menuMessage } from '@ra/shared/menu/menu.messages';
import {
  BARCODE_TYPES,
  MENU_CHANNELS,
  ZCategoryInput,
  ZItemInput,
  ZModifierGroupInput,
  type TImportPreviewResponse,
} from '@ra/shared/menu/menu.schemas';
import { AppError } from '../../lib/errors.ts';
import { checkZipArchive, XLSX_LIMITS, ZipRefused } from '../../lib/zip-guard.ts';
import { itemColumns, snapshotOf, diffSnapshots, type TItemSnapshot } from './item-snapshot.ts';
import type { MenuRepository } from './menu.repository.ts';
import type { TMenuImages } from './menu-write.ts';
import type { TItemRow, TModifierGroupRow, TModifierRow } from './menu.repository.ts';
import { nestingProblem } from './modifier-nesting.ts';
import {
  SHEETS,
  CHANNEL_LABEL,
  text,
  RowError,
  cents,
  milliPercent,
  bool,
  int,
  imageIds,
  json,
  type TPlannedModifier,
  sameList,
  list,
  rowsOf,
  type TPlan,
} from './menu-xlsx.ts';

/**
 * Reads an imported XLSX against the restaurant's menu: what it would add, change and remove, and its
 * bad rows, checked whole before anything is written (menu-xlsx.ts describes the workbook).
 */
export class MenuImportPlanner {
  constructor(
    private readonly repo: MenuRepository,
    private readonly images: TMenuImages,
  ) {}

  async plan(restaurantId: number, base64: string): Promise<TPlan> {
    const bytes = Buffer.from(base64, 'base64');
    const notXlsx = () => new AppError(400, ERROR_CODES.badRequest, MENU_MESSAGES['menu.importNotXlsx'].en);
    // A zip bomb is refused from its directory and a counted inflate, before exceljs unpacks anything.
    try {
      await checkZipArchive(bytes, XLSX_LIMITS);
    } catch (error) {
      if (!(error instanceof ZipRefused)) throw error;
      if (error.problem === 'notZip') throw notXlsx();
      throw new AppError(400, ERROR_CODES.badRequest, MENU_MESSAGES['menu.importUnpacksTooLarge'].en);
    }
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw notXlsx();
    }
    const errors: TImportPreviewResponse['errors'] = [];
    const fail = (sheet: string, row: number, message: string) =>
      errors.push({ sheet, row, message: menuMessage('menu.importRow', 'en', { sheet, row, message }) });

    const [categoryRows, itemRows, groupRows, modifierRows, edges, groupIds] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.items(restaurantId),
      this.repo.modifierGroupRows(restaurantId),
      this.repo.modifierRows(restaurantId),
      this.repo.nestingEdges(restaurantId),
      this.repo.itemGroupIds(restaurantId),
    ]);
    /** Existing groups by name; the file's new groups are added by name below. */
    const groupByName = new Map(groupRows.map((g) => [g.name, g.id]));
    const groupNames = new Set(groupByName.keys());

    // Categories: by name; those not in the file are kept.
    const categories: TPlan['categories'] = [];
    const catSheet = book.getWorksheet(SHEETS.categories);
    const knownCategory = new Map(categoryRows.map((c) => [c.category.name, c.category]));
    const categoryNames = new Set(knownCategory.keys());
    if (catSheet) {
      for (const r of rowsOf(catSheet)) {
        try {
          const parsed = ZCategoryInput.safeParse({
            name: text(r.get('Name')),
            foreignName: text(r.get('Foreign name')),
            taxRateMilliPercent: milliPercent(r.get('Tax rate %')),
            salesReportCategory: text(r.get('Sales report category')),
          });
          if (!parsed.success) throw new RowError(parsed.error.issues[0]!.message);
          const existing = knownCategory.get(parsed.data.name);
          const changed =
            !existing ||
            existing.foreignName !== parsed.data.foreignName ||
            existing.taxRateMilliPercent !== parsed.data.taxRateMilliPercent ||
            existing.salesReportCategory !== parsed.data.salesReportCategory;
          if (categories.some((c) => c.key === parsed.data.name))
            throw new RowError(MENU_MESSAGES['menu.nameTaken'].en);
          categories.push({ key: parsed.data.name, id: existing?.id ?? null, input: parsed.data, changed });
          categoryNames.add(parsed.data.name);
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          fail(SHEETS.categories, r.row, error.message);
        }
      }
    }

    const groups = this.planGroups(book, groupRows, modifierRows, edges, fail);
    for (const g of groups) groupNames.add(g.key);

    const sheet = book.getWorksheet(SHEETS.items);
    if (!sheet) {
      fail(SHEETS.items, 1, menuMessage('menu.importMissingSheet', 'en', { sheet: SHEETS.items }));
      return {
        preview: { valid: false, adds: [], changes: [], removals: [], errors },
        categories,
        groups,
        items: [],
        removals: [],
      };
    }
    const byCode = new Map(itemRows.map((i) => [i.itemCode, i]));
    const seen = new Set<string>();
    const items: TPlan['items'] = [];
    const preview: TImportPreviewResponse = { valid: true, adds: [], changes: [], removals: [], errors };
    for (const r of rowsOf(sheet)) {
      try {
        const code = text(r.get('item_id')).trim();
        if (code && seen.has(code))
          throw new RowError(menuMessage('menu.importDuplicateItemId', 'en', { itemId: code }));
        seen.add(code);
        const existing = code ? (byCode.get(code) ?? null) : null;
        const base = existing ? snapshotOf(existing, groupIds.get(existing.id) ?? []) : null;
        const categoryName = text(r.get('Category')).trim();
        if (categoryName && !categoryNames.has(categoryName))
          throw new RowError(menuMessage('menu.importUnknownCategory', 'en', { name: categoryName }));
        const itemGroups = list(r.get('Modifier groups'));
        const unknownGroup = itemGroups.find((n) => !groupNames.has(n));
        if (unknownGroup)
          throw new RowError(menuMessage('menu.importUnknownModifierGroup', 'en', { name: unknownGroup }));
        const options = json(r.get('Options (JSON)'), [], MENU_MESSAGES['menu.selectOption'].en);
        const images = imageIds(r.get('Images'));
        const cover = imageIds(r.get('Cover image'));
        if (cover.length > 1) throw new RowError(MENU_MESSAGES['menu.imageNotFound'].en);
        if (
          images.length &&
          !sameList(images, base?.imageIds ?? []) &&
          !(await this.images.exist(restaurantId, images))
        )
          throw new RowError(MENU_MESSAGES['menu.imageNotFound'].en);
        const barcodeType = text(r.get('Barcode type')).trim() || 'none';
        if (!(BARCODE_TYPES as readonly string[]).includes(barcodeType))
          throw new RowError(`Barcode type: ${barcodeType}`);
        const channels = Object.fromEntries(
          MENU_CHANNELS.map((c) => [
            c,
            {
              visible: bool(r.get(`${CHANNEL_LABEL[c]} visible`), true),
              priceCents: cents(r.get(`${CHANNEL_LABEL[c]} price`), false, `${CHANNEL_LABEL[c]} price`),
            },
          ]),
        );
        const candidate = {
          itemId: code,
          name: text(r.get('Name')),
          foreignName: text(r.get('Foreign name')),
          printName: text(r.get('Print name')),
          priceCents: cents(r.get('Price'), true, 'Price'),
          categoryId: null,
          description: text(r.get('Description')),
          subtitle: text(r.get('Subtitle')),
          imageIds: images,
          coverImageId: cover[0] ?? null,
          detailsHtml: text(r.get('Details HTML')),
          options,
          openPrice: bool(r.get('Open price'), false),
          unit: text(r.get('Unit')),
          promoPriceCents: cents(r.get('Promotional price'), false, 'Promotional price'),
          taxRateMilliPercent: milliPercent(r.get('Tax rate %')),
          taxIncluded: bool(r.get('Tax included'), false),
          openKitchen: bool(r.get('Open kitchen'), true),
          minOrderQty: int(r.get('Minimum order')) ?? 1,
          maxOrderQty: int(r.get('Quantity limit')),
          hideWhenUnavailable: bool(r.get('Hide when unavailable'), false),
          dishHours: text(r.get('Dish hours')),
          channels,
          printers: list(r.get('Printers')),
          // Settled at apply time (a group new in this file has no id yet); compared by name below.
          modifierGroupIds: [],
          barcodeType,
          barcodeData: text(r.get('Barcode data')),
          costCents: cents(r.get('Cost'), false, 'Cost'),
          globalPrices: json(r.get('Price levels (JSON)'), [], MENU_MESSAGES['menu.inputPrice'].en),
          areaItem: bool(r.get('Area item'), false),
          redeemable: bool(r.get('Redeemable'), false),
          rewardable: bool(r.get('Rewardable'), true),
        };
        const parsed = ZItemInput.safeParse(candidate);
        if (!parsed.success) throw new RowError(parsed.error.issues[0]!.message);
        const input = parsed.data;
        // The category id is settled at apply time (a new category has none yet); compare by name here.
        const sameCategory = existing
          ? (existing.categoryId === null
              ? ''
              : (categoryRows.find((c) => c.category.id === existing.categoryId)?.category.name ?? '')) === categoryName
          : false;
        let changedFields: string[] = [];
        if (existing && base) {
          const knownGroups = itemGroups.map((n) => groupByName.get(n) ?? -1);
          const after: TItemSnapshot = {
            ...snapshotOf({ ...existing, ...itemColumns(input) } as TItemRow, knownGroups),
          };
          changedFields = diffSnapshots(base, { ...after, categoryId: base.categoryId }).map((c) => c.field);
          if (!sameCategory) changedFields.push('categoryId');
        }
        const changed = !existing || changedFields.length > 0;
        items.push({ existing, input, categoryName: categoryName || null, groupNames: itemGroups, changed });
        if (!existing) preview.adds.push({ sheet: SHEETS.items, row: r.row, key: code, name: input.name });
        else if (changed)
          preview.changes.push({ sheet: SHEETS.items, row: r.row, key: code, name: input.name, fields: changedFields });
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        fail(SHEETS.items, r.row, error.message);
      }
    }
    const removals = itemRows.filter((i) => !seen.has(i.itemCode));
    preview.removals = removals.map((i) => ({ sheet: SHEETS.items, key: i.itemCode, name: i.name }));
    for (const c of categories)
      if (c.id === null) preview.adds.push({ sheet: SHEETS.categories, row: 0, key: c.key, name: c.key });
    for (const c of categories)
      if (c.id !== null && c.changed)
        preview.changes.push({ sheet: SHEETS.categories, row: 0, key: c.key, name: c.key, fields: ['category'] });
    for (const g of groups)
      if (g.id === null) preview.adds.push({ sheet: SHEETS.modifierGroups, row: 0, key: g.key, name: g.key });
      else if (g.changed)
        preview.changes.push({
          sheet: SHEETS.modifierGroups,
          row: 0,
          key: g.key,
          name: g.key,
          fields: ['modifierGroup'],
        });
    preview.valid = errors.length === 0;
    return { preview, categories, groups, items, removals };
  }

  /**
   * The "Modifier groups" and "Modifiers" sheets: each group checked with the group form's schema, the
   * groups a modifier opens looked up by name, and the nesting of the whole menu as it would be after the
   * import checked at once (a loop or a 4th level names its path, on the first group of it in the file).
   */
  private planGroups(
    book: ExcelJS.Workbook,
    groupRows: TModifierGroupRow[],
    modifierRows: TModifierRow[],
    edges: Map<number, number[]>,
    fail: (sheet: string, row: number, message: string) => void,
  ): TPlan['groups'] {
    const groupSheet = book.getWorksheet(SHEETS.modifierGroups);
    if (!groupSheet) return [];
    const existingByName = new Map(groupRows.map((g) => [g.name, g]));
    const nameById = new Map(groupRows.map((g) => [g.id, g.name]));
    const modifiersOf = new Map<number, TModifierRow[]>();
    for (const m of modifierRows) modifiersOf.set(m.groupId, [...(modifiersOf.get(m.groupId) ?? []), m]);
    const rows = rowsOf(groupSheet);
    const fileNames = new Set(rows.map((r) => text(r.get('Name')).trim()).filter(Boolean));
    const known = (name: string) => fileNames.has(name) || existingByName.has(name);

    // Modifiers, in file order, by group name.
    const modifierSheet = book.getWorksheet(SHEETS.modifiers);
    const modifiersByGroup = new Map<string, Array<{ row: number; modifier: TPlannedModifier }>>();
    if (modifierSheet) {
      for (const r of rowsOf(modifierSheet)) {
        try {
          const group = text(r.get('Group')).trim();
          if (!fileNames.has(group))
            throw new RowError(menuMessage('menu.importUnknownModifierGroup', 'en', { name: group }));
          const opens = text(r.get('Opens group')).trim() || null;
          if (opens !== null && !known(opens))
            throw new RowError(menuMessage('menu.importUnknownModifierGroup', 'en', { name: opens }));
          const modifier: TPlannedModifier = {
            name: text(r.get('Name')),
            foreignName: text(r.get('Foreign name')),
            priceCents: cents(r.get('Price'), false, 'Price') ?? 0,
            maxQuantity: int(r.get('Most of one')),
            opens,
          };
          modifiersByGroup.set(group, [...(modifiersByGroup.get(group) ?? []), { row: r.row, modifier }]);
        } catch (error) {
          if (!(error instanceof RowError)) throw error;
          fail(SHEETS.modifiers, r.row, error.message);
        }
      }
    }

    const out: TPlan['groups'] = [];
    const rowOf = new Map<string, number>();
    let temporaryId = 0;
    const idOf = new Map(groupRows.map((g) => [g.name, g.id]));
    for (const r of rows) {
      try {
        const name = text(r.get('Name')).trim();
        if (rowOf.has(name)) throw new RowError(MENU_MESSAGES['menu.nameTaken'].en);
        rowOf.set(name, r.row);
        const existing = existingByName.get(name) ?? null;
        const listed = modifierSheet ? (modifiersByGroup.get(name) ?? []) : null;
        const current = existing ? (modifiersOf.get(existing.id) ?? []) : [];
        const parsed = ZModifierGroupInput.safeParse({
          name,
          foreignName: text(r.get('Foreign name')),
          priceCents: cents(r.get('Group price'), false, 'Group price') ?? 0,
          required: bool(r.get('Required'), false),
          visible: bool(r.get('Visible to customers'), true),
          autoPopup: bool(r.get('Auto-popup'), false),
          minSelections: int(r.get('Minimum')) ?? 0,
          maxSelections: int(r.get('Maximum')),
          maxDifferent: int(r.get('Most different')),
          freeSelections: int(r.get('Free')) ?? 0,
          printers: list(r.get('Printers')),
          modifiers: (listed ?? current.map((m) => ({ modifier: m }))).map(({ modifier: m }) => ({
            name: m.name,
            foreignName: m.foreignName,
            priceCents: m.priceCents,
            maxQuantity: m.maxQuantity,
          })),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const [first, index] = issue.path;
          if (first === 'modifiers' && typeof index === 'number' && listed?.[index]) {
            fail(SHEETS.modifiers, listed[index].row, issue.message);
            continue;
          }
          throw new RowError(issue.message);
        }
        const { modifiers: parsedModifiers, itemIds: _itemIds, ...fields } = parsed.data;
        // Existing modifiers keep their rows, matched by name in order.
        const unused = [...current];
        const modifiers: TPlannedModifier[] | null = listed
          ? parsedModifiers.map((m, i) => {
              const at = unused.findIndex((u) => u.name === m.name);
              const id = at >= 0 ? unused.splice(at, 1)[0]!.id : undefined;
              return { ...(id ? { id } : {}), ...m, opens: listed[i]!.modifier.opens };
            })
          : null;
        let changed = existing === null;
        if (existing) {
          const before = {
            foreignName: existing.foreignName,
            priceCents: existing.priceCents,
            required: existing.required,
            visible: existing.visible,
            autoPopup: existing.autoPopup,
            minSelections: existing.minSelections,
            maxSelections: existing.maxSelections,
            maxDifferent: existing.maxDifferent,
            freeSelections: existing.freeSelections,
            printers: existing.printers,
          };
          const after = { ...fields } as Record<string, unknown>;
          delete after.name;
          changed = Object.entries(before).some(([k, v]) => !sameList([v], [after[k]]));
          if (modifiers) {
            const shape = (m: Omit<TPlannedModifier, 'id'>) => [
              m.name,
              m.foreignName,
              m.priceCents,
              m.maxQuantity,
              m.opens,
            ];
            changed ||= !sameList(
              current.map((m) =>
                shape({ ...m, opens: m.childGroupId === null ? null : (nameById.get(m.childGroupId) ?? null) }),
              ),
              modifiers.map(shape),
            );
          }
        }
        if (!idOf.has(name)) idOf.set(name, --temporaryId);
        out.push({ key: name, id: existing?.id ?? null, fields, modifiers, changed });
      } catch (error) {
        if (!(error instanceof RowError)) throw error;
        fail(SHEETS.modifierGroups, r.row, error.message);
      }
    }

    // Nesting across the whole menu as it would be after the import.
    const names = new Map([...idOf].map(([name, id]) => [id, name]));
    for (const g of out)
      if (g.modifiers)
        edges.set(
          idOf.get(g.key)!,
          g.modifiers.flatMap((m) => (m.opens === null || !idOf.has(m.opens) ? [] : [idOf.get(m.opens)!])),
        );
    const problem = nestingProblem(edges);
    if (problem) {
      const path = problem.path.map((g) => names.get(g) ?? String(g)).join(' › ');
      const inFile = problem.path.map((g) => names.get(g)).find((n) => n !== undefined && rowOf.has(n));
      fail(
        SHEETS.modifierGroups,
        inFile ? rowOf.get(inFile)! : 1,
        menuMessage(problem.kind === 'loop' ? 'menu.nestingLoop' : 'menu.nestingTooDeep', 'en', { path }),
      );
    }
    return out;
  }
}
