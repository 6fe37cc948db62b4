import ExcelJS from 'exceljs';

/**
 * XLSX files for the report and transaction exports, written with exceljs (issue 8: "the report
 * exports move to the same library" as the menu's import and export). One worksheet: a header row,
 * frozen, then text, number and money cells (strings in the shared-string table, as Excel writes
 * them); money is a number shown as currency, so the sheet can sum it.
 */

/** Money in dollars, shown as currency ('$1,234.50') but kept a number, so the sheet sums it. */
export interface TXlsxMoney {
  money: number;
}

export type TXlsxCell = string | number | TXlsxMoney | null;

/** US dollars with thousand separators and two decimals, negatives with a minus. */
export const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';

/** Characters XML 1.0 cannot carry at all (a note pasted from another program may hold them). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** A workbook with one sheet named `sheetName` (at most 31 characters, no []:*?/\). */
export async function xlsx(sheetName: string, rows: readonly (readonly TXlsxCell[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // A fixed date: the same rows make the same file, whenever they are exported.
  workbook.created = new Date(Date.UTC(2000, 0, 1));
  workbook.modified = workbook.created;
  const safeName =
    sheetName
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet1';
  const sheet = workbook.addWorksheet(safeName, rows.length > 0 ? { views: [{ state: 'frozen', ySplit: 1 }] } : {});
  rows.forEach((row, r) => {
    const line = sheet.getRow(r + 1);
    row.forEach((value, c) => {
      if (value === null || value === '') return;
      const cell = line.getCell(c + 1);
      if (typeof value === 'object') {
        if (!Number.isFinite(value.money)) return;
        cell.value = value.money;
        cell.numFmt = MONEY_FORMAT;
      } else if (typeof value === 'number') {
        if (Number.isFinite(value)) cell.value = value;
      } else {
        cell.value = value.replace(NOT_XML, '');
      }
    });
  });
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}
