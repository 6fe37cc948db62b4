/**
 * Number display helpers (SPEC 9): thousand separators, two-decimal rounding and k/M/G/T/P/E
 * abbreviations. Display helpers return '' for input that is not a finite number so a table cell
 * shows nothing rather than "NaN".
 */

const PLAIN_DECIMAL = /^[+-]?\d+(\.\d+)?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Inserts a comma before each sign-less group of three integer digits in a plain decimal string. */
function groupDecimalString(decimal: string): string {
  const sign = decimal.startsWith('-') ? '-' : '';
  const unsigned = decimal.replace(/^[+-]/, '');
  const [integer = '', fraction] = unsigned.split('.');
  const grouped = groupThousands(integer.replace(/^0+(?=\d)/, ''));
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/**
 * 1234567.5 -> '1,234,567.5'. A numeric string keeps its decimals exactly as written
 * ('1234.50' -> '1,234.50'), which matters for amounts already fixed to two places.
 */
export function toThousands(value: number | string): string {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return PLAIN_DECIMAL.test(trimmed) ? groupDecimalString(trimmed) : '';
  }
  if (!Number.isFinite(value)) return '';
  return groupDecimalString(plainDecimal(value));
}

/**
 * String(n) without exponent form: numbers at or above 1e21 or below 1e-6 stringify as '1e+21',
 * which has no digit groups to split. Digits are moved, not recomputed, so no float noise appears.
 */
function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', integer = '', fraction = '', exponent = '0'] = match;
  const digits = integer + fraction;
  const point = integer.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Rounds half away from zero to `digits` decimals as the number is written, not as it is stored:
 * 1.005 is stored as 1.00499999…, so naive `Math.round(x * 100) / 100` gives 1.00; this gives 1.01.
 * Shifting the decimal point in the exponent of the shortest round-trip string avoids the float
 * multiplication that causes the error.
 */
export function roundTo(value: number | string, digits: number): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  if (!Number.isFinite(n)) return NaN;
  if (!Number.isInteger(digits) || digits < 0)
    throw new RangeError(`digits must be a non-negative integer, got ${digits}`);
  const [mantissa = '0', exponent = '0'] = String(Math.abs(n)).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + digits}`));
  const [shiftedMantissa = '0', shiftedExponent = '0'] = String(shifted).split('e');
  const rounded = Number(`${shiftedMantissa}e${Number(shiftedExponent) - digits}`);
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Two-decimal rounding (SPEC 5/9 amounts): 1.005 -> 1.01, -1.005 -> -1.01. NaN for non-numeric input. */
export function round2(value: number | string): number {
  return roundTo(value, 2);
}

/**
 * '$1,234.50' from 123450 cents: thousand separators and exactly two decimals, sign before the
 * symbol ('-$1.00'). Cents are whole by definition; anything else returns ''. Integer arithmetic
 * only, so no float rounding can reach the displayed cents.
 */
export function formatMoneyCents(cents: number, options: { currencySymbol?: string } = {}): string {
  if (!Number.isSafeInteger(cents)) return '';
  const { currencySymbol = '$' } = options;
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${currencySymbol}${groupThousands(String(whole))}.${fraction}`;
}

interface TUnit {
  value: number;
  symbol: string;
}

/** Largest first, so the first unit not above the value is the one to show it in. */
const SI_UNITS: readonly TUnit[] = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
  { value: 1, symbol: '' },
];

/**
 * 1234 -> '1.2k', 2500000 -> '2.5M', up to E (1e18), keeping at most `digits` decimals and
 * dropping trailing zeros. A value that rounds up to 1000 of one unit is shown in the next unit
 * (999,950 -> '1M', not '1000k'). Negative values keep their sign. '' for non-finite input.
 */
export function abbreviateNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const found = SI_UNITS.findIndex((candidate) => abs >= candidate.value);
  const index = found === -1 ? SI_UNITS.length - 1 : found;
  let unit = SI_UNITS[index] as TUnit;
  let scaled = roundTo(abs / unit.value, digits);
  const larger = SI_UNITS[index - 1];
  if (scaled >= 1000 && larger) {
    unit = larger;
    scaled = roundTo(abs / unit.value, digits);
  }
  const fixed = scaled.toFixed(digits);
  const text = digits > 0 ? fixed.replace(/\.?0+$/, '') : fixed;
  const sign = value < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${text}${unit.symbol}`;
}
