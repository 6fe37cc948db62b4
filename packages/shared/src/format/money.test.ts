import { describe, expect, it } from 'vitest';
import { BilingualError } from './bilingual-error.ts';
import { fromCents, InvalidAmountError, MoneyPrecisionError, sumMoney, toCents } from './money.ts';

describe('sumMoney', () => {
  it('adds amounts exactly where float addition drifts', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // the drift this helper exists to avoid
    expect(sumMoney(0.1, 0.2)).toBe(0.3);
    expect(sumMoney(19.99, 0.01, 5.1)).toBe(25.1);
  });

  it('adds numeric strings and numbers together', () => {
    expect(sumMoney('12.34', 0.66, '1')).toBe(14);
  });

  it('handles refunds and discounts as negative amounts', () => {
    expect(sumMoney(10, -2.5, '-0.05')).toBe(7.45);
    expect(sumMoney(1.1, -1.1)).toBe(0);
  });

  it('returns 0 for no amounts', () => {
    expect(sumMoney()).toBe(0);
  });

  it('throws MoneyPrecisionError when an amount has more than two decimal places', () => {
    expect(() => sumMoney(1, 2.345)).toThrow(MoneyPrecisionError);
    expect(() => sumMoney('1.001')).toThrow(MoneyPrecisionError);
  });

  it('refuses an amount that is already float noise instead of rounding it away', () => {
    expect(() => sumMoney(0.1 + 0.2)).toThrow(MoneyPrecisionError);
  });

  it('throws InvalidAmountError for a non-numeric amount', () => {
    expect(() => sumMoney(1, 'abc')).toThrow(InvalidAmountError);
  });

  it('refuses a total beyond the safe-integer range of cents', () => {
    expect(() => sumMoney(90_000_000_000_000, 90_000_000_000_000)).toThrow(RangeError);
  });
});

describe('MoneyPrecisionError', () => {
  const error = new MoneyPrecisionError('1.234');

  it('carries the English and Chinese wording, with the English one as its message', () => {
    expect(error.messages).toEqual({
      en: 'Amounts can have at most two decimal places',
      zh: '金额最多只能有两位小数',
    });
    expect(error.message).toBe('Amounts can have at most two decimal places');
  });

  it('is an Error with its own name and remembers the offending amount', () => {
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(BilingualError);
    expect(error.name).toBe('MoneyPrecisionError');
    expect(error.amount).toBe('1.234');
  });

  it('is what sumMoney throws, wording included', () => {
    let thrown: unknown;
    try {
      sumMoney(0.001);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(MoneyPrecisionError);
    expect((thrown as MoneyPrecisionError).messages.zh).toBe('金额最多只能有两位小数');
  });
});

describe('toCents', () => {
  it.each([
    [12.34, 1234],
    ['12.34', 1234],
    [1.1, 110],
    ['1.5', 150],
    ['7', 700],
    [0, 0],
    ['0.05', 5],
    [1004.5, 100450],
    [' 3.20 ', 320],
  ])('turns %s into %d cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('keeps the sign of negative amounts', () => {
    expect(toCents(-12.34)).toBe(-1234);
    expect(toCents('-0.5')).toBe(-50);
    expect(toCents('+2')).toBe(200);
  });

  it('does not produce negative zero', () => {
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
  });

  it('rejects more than two decimal places, written trailing zeros included', () => {
    expect(() => toCents(1.234)).toThrow(MoneyPrecisionError);
    expect(() => toCents('1.500')).toThrow(MoneyPrecisionError);
    expect(() => toCents(1e-7)).toThrow(MoneyPrecisionError);
  });

  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['an empty string', ''],
    ['free text', 'ten'],
    ['exponent notation', '1e3'],
    ['a bare decimal point', '.5'],
    ['a trailing decimal point', '5.'],
    ['a thousands separator', '1,000'],
    ['null', null],
  ])('rejects %s as not an amount', (_, amount) => {
    expect(() => toCents(amount as never)).toThrow(InvalidAmountError);
  });

  it('gives InvalidAmountError the same bilingual shape', () => {
    const error = new InvalidAmountError('ten');
    expect(error.message).toBe(error.messages.en);
    expect(error.messages.zh).toBe('请输入有效的金额');
  });

  it('refuses amounts whose cents exceed the safe-integer range', () => {
    expect(() => toCents(1e21)).toThrow(RangeError);
    expect(() => toCents('100000000000000000')).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it('turns whole cents back into units', () => {
    expect(fromCents(1234)).toBe(12.34);
    expect(fromCents(-5)).toBe(-0.05);
    expect(fromCents(30)).toBe(0.3);
  });

  it('round-trips with toCents', () => {
    for (const amount of [0.01, 0.3, 19.99, 1234567.89, -42.1]) {
      expect(fromCents(toCents(amount))).toBe(amount);
    }
  });

  it('refuses fractional or unsafe cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(2 ** 53)).toThrow(RangeError);
  });
});
