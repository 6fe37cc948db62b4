import ExcelJS from 'exceljs';
import { centsToDecimal, toCsv, type TCsvColumn } from '@ra/shared/reports/csv';
import type { TTipLine, TTipPeriodResponse } from '@ra/shared/tips/tips.schemas';

/** Hundredths of an hour as a plain decimal ('8.25'), so a spreadsheet reads a number. */
const hours = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

/** The tips export's columns; headers stay English, as in the payroll export (payroll imports by name). */
const COLUMNS: Array<{ key: keyof TTipLine; header: string; kind: 'text' | 'hours' | 'cents' | 'list' }> = [
  { key: 'name', header: 'Employee', kind: 'text' },
  { key: 'roles', header: 'Roles', kind: 'list' },
  { key: 'hours', header: 'Paid hours', kind: 'hours' },
  { key: 'cardTipCents', header: 'Card tips', kind: 'cents' },
  { key: 'declaredCents', header: 'Declared cash tips', kind: 'cents' },
  { key: 'serviceChargeCents', header: 'Service charges', kind: 'cents' },
  { key: 'collectedCents', header: 'Tips collected', kind: 'cents' },
  { key: 'tipOutGivenCents', header: 'Tip-outs given', kind: 'cents' },
  { key: 'tipOutReceivedCents', header: 'Tip-outs received', kind: 'cents' },
  { key: 'pooledInCents', header: 'Put into pool', kind: 'cents' },
  { key: 'poolShareCents', header: 'Pool share', kind: 'cents' },
  { key: 'adjustmentCents', header: 'Tip adjustments', kind: 'cents' },
  { key: 'finalCents', header: 'Tips after pooling', kind: 'cents' },
  { key: 'hourlyCents', header: 'Tips per hour', kind: 'cents' },
];

export function tipsCsv(result: TTipPeriodResponse): string {
  const columns: TCsvColumn<TTipLine>[] = COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    format: (value) => {
      if (value === null) return '';
      if (c.kind === 'hours') return hours(value as number);
      if (c.kind === 'cents') return centsToDecimal(value as number);
      if (c.kind === 'list') return (value as string[]).join(' / ');
      return String(value);
    },
  }));
  return toCsv(columns, result.lines, { bom: true });
}

export async function tipsXlsx(result: TTipPeriodResponse): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Tips');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const line of result.lines) {
    sheet.addRow(
      Object.fromEntries(
        COLUMNS.map((c) => {
          const value = line[c.key];
          if (value === null) return [c.key, ''];
          if (c.kind === 'hours' || c.kind === 'cents') return [c.key, (value as number) / 100];
          if (c.kind === 'list') return [c.key, (value as string[]).join(' / ')];
          return [c.key, value];
        }),
      ),
    );
  }
  COLUMNS.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    if (c.kind === 'hours') column.numFmt = '0.00';
    if (c.kind === 'cents') column.numFmt = '"$"#,##0.00';
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
