import ExcelJS from 'exceljs';
import type { TEarning } from '@ra/shared/agent/agent.schemas';

/** The payment report as a table: one row per earning line, with what it is made of. */
export const EXPORT_HEADER = [
  'Restaurant',
  'Period start',
  'Period end',
  'Kind',
  'Basis',
  'Status',
  'Base',
  'Amount',
  'Made of',
  'Reason',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

export function earningsRows(items: readonly TEarning[]): Array<Array<string | number>> {
  return items.map((e) => [
    e.restaurant.name,
    e.periodStart,
    e.periodEnd,
    e.kind,
    e.basis,
    e.status,
    dollars(e.baseCents),
    dollars(e.amountCents),
    e.segments
      .map(
        (s) =>
          `${s.from}..${s.to}: ${dollars(s.baseCents)} x ${(s.rateBps / 100).toFixed(2)}% = ${dollars(s.amountCents)}`,
      )
      .join('; '),
    e.reason ?? '',
  ]);
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading = + - @ would run as a formula in a spreadsheet (CSV injection): quote it as text.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function earningsCsv(items: readonly TEarning[]): string {
  return [EXPORT_HEADER, ...earningsRows(items)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export async function earningsXlsx(items: readonly TEarning[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Payment report');
  sheet.addRow(EXPORT_HEADER).font = { bold: true };
  for (const e of items) {
    const row = earningsRows([e])[0]!;
    row[6] = e.baseCents / 100;
    row[7] = e.amountCents / 100;
    sheet.addRow(row);
  }
  for (const column of [7, 8]) sheet.getColumn(column).numFmt = '"$"#,##0.00;-"$"#,##0.00';
  sheet.columns.forEach((c) => (c.width = 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}
