/**
 * CSV export of report tables (SPEC 2 "/salesReport"), built where the data is, so the browser can
 * export what it shows and the server can stream the same format.
 *
 * RFC 4180: records end with CRLF; a field containing a comma, a double quote, CR or LF is wrapped in
 * double quotes with inner quotes doubled. Money is written from cents as a plain decimal ('1234.50':
 * no currency symbol or thousands separator) so spreadsheets read it as a number.
 */

export type TCsvColumnKind = 'text' | 'number' | 'cents';

export interface TCsvColumn<TRow> {
  key: keyof TRow & string;
  header: string;
  /** text (default): as written; number: as JavaScript prints it; cents: integer cents as 'units.cc'. */
  kind?: TCsvColumnKind;
  /** Turns the value into the cell text instead of `kind`; the result is still quoted as needed. */
  format?: (value: TRow[keyof TRow & string], row: TRow) => string;
}

export interface TCsvOptions {
  /**
   * Start with a UTF-8 byte order mark. Excel opens a BOM-less CSV in the system code page, which turns
   * Chinese item names into mojibake; turn this on for files meant for download.
   */
  bom?: boolean;
}

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** 123450 -> '1234.50', -5 -> '-0.05'. Throws RangeError for anything but whole cents. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / CR that hides one) as a formula, and item
 * names and reasons come from POS staff: such text cells get a leading apostrophe (OWASP "CSV
 * injection"). Number and money columns are ours and keep their minus sign.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function cell<TRow>(column: TCsvColumn<TRow>, row: TRow): string {
  const value = row[column.key];
  if (column.format) return column.format(value, row);
  if (value === null || value === undefined) return '';
  switch (column.kind ?? 'text') {
    case 'cents':
      if (typeof value !== 'number') throw new TypeError(`Column ${column.key} is not cents: ${textOf(value)}`);
      return centsToDecimal(value);
    case 'number':
      return textOf(value);
    case 'text': {
      const text = textOf(value);
      return FORMULA_START.test(text) ? `'${text}` : text;
    }
  }
}

/** The header line and one line per row, each ending in CRLF. */
export function toCsv<TRow>(
  columns: readonly TCsvColumn<TRow>[],
  rows: Iterable<TRow>,
  options: TCsvOptions = {},
): string {
  const lines = [columns.map((column) => quote(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => quote(cell(column, row))).join(','));
  return (options.bom ? BOM : '') + lines.join(CRLF) + CRLF;
}
