/**
 * Tax rates in thousandths of a percent ("milli-percent"): 8.875% (New York City) is 8875, 10.25% is
 * 10250, 100% is 100000. US combined sales-tax rates have up to three decimals, which basis points
 * (hundredths of a percent) cannot hold (docs/decisions.md "Tax rates in thousandths of a percent").
 * Integers only, so a rate never passes through floating point on its way to a tax in cents.
 */

/** Thousandths of a percent in one percent. */
export const MILLI_PERCENT_PER_PERCENT = 1_000;
/** 100%, the highest rate a tax can have. */
export const MAX_TAX_RATE_MILLI_PERCENT = 100 * MILLI_PERCENT_PER_PERCENT;

/** Percent text with up to three decimals: '8.875', '10.25', '7', '0.5'. */
export const TAX_RATE_TEXT = /^\d+(?:\.\d{1,3})?$/;

/** '8.875' -> 8875, '10.1' -> 10100; null for anything else (more than three decimals, not a number). */
export function percentTextToMilliPercent(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * MILLI_PERCENT_PER_PERCENT + Number((match[2] ?? '').padEnd(3, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

/** 8875 -> '8.875', 10100 -> '10.1', 7000 -> '7': the inverse of percentTextToMilliPercent. */
export function milliPercentToPercentText(milliPercent: number): string {
  const sign = milliPercent < 0 ? '-' : '';
  const abs = Math.abs(milliPercent);
  const whole = Math.floor(abs / MILLI_PERCENT_PER_PERCENT);
  const fraction = String(abs % MILLI_PERCENT_PER_PERCENT)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A rate in basis points (as older POS builds send it) in thousandths of a percent: 1010 -> 10100. */
export const basisPointsToMilliPercent = (basisPoints: number): number => basisPoints * 10;

/**
 * A rate in thousandths of a percent in basis points, for older readers that know only basis points:
 * rounded to the nearest basis point, halves up (8875 -> 888, 10100 -> 1010).
 */
export const milliPercentToBasisPoints = (milliPercent: number): number => Math.floor((milliPercent + 5) / 10);

/**
 * The tax on an amount in cents at a rate in thousandths of a percent, rounded to the nearest cent
 * with halves away from zero (8.875% of $45.00 = 399.375 cents -> 399; of $1.00 = 8.875 -> 9;
 * a refund of -$1.00 -> -9). Exact: the product is taken in BigInt, so no amount is too large.
 */
export function taxCentsOf(amountCents: number, rateMilliPercent: number): number {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(rateMilliPercent))
    throw new RangeError('taxCentsOf takes integer cents and an integer rate in thousandths of a percent');
  const divisor = BigInt(100 * MILLI_PERCENT_PER_PERCENT);
  const product = BigInt(Math.abs(amountCents)) * BigInt(rateMilliPercent);
  const rounded = (product * 2n + divisor) / (2n * divisor);
  const tax = Number(rounded);
  return amountCents < 0 ? -tax : tax;
}
