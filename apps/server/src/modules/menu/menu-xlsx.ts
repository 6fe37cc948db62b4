import type ExcelJS from 'exceljs';
import { MILLI_PERCENT_PER_PERCENT, percentTextToMilliPercent } from '@ra/shared/business/tax-rate';
import { MENU_MESSAGES } from '@ra/shared/menu/menu.messages';
import type { z } from 'zod';
import type { ZCategoryInput, ZModifierGroupInput } from '@ra/shared/menu/menu.schemas';
import {
  MENU_CHANNELS,
  type TImportPreviewResponse,
  type TItemInputParsed,
  type TMenuChannel,
} from '@ra/shared/menu/menu.schemas';
import type { TItemRow } from './menu.repository.ts';

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

export const SHEETS = {
  categories: 'Categories',
  items: 'Items',
  modifierGroups: 'Modifier groups',
  modifiers: 'Modifiers',
} as const;
export const CHANNEL_LABEL: Record<TMenuChannel, string> = {
  pos: 'POS',
  kiosk: 'Kiosk',
  online: 'Online',
  thirdParty: 'Third party',
};

export const CATEGORY_COLUMNS = ['Name', 'Foreign name', 'Tax rate %', 'Sales report category'] as const;
export const ITEM_COLUMNS = [
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
export const GROUP_COLUMNS = [
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
export const MODIFIER_COLUMNS = ['Group', 'Name', 'Foreign name', 'Price', 'Most of one', 'Opens group'] as const;

export const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
/** A rate in thousandths of a percent as the percent number written in the sheet: 8875 -> 8.875. */
export const percent = (milliPercent: number | null) =>
  milliPercent === null ? null : milliPercent / MILLI_PERCENT_PER_PERCENT;
export const LIST_SEPARATOR = '; ';

export type TCell = ExcelJS.CellValue;

/** A cell as plain text (rich text and formulas read as their text or result). */
export function text(value: TCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return text(value.result as TCell);
    if ('text' in value) return String(value.text);
    if (value instanceof Date) return value.toISOString();
  }
  return String(value);
}

export class RowError extends Error {}

export function cents(value: TCell, required: boolean, column: string): number | null {
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
export function milliPercent(value: TCell): number | null {
  const raw = text(value).trim().replace(/\s*%$/, '');
  if (raw === '') return null;
  const rate = percentTextToMilliPercent(raw);
  if (rate === null) throw new RowError(MENU_MESSAGES['menu.taxRateInvalid'].en);
  return rate;
}

export function bool(value: TCell, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  const raw = text(value).trim().toLowerCase();
  if (raw === '') return fallback;
  if (['true', 'yes', 'y', '1', '是'].includes(raw)) return true;
  if (['false', 'no', 'n', '0', '否'].includes(raw)) return false;
  throw new RowError(`Expected yes or no, got ${raw}`);
}

export const int = (value: TCell): number | null => {
  const raw = text(value).trim();
  return raw === '' ? null : Number(raw);
};

/** Library image ids, "12; 15" (a leading # is allowed). */
export function imageIds(value: TCell): number[] {
  return list(value).map((raw) => {
    const n = Number(raw.replace(/^#/, ''));
    if (!Number.isSafeInteger(n) || n < 1) throw new RowError(MENU_MESSAGES['menu.imageNotFound'].en);
    return n;
  });
}

export function json(value: TCell, fallback: unknown, message: string): unknown {
  const raw = text(value).trim();
  if (!raw) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    throw new RowError(message);
  }
}

export type TGroupFields = Omit<z.output<typeof ZModifierGroupInput>, 'modifiers' | 'itemIds'>;
export type TPlannedModifier = {
  id?: number;
  name: string;
  foreignName: string;
  priceCents: number;
  maxQuantity: number | null;
  /** The name of the group this modifier opens. */
  opens: string | null;
};
export const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

export function list(value: TCell): string[] {
  return text(value)
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Header name -> column number of a sheet's first row. */
export function headerIndex(sheet: ExcelJS.Worksheet): Map<string, number> {
  const out = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => out.set(text(cell.value).trim(), col));
  return out;
}

export function rowsOf(sheet: ExcelJS.Worksheet) {
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

export interface TPlan {
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
