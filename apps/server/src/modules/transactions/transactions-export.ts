import type { TTransactionsResponse } from '@ra/shared/transactions/transactions.schemas';
import { localTime, type TExportContext, type TExportTable, wordsFor } from '../../lib/exports/table-export.ts';

/** Most rows one transactions file holds: a year of a very busy restaurant's payments and refunds. */
export const TRANSACTIONS_EXPORT_LIMIT = 200_000;

/**
 * The transactions list as a file (SPEC 2 /transactions/index): every row the list's filters match,
 * newest first or in the list's order, in the caller's language with the screen's words. Refunds are
 * negative so the amount column sums to what was kept; totals rows for payments and refunds close it.
 */
export function transactionsTable(
  response: Pick<TTransactionsResponse, 'rows' | 'totals'>,
  context: TExportContext,
): TExportTable {
  const w = wordsFor(context.lang, context.tipWording);
  return {
    columns: [
      { header: w.label('transactions.columns.time'), kind: 'text' },
      { header: w.label('file.businessDay'), kind: 'text' },
      { header: w.label('transactions.columns.kind'), kind: 'text' },
      { header: w.label('transactions.columns.order'), kind: 'text' },
      { header: w.label('transactions.columns.channel'), kind: 'text' },
      { header: w.label('transactions.columns.method'), kind: 'text' },
      { header: w.label('file.cardBrand'), kind: 'text' },
      { header: w.label('file.cardLast4'), kind: 'text' },
      { header: w.label('transactions.columns.server'), kind: 'text' },
      { header: w.label('transactions.columns.amount'), kind: 'cents' },
      { header: w.label('transactions.columns.tip'), kind: 'cents' },
      { header: w.label('transactions.columns.status'), kind: 'text' },
      { header: w.label('transactions.columns.reason'), kind: 'text' },
      { header: w.label('transactions.columns.by'), kind: 'text' },
    ],
    rows: [
      ...response.rows.map((r) => [
        localTime(r.at, context.timeZone),
        r.businessDay,
        w.name('transactions.kind', r.kind),
        // the number on the ticket, as the list shows it; the POS id only when there is none
        r.orderNumber ?? r.posOrderId,
        w.name('channel', r.channel),
        w.name('method', r.method),
        r.cardBrand === null ? null : w.name('cardBrand', r.cardBrand),
        r.cardLast4,
        r.serverName,
        r.kind === 'refund' ? -r.amountCents : r.amountCents,
        r.kind === 'refund' ? null : r.tipCents,
        w.name('transactions.status', r.status),
        r.reason,
        r.by,
      ]),
      [
        w.label('file.totalPayments', { count: response.totals.paymentCount }),
        ...Array<null>(8).fill(null),
        response.totals.paymentCents,
        null,
        null,
        null,
        null,
      ],
      [
        w.label('file.totalRefunds', { count: response.totals.refundCount }),
        ...Array<null>(8).fill(null),
        -response.totals.refundCents,
        null,
        null,
        null,
        null,
      ],
    ],
  };
}
