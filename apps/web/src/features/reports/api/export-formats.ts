import { REPORT_SECTIONS, type TReportSection } from '@ra/shared/reports/report-constants';
import type { TExportFormat } from './export-report.ts';

/**
 * The exports the server offers per section (GET <section path>/export?format=csv|xlsx: every row of the
 * range, then totals rows). The server's file is preferred: it holds the whole range rather than the page
 * on screen. A section without one gets a CSV built here from what was loaded; XLSX only ever comes
 * from the server.
 */
export const SERVER_EXPORT_FORMATS: Partial<Record<TReportSection, readonly TExportFormat[]>> = Object.fromEntries(
  REPORT_SECTIONS.map((section) => [section, ['csv', 'xlsx'] as const]),
);
