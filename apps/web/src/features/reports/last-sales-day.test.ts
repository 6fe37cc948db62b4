import { describe, expect, it } from 'vitest';
import { businessToday, parseReportRange, searchOpenedOnLastSales, withReportRange } from './report-range.ts';
import { fallbackDay, fallbackRange, openedOnLastSalesDay, opensOnDefault } from '../../lib/last-sales-day.ts';

// Saturday 2026-03-14 at 08:00 in New York (end of day 3 AM): the business day is the 14th, no sale yet.
const EIGHT_AM = Date.parse('2026-03-14T08:00:00-04:00');

describe('opening a report before the day’s first sale', () => {
  const today = businessToday('America/New_York', 3, EIGHT_AM);

  it('opens on the last business day with sales, named as yesterday when it is', () => {
    expect(today).toBe('2026-03-14');
    expect(fallbackDay(today, '2026-03-13')).toBe('2026-03-13');
    expect(fallbackRange(today, '2026-03-13')).toEqual({ preset: 'yesterday', from: '2026-03-13', to: '2026-03-13' });
    // closed on Friday: Thursday is one day of its own
    expect(fallbackRange(today, '2026-03-12')).toEqual({ preset: 'custom', from: '2026-03-12', to: '2026-03-12' });
  });

  it('stays on today once it has a sale, or when nothing was ever sold', () => {
    expect(fallbackDay(today, '2026-03-14')).toBeNull();
    expect(fallbackDay(today, null)).toBeNull();
    expect(fallbackDay(today, undefined)).toBeNull();
  });

  it('only when the URL names no days: a link or a chosen "Today" keeps today', () => {
    expect(opensOnDefault(new URLSearchParams(''))).toBe(true);
    expect(opensOnDefault(new URLSearchParams('sort=-net'))).toBe(true);
    expect(opensOnDefault(new URLSearchParams('preset=today'))).toBe(false);
    expect(opensOnDefault(new URLSearchParams('from=2026-03-14&to=2026-03-14'))).toBe(false);
  });

  it('the notice shows while the fallen-back day is shown, and goes when a range is chosen', () => {
    const opened = searchOpenedOnLastSales(new URLSearchParams('sort=-net'), today, '2026-03-13');
    expect(opened.get('sort')).toBe('-net');
    expect(openedOnLastSalesDay(opened)).toBe('2026-03-13');
    expect(parseReportRange(opened, today)).toMatchObject({ from: '2026-03-13', to: '2026-03-13' });
    const chosen = withReportRange(opened, { preset: 'today', from: today, to: today });
    expect(openedOnLastSalesDay(chosen)).toBeNull();
  });
});
