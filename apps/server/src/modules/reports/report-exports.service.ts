import type { TReportExportOptions, TReportSection } from '@ra/shared/reports/reports.schemas';
import { reportLabel } from '@ra/shared/reports/report-labels';
import { exportFile, type TExportFile } from '../../lib/exports/table-export.ts';
import { EXPORT_TITLE_KEYS, exportTable, type TSectionResponses } from './report-exports.ts';
import type { ReportsRepository } from './reports.repository.ts';

/**
 * The sales report's downloads (SPEC 2 "/salesReport"): a section's whole range as CSV or XLSX, in the
 * caller's language with the restaurant's words, named after the restaurant and the section.
 */
export class ReportExportsService {
  constructor(private readonly repo: ReportsRepository) {}

  /** `load` answers the section with every row (the route's loader, called with the caller's query). */
  async file<S extends TReportSection>(
    restaurantId: number,
    section: S,
    query: { from: string; to: string } & TReportExportOptions,
    load: () => Promise<TSectionResponses[S]>,
  ): Promise<TExportFile> {
    const [response, file] = await Promise.all([load(), this.repo.fileContext(restaurantId)]);
    const table = exportTable(section, response, {
      timeZone: file.timeZone,
      lang: query.lang,
      tipWording: file.tipWording,
    });
    // Named in the file's language after the restaurant and the section, days in ISO so files sort.
    const title = reportLabel(EXPORT_TITLE_KEYS[section], query.lang);
    return exportFile(table, {
      restaurant: file.restaurant,
      title,
      from: query.from,
      to: query.to,
      format: query.format,
    });
  }
}
