import { describe, expect, it } from 'vitest';
import { percent } from '../../lib/percent.ts';
import { changeTone, describeChange } from '../../lib/period-change.ts';
import { count, money } from './report-format.ts';

describe('change from the previous period', () => {
  it('shows a signed percentage and its direction', () => {
    expect(describeChange(12_500, 10_000)).toEqual({ text: '+25.0%', trend: 'up' });
    expect(describeChange(9_000, 10_000)).toEqual({ text: '-10.0%', trend: 'down' });
    expect(describeChange(10_000, 10_000)).toEqual({ text: '0.0%', trend: 'flat' });
  });

  it('shows a dash instead of infinity when the previous period had nothing', () => {
    expect(describeChange(5_000, 0)).toEqual({ text: '—', trend: 'none' });
    expect(describeChange(0, 0)).toEqual({ text: '—', trend: 'flat' });
    expect(describeChange(5_000, null)).toEqual({ text: '—', trend: 'none' });
  });

  it('uses thousand separators for big moves', () => {
    expect(describeChange(1_234_500, 100).text).toBe('+1,234,400.0%');
  });

  it('colours a rise in sales good and a rise in discounts bad', () => {
    expect(changeTone('up', true)).toBe('good');
    expect(changeTone('up', false)).toBe('bad');
    expect(changeTone('down', false)).toBe('good');
    expect(changeTone('flat', true)).toBe('neutral');
  });
});

describe('figures', () => {
  it('shows money with separators and two decimals, counts with separators', () => {
    expect(money(123_456_789)).toBe('$1,234,567.89');
    expect(money(-5)).toBe('-$0.05');
    expect(count(12_345)).toBe('12,345');
    expect(percent(0.1234)).toBe('12.3%');
  });
});
