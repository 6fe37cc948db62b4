import { reportLabel } from '@ra/shared/reports/report-labels';
import type { TReportExportOptions } from '@ra/shared/reports/reports.schemas';
import type {
  TOrderDetail,
  TTransactionsQuery,
  TTransactionsResponse,
} from '@ra/shared/transactions/transactions.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { exportFile, type TExportFile } from '../../lib/exports/table-export.ts';
import type { TReportsApi } from '../reports/reports.module.ts';
import { TRANSACTIONS_EXPORT_LIMIT, transactionsTable } from './transactions-export.ts';
import type { TransactionsRepository } from './transactions.repository.ts';

/**
 * SPEC 2 "/transactions/index" (viewTransactions): payments and refunds of the caller's restaurant,
 * as a page, as a file, and the order behind one. The restaurant is always the caller's session's.
 */
export class TransactionsService {
  constructor(
    private readonly repo: TransactionsRepository,
    /** The restaurant's last day with sales and its words in a file (the sales rollups). */
    private readonly reports: Pick<TReportsApi, 'fileContext' | 'lastSalesDay'>,
  ) {}

  async list(auth: AuthContext, query: TTransactionsQuery): Promise<TTransactionsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const [result, lastSalesDay] = await Promise.all([
      this.repo.list(restaurantId, query),
      this.reports.lastSalesDay(restaurantId, query.to),
    ]);
    return {
      range: { from: query.from, to: query.to },
      lastSalesDay,
      page: query.page,
      pageSize: query.pageSize,
      ...result,
    };
  }

  /** Every row the list's filters match, in the list's order, with totals rows, as CSV or XLSX. */
  async exportFile(auth: AuthContext, query: TTransactionsQuery & TReportExportOptions): Promise<TExportFile> {
    const restaurantId = requireRestaurantId(auth);
    const [result, file] = await Promise.all([
      this.repo.list(restaurantId, { ...query, page: 1, pageSize: TRANSACTIONS_EXPORT_LIMIT }),
      this.reports.fileContext(restaurantId),
    ]);
    const table = transactionsTable(result, { timeZone: file.timeZone, lang: query.lang, tipWording: file.tipWording });
    const title = reportLabel('file.transactions', query.lang);
    return exportFile(table, {
      restaurant: file.restaurant,
      title,
      from: query.from,
      to: query.to,
      format: query.format,
    });
  }

  /** Another restaurant's order is answered like one that does not exist. */
  async orderDetail(auth: AuthContext, orderId: number): Promise<TOrderDetail> {
    const detail = await this.repo.orderDetail(requireRestaurantId(auth), orderId);
    if (!detail) throw notFound();
    return detail;
  }
}
