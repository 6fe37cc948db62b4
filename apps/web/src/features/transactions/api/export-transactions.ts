import { currentLanguage } from '../../../lib/i18n.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { TTransactionsFilter } from './get-transactions.ts';

export type TTransactionsExportFormat = 'csv' | 'xlsx';

/**
 * The query of a transactions file: the list's filters and order (every page, not the one on screen),
 * the format, and the language the screen is in, so the file reads like the list.
 */
export function transactionsExportQuery(
  filter: TTransactionsFilter,
  format: TTransactionsExportFormat,
): URLSearchParams {
  const params = new URLSearchParams();
  const { page: _page, pageSize: _pageSize, ...filters } = filter;
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) params.set(k, String(v));
  params.set('format', format);
  params.set('lang', currentLanguage());
  return params;
}

/** GET the file and save it under the server's name. */
export function downloadTransactions(filter: TTransactionsFilter, format: TTransactionsExportFormat): Promise<void> {
  return downloadFile(`/api/transactions/export?${transactionsExportQuery(filter, format).toString()}`, {
    fallbackName: `transactions-${filter.from}_${filter.to}.${format}`,
  });
}
