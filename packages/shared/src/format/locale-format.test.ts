import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCentsCompact,
  formatClock,
  formatCount,
  formatDateTime,
  formatDay,
  formatMonth,
  formatMonthDay,
  toDisplayLanguage,
} from './locale-format.ts';

describe('locale formatting', () => {
  const instant = '2026-11-23T01:45:00Z'; // 8:45 PM on Nov 22 in New York

  it('shows an instant in US English with a 12-hour clock in the restaurant zone', () => {
    expect(formatDateTime(instant, 'en', 'America/New_York')).toBe('Nov 22, 2026, 8:45 PM');
  });

  it('shows an instant in Chinese with a 24-hour clock', () => {
    expect(formatDateTime(instant, 'zh', 'America/New_York')).toBe('2026年11月22日 20:45');
  });

  it('shows a business day without shifting it by the viewer zone', () => {
    expect(formatDay('2026-11-22', 'en')).toBe('Nov 22, 2026');
    expect(formatDay('2026-11-22', 'zh')).toBe('2026年11月22日');
  });

  it('shows times of day and months in each language', () => {
    expect(formatClock(instant, 'en', 'America/New_York')).toBe('8:45 PM');
    expect(formatClock(instant, 'zh', 'America/New_York')).toBe('20:45');
    expect(formatMonth('2026-01', 'en')).toBe('Jan 2026');
    expect(formatMonth('2026-01', 'zh')).toBe('2026年1月');
  });

  it('shows a business day without its year for chart axes', () => {
    expect(formatMonthDay('2026-03-07', 'en')).toBe('Mar 7');
    expect(formatMonthDay('2026-03-07', 'zh')).toBe('3月7日');
  });

  it('separates thousands in counts and money', () => {
    expect(formatCount(11489, 'en')).toBe('11,489');
    expect(formatCents(1234567, 'en')).toBe('$12,345.67');
    expect(formatCents(-250, 'zh')).toBe('-$2.50');
  });

  it('writes money the same way in both languages: "$", separators, two decimals', () => {
    for (const lang of ['en', 'zh'] as const) {
      expect(formatCents(136082, lang)).toBe('$1,360.82');
      expect(formatCents(5, lang)).toBe('$0.05');
      expect(formatCents(0, lang)).toBe('$0.00');
      expect(formatCents(-123456789, lang)).toBe('-$1,234,567.89');
    }
  });

  it('shortens axis money so "$20,000" fits a chart gutter in either language', () => {
    expect(formatCentsCompact(2_000_000, 'en')).toBe('$20K');
    expect(formatCentsCompact(2_000_000, 'zh')).toBe('$2万');
    expect(formatCentsCompact(150_000_000, 'en')).toBe('$1.5M');
    expect(formatCentsCompact(25_000, 'en')).toBe('$250');
    expect(formatCentsCompact(0, 'zh')).toBe('$0');
  });

  it('maps any Chinese browser tag to zh and everything else to en', () => {
    expect(toDisplayLanguage('zh-CN')).toBe('zh');
    expect(toDisplayLanguage('en-GB')).toBe('en');
    expect(toDisplayLanguage(undefined)).toBe('en');
  });
});
