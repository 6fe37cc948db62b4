import ExcelJS from 'exceljs';
import { MILLI_PERCENT_PER_PERCENT, percentTextToMilliPercent } from '@ra/shared/business/tax-rate';
import { ERROR_CODES } from '@ra/shared/errors';
import { MENU_MESSAGES, menuMessage } from '@ra/shared/menu/menu.messages';
import type { z } from 'zod';
import {
  BARCODE_TYPES,
  MENU_CHANNELS,
  ZCategoryInput,
  ZItemInput,
  ZModifierGroupInput,
  type TImportApplyResponse,
  type TImportPreviewResponse,
  type TItemInputParsed,
  type TMenuChannel,
} from '@ra/shared/menu/menu.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { checkZipArchive, XLSX_LIMITS, ZipRefused } from '../../lib/zip-guard.ts';
import { itemColumns, snapshotOf, diffSnapshots, type MenuService, type TItemSnapshot } from './menu.service.ts';
import type { TItemRow, TModifierGroupRow, TModifierRow } from './menu.repository.ts';
import { nestingProblem } from './modifier-nesting.ts';

/**
 * The whole menu as an XLSX workbook and back (issue 8 "Export the whole menu as XLSX, and import it
 * back"), read and written with exceljs. Items are matched by item_id, categories by name; the import
 * is checked whole before anything is written, then applied in one transaction (each changed item gets
 * a version). Items carry their library image ids (the images themselves stay in the library), the HTML
 * details and named price levels. Modifier groups are matched by name: one row per group on "Modifier
 * groups" and one row per modifier, in order, on "Modifiers" ("Opens group" names a nested group); the
 * nesting rules of the group form apply to the file as a whole. Groups and categories not in the file are
 * kept; items not in the file are removed (the preview lists them). Which groups an item carries is read
 * from the item's row.
 */

const SHEETS = {
  categories: 'Categories',
  items: 'Items',
  modifierGroups: 'Modifier groups',
  modifiers: 'Modifiers',
} as const;
const CHANNEL_LABEL: Record<TMenuChannel, string> = {
  pos: 'POS',
  kiosk: 'Kiosk',
  online: 'Online',
  thirdParty: 'Third party',
};

const CATEGORY_COLUMNS = ['Name', 'Foreign name', 'Tax rate %', 'Sales report category'] as const;
const ITEM_COLUMNS = [
  'item_id',
  'Name',
  'Foreign name',
  'Print name',
  'Category',
  'Price',
  'Promotional price',
  'Cost',
  'Tax rate %',
  'Tax included',
  'Open price',
  'Unit',
  'Subtitle',
  'Description',
  'Open kitchen',
  'Printers',
  'Dish hours',
  'Minimum order',
  'Quantity limit',
  'Hide when unavailable',
  'Modifier groups',
  ...MENU_CHANNELS.flatMap((c) => [`${CHANNEL_LABEL[c]} visible`, `${CHANNEL_LABEL[c]} price`]),
  'Barcode type',
  'Barcode data',
  'Area item',
  'Redeemable',
  'Rewardable',
  'Options (JSON)',
  'Images',
  'Cover image',
  'Details HTML',
  'Price levels (JSON)',
] as const;
const GROUP_COLUMNS = [
  'Name',
  'Foreign name',
  'Group price',
  'Required',
  'Visible to customers',
  'Auto-popup',
  'Minimum',
  'Maximum',
  'Most different',
  'Free',
  'Printers',
] as const;
const MODIFIER_COLUMNS = ['Group', 'Name', 'Foreign name', 'Price', 'Most of one', 'Opens group'] as const;

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
/** A rate in thousandths of a percent as the percent number written in the sheet: 8875 -> 8.875. */
const percent = (milliPercent: number | null) =>
  milliPercent === null ? null : milliPercent / MILLI_PERCENT_PER_PERCENT;
const LIST_SEPARATOR = '; ';

type TCell = ExcelJS.CellValue;

/** A cell as plain text (rich text and formulas read as their text or result). */
function text(value: TCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return text(value.result as TCell);
    if ('text' in value) return String(value.text);
    if (value instanceof Date) return value.toISOString();
  }
  return String(value);
}

class RowError extends Error {}

function cents(value: TCell, required: boolean, column: string): number | null {
  const raw = text(value).trim().replace(/^\$/, '');
  if (raw === '') {
    if (required) throw new RowError(MENU_MESSAGES['menu.enterPrice'].en);
    return null;
  }
  const n = Number(raw);
  const c = Math.round(n * 100);
  if (!Number.isFinite(n) || Math.abs(n * 100 - c) > 1e-6)
    throw new RowError(`${column}: ${MENU_MESSAGES['menu.priceInvalid'].en}`);
  return c;
}

/**
 * The "Tax rate %" cell in thousandths of a percent: "8.875" (or 8.875, "8.875%") -> 8875; empty ->
 * null. Read from the text, never through a float times 1000, and more than three decimals is refused
 * rather than rounded (8.8755 is not a rate the POS can charge).
 */
function milliPercent(value: TCell): number | null {
  const raw = text(value).trim().replace(/\s*%$/, '');
  if (raw === '') return null;
  const rate = percentTextToMilliPercent(raw);
  if (rate === null) throw new RowError(MENU_MESSAGES['menu.taxRateInvalid'].en);
  return rate;
}

function bool(value: TCell, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  const raw = text(value).trim().toLowerCase();
  if (raw === '') return fallback;
  if (['true', 'yes', 'y', '1', '是'].includes(raw)) return true;
  if (['false', 'no', 'n', '0', '否'].includes(raw)) return false;
  throw new RowError(`Expected yes or no, got ${raw}`);
}

const int = (value: TCell): number | null => {
  const raw = text(value).trim();
  return raw === '' ? null : Number(raw);
};

/** Library image ids, "12; 15" (a leading # is allowed). */
function imageIds(value: TCell): number[] {
  return list(value).map((raw) => {
    const n = Number(raw.replace(/^#/, ''));
    if (!Number.isSafeInteger(n) || n < 1) throw new RowError(MENU_MESSAGES['menu.imageNotFound'].en);
    return n;
  });
}

function json(value: TCell, fallback: unknown, message: string): unknown {
  const raw = text(value).trim();
  if (!raw) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    throw new RowError(message);
  }
}

type TGroupFields = Omit<z.output<typeof ZModifierGroupInput>, 'modifiers' | 'itemIds'>;
type TPlannedModifier = {
  id?: number;
  name: string;
  foreignName: string;
  priceCents: number;
  maxQuantity: number | null;
  /** The name of the group this modifier opens. */
  opens: string | null;
};
const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

function list(value: TCell): string[] {
  return text(value)
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Header name -> column number of a sheet's first row. */
function headerIndex(sheet: ExcelJS.Worksheet): Map<string, number> {
  const out = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => out.set(text(cell.value).trim(), col));
  return out;
}

function rowsOf(sheet: ExcelJS.Worksheet) {
  const headers = headerIndex(sheet);
  const rows: Array<{ row: number; get: (name: string) => TCell }> = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const values = r.values as TCell[];
    if (values.every((v) => text(v).trim() === '')) return;
    rows.push({ row: n, get: (name) => (headers.has(name) ? r.getCell(headers.get(name)!).value : null) });
  });
  return rows;
}

interface TPlan {
  preview: TImportPreviewResponse;
  categories: Array<{
    key: string;
    id: number | null;
    input: ReturnType<typeof ZCategoryInput.parse>;
    changed: boolean;
  }>;
  groups: Array<{
    key: string;
    id: number | null;
    fields: TGroupFields;
    /** null: the file has no Modifiers sheet, the group's modifiers are kept. */
    modifiers: TPlannedModifier[] | null;
    changed: boolean;
  }>;
  items: Array<{
    existing: TItemRow | null;
    input: TItemInputParsed;
    categoryName: string | null;
    groupNames: string[];
    changed: boolean;
  }>;
  removals: TItemRow[];
}

export class MenuTransfer {
  constructor(private readonly menu: MenuService) {}

  private get repo() {
    return this.menu.repo;
  }

  async export(auth: AuthContext): Promise<{ fileName: string; buffer: Buffer }> {
    const restaurantId = requireRestaurantId(auth);
    const [categories, items, groups, groupIds] = await Promise.all([
      this.repo.categories(restaurantId),
      this.repo.items(restaurantId),
      this.menu.modifierGroups(restaurantId),
      this.repo.itemGroupIds(restaurantId),
    ]);
    const categoryName = new Map(categories.map((c) => [c.category.id, c.category.name]));
    const groupName = new Map(groups.map((g) => [g.id, g.name]));
    const book = new ExcelJS.Workbook();
    book.created = this.menu.clock.now();

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
    const day = this.menu.clock.now().toISOString().slice(0, 10);
    return { fileName: `menu-${restaurantId}-${day}.xlsx`, buffer };
  }

  private async plan(restaurantId: number, base64: string): Promise<TPlan> {
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
          !(await this.menu.imagesExist(restaurantId, images))
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

  async preview(auth: AuthContext, base64: string): Promise<TImportPreviewResponse> {
    return (await this.plan(requireRestaurantId(auth), base64)).preview;
  }

  async apply(auth: AuthContext, base64: string, ip: string): Promise<TImportApplyResponse> {
    const restaurantId = requireRestaurantId(auth);
    const plan = await this.plan(restaurantId, base64);
    if (!plan.preview.valid) {
      // A 400 like a form's: `file` says nothing was imported, `rows.N` names each bad row.
      const error = new FieldError('file', MENU_MESSAGES['menu.importInvalid'].en);
      Object.assign(error.errors, Object.fromEntries(plan.preview.errors.map((e, i) => [`rows.${i}`, e.message])));
      throw error;
    }
    const p = plan.preview;
    if (p.adds.length + p.changes.length + p.removals.length === 0) return { ...p, applied: true };
    const actor = { userId: auth.userId, ip };
    await this.menu.write(
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
          await this.menu.saveItemState(
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
