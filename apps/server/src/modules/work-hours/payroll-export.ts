import ExcelJS from 'exceljs';
import { centsToDecimal, toCsv, type TCsvColumn } from '@ra/shared/reports/csv';

export interface TPayrollLine {
  name: string;
  xid: string;
  employeeNumber: string | null;
  /** Hundredths of an hour. */
  regular: number;
  ot15: number;
  ot2: number;
  total: number;
  paidBreaks: number;
  unpaidBreaks: number;
  /** Hourly wages worked at, cents. */
  wages: number[];
  regularRateCents: number;
  declaredTipsCents: number;
  cardTipsCents: number;
  /** Tips after pooling and tip-outs (the tips module, issue 23); null when no tip rule is set. */
  pooledTipsCents: number | null;
  grossCents: number;
}

/** Hundredths of an hour as a plain decimal ('8.25'), so a spreadsheet reads a number. */
const hours = (h: number) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, '0')}`;

/**
 * The columns of the payroll export, per employee: regular and overtime hours at each rate (1x, 1.5x,
 * 2x), breaks, declared and card tips, wage(s), the weighted regular rate and gross pay. Headers stay
 * English: payroll services import these files by column name.
 */
const COLUMNS: Array<{ key: keyof TPayrollLine; header: string; kind: 'text' | 'hours' | 'cents' | 'wages' }> = [
  { key: 'name', header: 'Employee', kind: 'text' },
  { key: 'employeeNumber', header: 'Employee number', kind: 'text' },
  { key: 'xid', header: 'Login id', kind: 'text' },
  { key: 'regular', header: 'Regular hours (1x)', kind: 'hours' },
  { key: 'ot15', header: 'Overtime hours (1.5x)', kind: 'hours' },
  { key: 'ot2', header: 'Double time hours (2x)', kind: 'hours' },
  { key: 'total', header: 'Total paid hours', kind: 'hours' },
  { key: 'paidBreaks', header: 'Paid breaks (hours)', kind: 'hours' },
  { key: 'unpaidBreaks', header: 'Unpaid breaks (hours)', kind: 'hours' },
  { key: 'wages', header: 'Hourly wage(s)', kind: 'wages' },
  { key: 'regularRateCents', header: 'Regular rate', kind: 'cents' },
  { key: 'declaredTipsCents', header: 'Declared cash tips', kind: 'cents' },
  { key: 'cardTipsCents', header: 'Card tips', kind: 'cents' },
  { key: 'pooledTipsCents', header: 'Tips after pooling', kind: 'cents' },
  { key: 'grossCents', header: 'Gross pay', kind: 'cents' },
];

export function payrollCsv(lines: readonly TPayrollLine[]): string {
  const columns: TCsvColumn<TPayrollLine>[] = COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    format: (value) => {
      if (c.kind === 'hours') return hours(value as number);
      if (c.kind === 'cents') return value === null ? '' : centsToDecimal(value as number);
      if (c.kind === 'wages') return (value as number[]).map(centsToDecimal).join(' / ');
      return value === null ? '' : String(value);
    },
  }));
  return toCsv(columns, lines, { bom: true });
}

export async function payrollXlsx(lines: readonly TPayrollLine[], title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31));
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) {
    sheet.addRow(
      Object.fromEntries(
        COLUMNS.map((c) => {
          const value = line[c.key];
          if (c.kind === 'hours') return [c.key, (value as number) / 100];
          if (c.kind === 'cents') return [c.key, value === null ? '' : (value as number) / 100];
          if (c.kind === 'wages') return [c.key, (value as number[]).map(centsToDecimal).join(' / ')];
          return [c.key, value ?? ''];
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
