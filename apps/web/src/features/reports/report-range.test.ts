// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { businessToday, parseReportRange, previousRangeOf, rangeForPreset, withReportRange } from './report-range.ts';

const TODAY = '2026-03-11'; // a Wednesday

describe('report range in the URL', () => {
  it('reads the exact days a shared link names, with the preset that chose them', () => {
    const range = parseReportRange(new URLSearchParams('preset=thisWeek&from=2026-03-02&to=2026-03-04'), TODAY);
    expect(range).toEqual({ preset: 'thisWeek', from: '2026-03-02', to: '2026-03-04' });
  });

  it('reads a preset without days as that preset on the business day today', () => {
    expect(parseReportRange(new URLSearchParams('preset=lastMonth'), TODAY)).toEqual({
      preset: 'lastMonth',
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('falls back to today for a missing, reversed or malformed range', () => {
    const today = { preset: 'today', from: TODAY, to: TODAY };
    expect(parseReportRange(new URLSearchParams(''), TODAY)).toEqual(today);
    expect(parseReportRange(new URLSearchParams('from=2026-03-10&to=2026-03-01'), TODAY)).toEqual(today);
    expect(parseReportRange(new URLSearchParams('from=2026-02-30&to=2026-03-01&preset=bogus'), TODAY)).toEqual(today);
  });

  it('treats days without a known preset as custom', () => {
    expect(parseReportRange(new URLSearchParams('from=2026-01-05&to=2026-01-09&preset=nope'), TODAY).preset).toBe(
      'custom',
    );
  });

  it('writes preset and days and keeps the other parameters, so the URL round-trips', () => {
    const range = rangeForPreset('thisMonth', TODAY);
    const search = withReportRange(new URLSearchParams('granularity=week&preset=today'), range);
    expect(search.get('granularity')).toBe('week');
    expect(Object.fromEntries(search)).toMatchObject({ preset: 'thisMonth', from: '2026-03-01', to: '2026-03-11' });
    expect(parseReportRange(search, '2026-04-20')).toEqual(range);
  });

  it('compares this week with the same weekdays of last week', () => {
    expect(previousRangeOf(rangeForPreset('thisWeek', TODAY))).toEqual({ from: '2026-03-02', to: '2026-03-04' });
  });
});

describe('businessToday', () => {
  it("counts an hour before the restaurant's end-of-day hour as the previous business day", () => {
    // 01:30 in New York on 10 March 2026 (05:30 UTC, daylight time from 8 March)
    const at = Date.UTC(2026, 2, 10, 5, 30);
    expect(businessToday('America/New_York', 3, at)).toBe('2026-03-09');
    expect(businessToday('America/New_York', 0, at)).toBe('2026-03-10');
  });

  it('uses the browser zone while the restaurant has none', () => {
    expect(businessToday('Unknown', 0, Date.UTC(2026, 2, 10, 12))).toMatch(/^2026-03-(09|10|11)$/);
  });
});
