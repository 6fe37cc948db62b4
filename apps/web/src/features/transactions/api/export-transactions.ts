import { fileNameOf } from '@ra/shared/reports/export-file';
import { currentLanguage } from '../../../lib/i18n.ts';
import { API_BASE, ApiError } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
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

/** GET the file (not JSON, so not through `request`) and save it under the server's name. */
export async function downloadTransactions(
  filter: TTransactionsFilter,
  format: TTransactionsExportFormat,
): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(`${API_BASE}/api/transactions/export?${transactionsExportQuery(filter, format).toString()}`, {
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
  const name =
    fileNameOf(res.headers.get('content-disposition')) ?? `transactions-${filter.from}_${filter.to}.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download manager; keep the URL a moment for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
