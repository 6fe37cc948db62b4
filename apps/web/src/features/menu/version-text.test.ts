// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { changeValueText } from './version-text.ts';

describe('version history values', () => {
  it('shows money fields as money, times in the restaurant’s zone, flags as marks and nothing as a dash', () => {
    expect(changeValueText(1850, 'en', 'priceCents')).toBe('$18.50');
    expect(changeValueText(3, 'en', 'minOrderQty')).toBe('3');
    expect(changeValueText('2026-03-15T07:00:00.000Z', 'en', 'soldOutUntil', 'America/New_York')).toMatch(
      /Mar 15, 2026.*3:00/,
    );
    expect(changeValueText(true, 'en')).toBe('✓');
    expect(changeValueText(null, 'en')).toBe('—');
    expect(changeValueText('x'.repeat(80), 'en')).toHaveLength(58);
  });

  it('shows tax rates in thousandths of a percent as the percent', () => {
    expect(changeValueText(8875, 'en', 'taxRateMilliPercent')).toBe('8.875%');
    expect(changeValueText(10_100, 'zh', 'taxRateMilliPercent')).toBe('10.1%');
  });
});
