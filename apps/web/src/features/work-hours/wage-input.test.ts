// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseWage, wageText } from './wage-input.ts';

describe('parseWage', () => {
  it('reads dollars and cents as cents', () => {
    expect(parseWage('17')).toBe(1700);
    expect(parseWage(' 17.5 ')).toBe(1750);
    expect(parseWage('$17.05')).toBe(1705);
    expect(parseWage('1,000.00')).toBe(100_000);
    expect(parseWage('0')).toBe(0);
  });
  it('leaves an empty field as no wage', () => {
    expect(parseWage('')).toBeNull();
    expect(parseWage('  ')).toBeNull();
  });
  it('refuses what is not a wage', () => {
    for (const bad of ['-1', '17.555', 'abc', '1000.01', '17.', '.5', '1e3'])
      expect(parseWage(bad), bad).toBe('invalid');
  });
  it('writes cents back as the field text', () => {
    expect(wageText(1750)).toBe('17.50');
    expect(wageText(null)).toBe('');
    expect(parseWage(wageText(2405))).toBe(2405);
  });
});
