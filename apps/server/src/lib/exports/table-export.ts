import { zonedParts } from '@ra/shared/business-day/business-day';
import type { TLang } from '@ra/shared/errors';
import { toCsv, type TCsvColumn } from '@ra/shared/reports/csv';
import { attachmentHeader, exportFileName, type TExportFileFormat } from '@ra/shared/reports/export-file';
import { reportEnumLabel, reportLabel, type TReportLabelKey } from '@ra/shared/reports/report-labels';
import { applyTipWording, type TTipWording } from '@ra/shared/reports/tip-wording';
import { xlsx, type TXlsxCell } from './xlsx.ts';

/**
 * A table as a downloaded file, shared by the report and transaction exports: CSV follows the shared
 * rules (shared/reports/csv.ts: BOM, CRLF, money as plain decimals, formula-looking text defused);
 * XLSX holds the same cells with money as currency-formatted numbers. Headers, totals labels and enum
 * names are in the caller's language, in the screen's words (shared reports/report-labels.ts) with the
 * restaurant's tip wording (shared reports/tip-wording.ts); names the restaurant typed are written as
 * they are.
 */

export type TKind = 'text' | 'number' | 'cents' | 'percent';
export type TCell = string | number | null;

export interface TExportTable {
  columns: Array<{ header: string; kind: TKind }>;
  rows: TCell[][];
}

export interface TExportContext {
  /** The restaurant's zone for local times; null writes ISO instants. */
  timeZone: string | null;
  lang: TLang;
  /** The restaurant's words for tips (SPEC 1), as the screen uses them. */
  tipWording?: TTipWording;
}

/** What a downloaded file says about the restaurant: its name, its zone for local times, its tip words. */
export interface TFileContext {
  restaurant: string;
  timeZone: string | null;
  tipWording: TTipWording;
}

/** The words of one file: labels and enum names in its language, with the restaurant's tip wording. */
export function wordsFor(lang: TLang, tipWording: TTipWording = {}) {
  return {
    label: (key: TReportLabelKey, values?: Record<string, string | number>) =>
      applyTipWording(reportLabel(key, lang, values), lang, tipWording),
    name: (group: Parameters<typeof reportEnumLabel>[0], value: string) => reportEnumLabel(group, value, lang),
  };
}
export type TWords = ReturnType<typeof wordsFor>;

/** Local wall-clock time in the restaurant's zone, as owners read times on their receipts. */
export function localTime(iso: string, timeZone: string | null): string {
  const at = new Date(iso);
  if (!timeZone) return iso;
  const p = zonedParts(at, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

export function tableToCsv(table: TExportTable): string {
  const columns: TCsvColumn<Record<string, TCell>>[] = table.columns.map((c, i) => ({
    key: `c${i}`,
    header: c.header,
    ...(c.kind === 'percent'
      ? { format: (v: TCell) => (typeof v === 'number' ? (v * 100).toFixed(2) : '') }
      : { kind: c.kind === 'cents' ? 'cents' : c.kind === 'number' ? 'number' : 'text' }),
  }));
  const rows = table.rows.map((row) => Object.fromEntries(row.map((v, i) => [`c${i}`, v])));
  return toCsv(columns, rows, { bom: true });
}

export function tableToXlsx(table: TExportTable, sheetName: string): Promise<Buffer> {
  const rows: TXlsxCell[][] = [
    table.columns.map((c) => c.header),
    ...table.rows.map((row) =>
      row.map((v, i) => {
        const kind = table.columns[i]?.kind ?? 'text';
        if (v === null) return null;
        if (kind === 'cents' && typeof v === 'number') return { money: v / 100 };
        if (kind === 'percent' && typeof v === 'number') return Math.round(v * 10_000) / 100;
        return v;
      }),
    ),
  ];
  return xlsx(sheetName, rows);
}

/** A file ready to send: a route sets these two headers and sends the body. */
export interface TExportFile {
  contentType: string;
  contentDisposition: string;
  body: string | Buffer;
}

const CONTENT_TYPES: Record<TExportFileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The table as a CSV or XLSX download named after the restaurant, the file's title (in its language)
 * and the business days in ISO, so files sort (shared reports/export-file.ts).
 */
export async function exportFile(
  table: TExportTable,
  file: { restaurant: string; title: string; from: string; to: string; format: TExportFileFormat },
): Promise<TExportFile> {
  const name = exportFileName(file);
  return {
    contentType: CONTENT_TYPES[file.format],
    contentDisposition: attachmentHeader(name),
    body: file.format === 'xlsx' ? await tableToXlsx(table, file.title) : tableToCsv(table),
  };
}
