import type { ReactNode } from 'react';
import { toCsv, type TCsvColumn } from '@ra/shared/reports/csv';
import { percent } from '../../lib/percent.ts';
import { count, money } from './report-format.ts';

/**
 * One column of a report table, described once for both the screen and the CSV file, so an export
 * holds exactly what the table shows (in plain numbers: '1234.50', not '$1,234.50').
 * - text: as given; count: whole numbers with separators; cents: money; percent: a fraction shown as %.
 */
export type TColumnKind = 'text' | 'count' | 'cents' | 'percent';

export type TCellValue = string | number | null;

export interface TReportColumn<TRow> {
  key: string;
  title: string;
  kind?: TColumnKind;
  value: (row: TRow) => TCellValue;
  /** What the table shows instead of the formatted value (a change arrow, a tag). */
  render?: (row: TRow) => ReactNode;
  /** Left out of the table's sorting (e.g. a change column whose order means little). */
  unsortable?: boolean;
  /** Only on screen (e.g. a visual-only column) or only in the file. */
  only?: 'screen' | 'file';
  width?: number;
  /** The table's key figure: on a phone it comes right after the pinned name column. */
  phone?: 'first';
}

/**
 * The columns in the order a screen shows them: on a phone the key figures move up beside the name
 * (which stays pinned), so they show without scrolling sideways; elsewhere the order is as declared.
 */
export function screenColumnsOf<TRow>(columns: readonly TReportColumn<TRow>[], narrow: boolean): TReportColumn<TRow>[] {
  const shown = columns.filter((c) => c.only !== 'file');
  if (!narrow || shown.length === 0) return shown;
  const [name, ...rest] = shown;
  return [name!, ...rest.filter((c) => c.phone === 'first'), ...rest.filter((c) => c.phone !== 'first')];
}

/** Totals by column key; the first column carries the 'Total' label when it has no figure. */
export type TTotalsRow = Record<string, TCellValue>;

export function formatCell(kind: TColumnKind | undefined, value: TCellValue): string {
  if (value === null || value === '') return kind === 'text' || kind === undefined ? '' : '—';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'cents':
      return money(value);
    case 'count':
      return count(value);
    case 'percent':
      return percent(value);
    default:
      return String(value);
  }
}

/** Numbers before text, nulls last, so a sort never throws on a missing previous figure. */
export function compareCells(a: TCellValue, b: TCellValue): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function fileCell(kind: TColumnKind | undefined, value: TCellValue): string | number | null {
  if (value === null || typeof value === 'string') return value;
  // a share of 0.125 is written 12.5 under a '%' header, which spreadsheets sum and chart as numbers
  if (kind === 'percent') return Number((value * 100).toFixed(1));
  return value;
}

/**
 * The CSV of a report table (shared `toCsv`: RFC 4180, formula-safe text, money from cents) with a BOM so
 * Excel reads Chinese names, and the totals row last.
 */
export function buildReportCsv<TRow>(
  columns: readonly TReportColumn<TRow>[],
  rows: readonly TRow[],
  totals: TTotalsRow | null,
  totalLabel: string,
): string {
  const fileColumns = columns.filter((c) => c.only !== 'screen');
  type TFileRow = Record<string, string | number | null>;
  const csvColumns: TCsvColumn<TFileRow>[] = fileColumns.map((c) => ({
    key: c.key,
    header: c.kind === 'percent' ? `${c.title} (%)` : c.title,
    kind: c.kind === 'cents' ? 'cents' : c.kind === 'count' || c.kind === 'percent' ? 'number' : 'text',
  }));
  const fileRows: TFileRow[] = rows.map((row) =>
    Object.fromEntries(fileColumns.map((c) => [c.key, fileCell(c.kind, c.value(row))])),
  );
  if (totals) {
    const first = fileColumns[0]?.key;
    fileRows.push(
      Object.fromEntries(
        fileColumns.map((c) => [
          c.key,
          c.key === first && totals[c.key] == null ? totalLabel : fileCell(c.kind, totals[c.key] ?? null),
        ]),
      ),
    );
  }
  return toCsv(csvColumns, fileRows, { bom: true });
}
