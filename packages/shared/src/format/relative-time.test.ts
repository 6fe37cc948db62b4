import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from './relative-time.ts';

const NOW = Date.parse('2024-03-10T12:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => NOW - ms;

describe('relativeTime in Chinese (the default)', () => {
  it("says '刚刚' under 30 seconds", () => {
    expect(relativeTime(NOW, NOW)).toBe('刚刚');
    expect(relativeTime(ago(29 * SECOND), NOW)).toBe('刚刚');
  });

  it('counts minutes from 30 seconds up to an hour', () => {
    expect(relativeTime(ago(30 * SECOND), NOW)).toBe('1分钟前');
    expect(relativeTime(ago(5 * MINUTE + 40 * SECOND), NOW)).toBe('5分钟前');
    expect(relativeTime(ago(HOUR - SECOND), NOW)).toBe('59分钟前');
  });

  it('counts hours from one hour up to a day', () => {
    expect(relativeTime(ago(HOUR), NOW)).toBe('1小时前');
    expect(relativeTime(ago(3 * HOUR + 59 * MINUTE), NOW)).toBe('3小时前');
    expect(relativeTime(ago(DAY - SECOND), NOW)).toBe('23小时前');
  });

  it("says '1天前' from one day up to two days", () => {
    expect(relativeTime(ago(DAY), NOW)).toBe('1天前');
    expect(relativeTime(ago(2 * DAY - SECOND), NOW)).toBe('1天前');
  });

  it('shows the explicit date from two days on, unpadded, in the given zone', () => {
    expect(relativeTime(Date.parse('2024-03-05T14:07:00Z'), NOW, 'zh', 'UTC')).toBe('3月5日14时7分');
    expect(relativeTime(Date.parse('2024-03-05T14:07:00Z'), NOW, 'zh', 'Asia/Shanghai')).toBe('3月5日22时7分');
    expect(relativeTime(ago(2 * DAY), NOW, 'zh', 'UTC')).toBe('3月8日12时0分');
  });
});

describe('relativeTime in English', () => {
  it("says 'just now' under 30 seconds", () => {
    expect(relativeTime(ago(10 * SECOND), NOW, 'en')).toBe('just now');
  });

  it('uses the singular for one minute and one hour', () => {
    expect(relativeTime(ago(MINUTE), NOW, 'en')).toBe('1 minute ago');
    expect(relativeTime(ago(HOUR), NOW, 'en')).toBe('1 hour ago');
  });

  it('uses the plural for more than one minute or hour', () => {
    expect(relativeTime(ago(12 * MINUTE), NOW, 'en')).toBe('12 minutes ago');
    expect(relativeTime(ago(5 * HOUR), NOW, 'en')).toBe('5 hours ago');
  });

  it("says '1 day ago' between one and two days", () => {
    expect(relativeTime(ago(36 * HOUR), NOW, 'en')).toBe('1 day ago');
  });

  it('shows month, day and zero-padded minutes from two days on', () => {
    expect(relativeTime(Date.parse('2024-03-05T14:07:00Z'), NOW, 'en', 'UTC')).toBe('Mar 5, 14:07');
    expect(relativeTime(Date.parse('2023-12-25T09:30:00Z'), NOW, 'en', 'America/New_York')).toBe('Dec 25, 4:30');
  });
});

describe('relativeTime inputs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a 10-digit seconds timestamp, as the server sends', () => {
    expect(relativeTime(Math.floor(ago(2 * HOUR) / 1000), NOW)).toBe('2小时前');
  });

  it('accepts ISO strings and Dates for both times', () => {
    expect(relativeTime('2024-03-10T11:00:00Z', new Date(NOW))).toBe('1小时前');
  });

  it('measures against the current clock when no "now" is given', () => {
    vi.useFakeTimers({ now: NOW });
    expect(relativeTime(ago(3 * MINUTE))).toBe('3分钟前');
  });

  it('treats a time a few seconds in the future as just now (clock skew)', () => {
    expect(relativeTime(NOW + 10 * SECOND, NOW)).toBe('刚刚');
  });

  it('shows a time well in the future as an explicit date rather than "ago"', () => {
    expect(relativeTime(NOW + 2 * HOUR, NOW, 'zh', 'UTC')).toBe('3月10日14时0分');
    expect(relativeTime(NOW + 2 * HOUR, NOW, 'en', 'UTC')).toBe('Mar 10, 14:00');
  });

  it('returns an empty string for an invalid time or invalid now', () => {
    expect(relativeTime('garbage', NOW)).toBe('');
    expect(relativeTime(NOW, NaN)).toBe('');
  });
});
