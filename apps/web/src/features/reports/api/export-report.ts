import { exportFileName as fileName } from '@ra/shared/reports/export-file';
import { REPORT_PATHS, type TReportSection } from '@ra/shared/reports/report-constants';
import { currentLanguage } from '../../../lib/i18n.ts';
import { downloadFile, saveFile } from '../../../lib/download.ts';
import { useSession } from '../../../stores/session.ts';
import type { TReportRange } from '../report-range.ts';
import { reportQuery } from './report-query.ts';

export type TExportFormat = 'csv' | 'xlsx';

/**
 * 'Harbor Bistro - Item sales - 2026-03-01_2026-03-31.csv' (shared export-file.ts, as the server names
 * its files): the restaurant, the table's title on screen and the business days.
 */
export function exportFileName(title: string, range: TReportRange, format: TExportFormat): string {
  const { restname, name } = useSession.getState();
  return fileName({ restaurant: restname || name, title, from: range.from, to: range.to, format });
}

export function saveCsv(csv: string, fileName: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * The query of a server export: the section's query (`extra`: a list's sort), the format, and the
 * language the user reads the screen in, so headers, totals and channel names match the table.
 */
export function exportQuery(
  range: TReportRange,
  format: TExportFormat,
  extra: Record<string, string | number | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const query = reportQuery(range, { ...extra, format, lang: currentLanguage() });
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params;
}

/** GET the server's export of a whole section (every row of the range, not one page; XLSX only comes from there). */
export function downloadServerExport(
  section: TReportSection,
  range: TReportRange,
  format: TExportFormat,
  extra: Record<string, string | number | undefined> = {},
): Promise<void> {
  const params = exportQuery(range, format, extra);
  return downloadFile(`${REPORT_PATHS[section]}/export?${params.toString()}`, {
    fallbackName: exportFileName(section, range, format),
  });
}
