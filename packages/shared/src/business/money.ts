/**
 * Amounts typed as text ('12', '12.5', '12.50') to integer cents, without floating point: the SPEC 5
 * "at most two decimal places" rule is checked first by the schemas (AMOUNT_2DP), so this only
 * converts. Returns null for anything else.
 */
export function amountTextToCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 1234 -> '12.34'; the inverse of amountTextToCents for form values. */
export function centsToAmountText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Percent text with up to two decimals ('3.5') to basis points (350). */
export const percentTextToBps = amountTextToCents;
export const bpsToPercentText = (bps: number) => centsToAmountText(bps).replace(/\.?0+$/, '') || '0';
