// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBps, formatCents, formatInstant, percentToBps, sparklinePoints, tabFromSearch } from './agent-format.ts';

describe('agent formatting', () => {
  it('shows cents as dollars with separators and a leading minus', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-400)).toBe('-$4.00');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('scales a trend into the sparkline box, highest day at the top', () => {
    expect(sparklinePoints([0, 50, 100], 100, 20)).toBe('0.0,20.0 50.0,10.0 100.0,0.0');
    expect(sparklinePoints([], 100, 20)).toBe('');
  });

  it("shows an instant in the restaurant's own zone, the agency's when none is given, whatever the browser's", () => {
    process.env.TZ = 'Asia/Tokyo';
    const at = '2026-03-14T23:31:00Z';
    expect(formatInstant(at, 'en', 'America/Los_Angeles')).toBe('Mar 14, 2026, 4:31 PM');
    expect(formatInstant(at, 'en')).toBe('Mar 14, 2026, 7:31 PM');
    expect(formatInstant(at, 'en', 'Unknown')).toBe('Mar 14, 2026, 7:31 PM');
    expect(formatInstant(at, 'zh-CN', 'America/New_York')).toBe('2026年3月14日 19:31');
    expect(formatInstant(null, 'en')).toBe('—');
  });

  it('reads the tab from the URL with portfolio as the fallback', () => {
    expect(tabFromSearch(new URLSearchParams('tab=paychecks'))).toBe('paychecks');
    expect(tabFromSearch(new URLSearchParams('tab=nope'))).toBe('portfolio');
  });

  it('shows basis points as a percent and reads a typed percent back as whole basis points', () => {
    expect(formatBps(250)).toBe('2.5%');
    expect(formatBps(1000)).toBe('10%');
    expect(formatBps(10_000)).toBe('100%');
    expect(formatBps(1)).toBe('0.01%');
    expect(percentToBps(0.29)).toBe(29);
    expect(percentToBps(2.5)).toBe(250);
    expect(percentToBps(12.34)).toBe(1234);
  });
});
