import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatMoneyCents, round2, roundTo, toThousands } from './number.ts';

describe('toThousands', () => {
  it('puts a comma between each group of three integer digits', () => {
    expect(toThousands(1234567.5)).toBe('1,234,567.5');
    expect(toThousands(1000)).toBe('1,000');
    expect(toThousands(123456789012)).toBe('123,456,789,012');
  });

  it('leaves numbers under 1000 and the decimals untouched', () => {
    expect(toThousands(999)).toBe('999');
    expect(toThousands(0)).toBe('0');
    expect(toThousands(1234.56789)).toBe('1,234.56789');
  });

  it('keeps the minus sign in front of negative numbers', () => {
    expect(toThousands(-1234567.5)).toBe('-1,234,567.5');
    expect(toThousands(-999)).toBe('-999');
  });

  it('groups numeric strings and keeps their decimals exactly as written', () => {
    expect(toThousands('1234567.5')).toBe('1,234,567.5');
    expect(toThousands('1234.50')).toBe('1,234.50');
    expect(toThousands(' -9876543 ')).toBe('-9,876,543');
    expect(toThousands('+1000')).toBe('1,000');
  });

  it('drops leading zeros from numeric strings', () => {
    expect(toThousands('0001234')).toBe('1,234');
    expect(toThousands('0.5')).toBe('0.5');
  });

  it('writes very large and very small numbers out in full instead of exponent form', () => {
    expect(toThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(toThousands(1.5e-7)).toBe('0.00000015');
  });

  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['free text', 'abc'],
    ['an empty string', ''],
    ['1e3', '1e3'],
  ])('returns an empty string for %s', (_, input) => {
    expect(toThousands(input)).toBe('');
  });
});

describe('round2', () => {
  it('rounds 1.005 up to 1.01, unlike naive float rounding', () => {
    expect(Math.round(1.005 * 100) / 100).toBe(1); // the bug this helper exists to avoid
    expect(round2(1.005)).toBe(1.01);
  });

  it.each([
    [1.255, 1.26],
    [8.345, 8.35],
    [1.234, 1.23],
    [2.5, 2.5],
    [10, 10],
    [0.1 + 0.2, 0.3],
  ])('rounds %d to %d', (input, expected) => {
    expect(round2(input)).toBe(expected);
  });

  it('rounds halves away from zero for negative amounts', () => {
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(-1.004)).toBe(-1);
  });

  it('never produces negative zero', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it('accepts numeric strings', () => {
    expect(round2('1.005')).toBe(1.01);
  });

  it('handles numbers small enough to print in exponent form', () => {
    expect(round2(5e-7)).toBe(0);
    expect(roundTo(1.5e-7, 7)).toBe(2e-7);
  });

  it('returns NaN for non-numeric input', () => {
    expect(round2('abc')).toBeNaN();
    expect(round2('')).toBeNaN();
    expect(round2(NaN)).toBeNaN();
  });
});

describe('roundTo', () => {
  it('rounds to the requested number of decimals', () => {
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(1234.5, 0)).toBe(1235);
  });

  it('refuses a negative or fractional digit count', () => {
    expect(() => roundTo(1, -1)).toThrow(RangeError);
    expect(() => roundTo(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatMoneyCents', () => {
  it('formats integer cents with a dollar sign, thousand separators and two decimals', () => {
    expect(formatMoneyCents(123450)).toBe('$1,234.50');
    expect(formatMoneyCents(123456789)).toBe('$1,234,567.89');
  });

  it('always shows two decimals, even for whole and tiny amounts', () => {
    expect(formatMoneyCents(0)).toBe('$0.00');
    expect(formatMoneyCents(5)).toBe('$0.05');
    expect(formatMoneyCents(100)).toBe('$1.00');
  });

  it('puts the minus sign before the currency symbol', () => {
    expect(formatMoneyCents(-100)).toBe('-$1.00');
    expect(formatMoneyCents(-123456)).toBe('-$1,234.56');
  });

  it('does not show negative zero', () => {
    expect(formatMoneyCents(-0)).toBe('$0.00');
  });

  it('uses a custom currency symbol', () => {
    expect(formatMoneyCents(99900, { currencySymbol: '¥' })).toBe('¥999.00');
    expect(formatMoneyCents(-250, { currencySymbol: '' })).toBe('-2.50');
  });

  it('is exact at the largest safe integer', () => {
    expect(formatMoneyCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it.each([
    ['fractional cents', 1.5],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['an unsafe integer', 2 ** 53],
  ])('returns an empty string for %s', (_, cents) => {
    expect(formatMoneyCents(cents)).toBe('');
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [1e3, '1k'],
    [1e6, '1M'],
    [1e9, '1G'],
    [1e12, '1T'],
    [1e15, '1P'],
    [1e18, '1E'],
  ])('abbreviates %d with its SI symbol', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });

  it('keeps up to the requested decimals and drops trailing zeros', () => {
    expect(abbreviateNumber(1234, 1)).toBe('1.2k');
    expect(abbreviateNumber(1234, 2)).toBe('1.23k');
    expect(abbreviateNumber(1500000, 2)).toBe('1.5M');
    expect(abbreviateNumber(2000, 3)).toBe('2k');
    expect(abbreviateNumber(1250, 0)).toBe('1k');
    expect(abbreviateNumber(10000, 0)).toBe('10k');
  });

  it('defaults to one decimal', () => {
    expect(abbreviateNumber(1250)).toBe('1.3k');
  });

  it('leaves numbers under 1000 without a symbol', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.34, 1)).toBe('12.3');
    expect(abbreviateNumber(0)).toBe('0');
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(abbreviateNumber(999950, 1)).toBe('1M');
    expect(abbreviateNumber(999.96, 1)).toBe('1k');
  });

  it('stays in E above 1000E', () => {
    expect(abbreviateNumber(2.5e21)).toBe('2500E');
  });

  it('abbreviates negative numbers with their sign', () => {
    expect(abbreviateNumber(-1234)).toBe('-1.2k');
    expect(abbreviateNumber(-0.01)).toBe('0');
  });

  it('returns an empty string for NaN and Infinity', () => {
    expect(abbreviateNumber(NaN)).toBe('');
    expect(abbreviateNumber(Infinity)).toBe('');
  });
});
