import { exportFileName as fileName, fileNameOf } from '@ra/shared/reports/export-file';
import { REPORT_PATHS, type TReportSection } from '@ra/shared/reports/reports.schemas';
import { currentLanguage } from '../../../lib/i18n.ts';
import { API_BASE, ApiError } from '../../../lib/request.ts';
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

/** Saves a file the browser built or fetched, the way a download link does. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download manager; keep the URL a moment for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

/**
 * GET the server's export of a whole section (every row of the range, not one page; XLSX only comes from
 * there). A file answer is not JSON, so this reads the body as a blob rather than going through `request`.
 */
export async function downloadServerExport(
  section: TReportSection,
  range: TReportRange,
  format: TExportFormat,
  extra: Record<string, string | number | undefined> = {},
): Promise<void> {
  const params = exportQuery(range, format, extra);
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}${REPORT_PATHS[section]}/export?${params.toString()}`, {
    headers: token ? { Authorization: token } : {},
    credentials: 'include',
  });
  if (!res.ok) {
    let message = 'Error';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the generic message (SPEC 8)
    }
    throw new ApiError(message, res.status);
  }
  const named = fileNameOf(res.headers.get('content-disposition'));
  saveFile(await res.blob(), named ?? exportFileName(section, range, format));
}
