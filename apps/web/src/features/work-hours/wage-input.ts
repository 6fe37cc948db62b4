import { WAGE_MAX_CENTS } from '@ra/shared/work-hours/work-hours.schemas';

/**
 * An hourly wage typed in dollars ('17', '17.5', '$17.50') as cents; null when left empty (which
 * removes the wage); 'invalid' for anything else, or outside $0.00 to $1,000.00, or finer than a cent.
 */
export function parseWage(text: string): number | null | 'invalid' {
  const value = text
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (value === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return 'invalid';
  const [whole = '0', fraction = ''] = value.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > WAGE_MAX_CENTS ? 'invalid' : cents;
}

/** Cents as the text a wage field starts with ('17.50'), empty for none. */
export function wageText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}
