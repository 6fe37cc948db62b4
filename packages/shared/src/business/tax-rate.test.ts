import { describe, expect, it } from 'vitest';
import {
  basisPointsToMilliPercent,
  milliPercentToBasisPoints,
  milliPercentToPercentText,
  percentTextToMilliPercent,
  taxCentsOf,
} from './tax-rate.ts';

describe('tax rates in thousandths of a percent', () => {
  it('reads rates with up to three decimals', () => {
    expect(percentTextToMilliPercent('8.875')).toBe(8875);
    expect(percentTextToMilliPercent('9.375')).toBe(9375);
    expect(percentTextToMilliPercent('10.25')).toBe(10250);
    expect(percentTextToMilliPercent('10.1')).toBe(10100);
    expect(percentTextToMilliPercent(' 7 ')).toBe(7000);
    expect(percentTextToMilliPercent('0.001')).toBe(1);
  });

  it('refuses four decimals and anything not a plain number', () => {
    for (const text of ['8.8755', '1e2', '-1', '', '.5', '8.', 'abc'])
      expect(percentTextToMilliPercent(text)).toBeNull();
  });

  it('writes rates back without trailing zeros', () => {
    expect(milliPercentToPercentText(8875)).toBe('8.875');
    expect(milliPercentToPercentText(10100)).toBe('10.1');
    expect(milliPercentToPercentText(7000)).toBe('7');
    expect(milliPercentToPercentText(0)).toBe('0');
    expect(milliPercentToPercentText(1)).toBe('0.001');
    expect(basisPointsToMilliPercent(1010)).toBe(10100);
  });

  it('computes tax in whole cents, halves away from zero, exactly', () => {
    expect(taxCentsOf(4500, 8875)).toBe(399); // 399.375
    expect(taxCentsOf(100, 8875)).toBe(9); // 8.875
    expect(taxCentsOf(400, 8875)).toBe(36); // 35.5
    expect(taxCentsOf(-400, 8875)).toBe(-36);
    expect(taxCentsOf(5100, 10100)).toBe(515); // 515.1
    expect(taxCentsOf(200, 10250)).toBe(21); // 20.5
    expect(taxCentsOf(0, 8875)).toBe(0);
    // far beyond where cents x rate would lose precision as a float
    expect(taxCentsOf(9_007_199_254_740_991, 100_000)).toBe(9_007_199_254_740_991);
    expect(() => taxCentsOf(1.5, 8875)).toThrow(RangeError);
  });
});

describe('milliPercentToBasisPoints', () => {
  it('rounds to the nearest basis point for readers of the old field', () => {
    expect(milliPercentToBasisPoints(10_100)).toBe(1010);
    expect(milliPercentToBasisPoints(8875)).toBe(888);
    expect(milliPercentToBasisPoints(9374)).toBe(937);
    expect(milliPercentToBasisPoints(0)).toBe(0);
    expect(milliPercentToBasisPoints(100_000)).toBe(10_000);
  });
});
