import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { BilingualError } from './bilingual-error.ts';

/**
 * Money arithmetic in whole hundredths (SPEC 5 "Amounts"): 0.1 + 0.2 must be 0.3, so amounts are
 * turned into integer cents before adding and back into units once at the end.
 */

/** SPEC 5/8: an amount with more than two decimal places cannot be represented in cents. */
export class MoneyPrecisionError extends BilingualError {
  override name = 'MoneyPrecisionError';
  readonly amount: number | string;

  constructor(amount: number | string) {
    super(VALIDATION_MESSAGES['validation.amountTwoDecimals']);
    this.amount = amount;
  }
}

/** The amount is not a number at all (NaN, Infinity, '', 'abc', '1e3'). */
export class InvalidAmountError extends BilingualError {
  override name = 'InvalidAmountError';
  readonly amount: unknown;

  constructor(amount: unknown) {
    super(VALIDATION_MESSAGES['validation.invalidAmount']);
    this.amount = amount;
  }
}

/**
 * Plain decimals only, the form String(number) produces: '.5', '5.' and '1e3' are refused so that
 * toCents accepts what AMOUNT_2DP accepts (plus a sign). Decimals are counted after matching so a
 * long fraction is reported as a precision problem rather than as garbage.
 */
const DECIMAL_AMOUNT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function assertSafeCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${cents} cents`);
  return cents;
}

/**
 * Whole cents in `amount`: 12.34 and '12.34' -> 1234. Numbers are read as their shortest decimal
 * form, so 0.1 + 0.2 (0.30000000000000004) is rejected rather than silently rounded.
 * Throws MoneyPrecisionError beyond two decimals, InvalidAmountError when not numeric,
 * RangeError beyond the safe-integer range.
 */
export function toCents(amount: number | string): number {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new InvalidAmountError(amount);
    text = String(amount);
    if (/e/i.test(text)) {
      // Exponent form only appears at or above 1e21 (too large for cents) or below 1e-6 (too precise).
      if (Math.abs(amount) >= 1) throw new RangeError(`Amount out of range: ${amount}`);
      throw new MoneyPrecisionError(amount);
    }
  } else if (typeof amount === 'string') {
    text = amount.trim();
  } else {
    throw new InvalidAmountError(amount);
  }

  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) throw new InvalidAmountError(amount);
  const [, sign = '', integer = '0', fraction] = match;
  if (fraction !== undefined && fraction.length > 2) throw new MoneyPrecisionError(amount);

  const cents = Number(integer) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  assertSafeCents(cents);
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Units from whole cents: 1234 -> 12.34. Division by 100 yields the closest double to the decimal. */
export function fromCents(cents: number): number {
  return assertSafeCents(cents) / 100;
}

/**
 * Adds amounts exactly: sumMoney(0.1, 0.2) is 0.3, not 0.30000000000000004.
 * Throws MoneyPrecisionError when any amount has more than two decimal places (SPEC 5), and
 * whatever toCents throws for a non-numeric amount.
 */
export function sumMoney(...amounts: (number | string)[]): number {
  let totalCents = 0;
  for (const amount of amounts) totalCents = assertSafeCents(totalCents + toCents(amount));
  return fromCents(totalCents);
}
