import { describe, expect, it } from 'vitest';
import { isReportDateRange } from './report-constants.ts';
import { ZDateRange } from './reports.schemas.ts';

describe('isReportDateRange (the report pages check a range from the URL without zod)', () => {
  const cases: Array<{ from: string; to: string }> = [
    { from: '2026-11-01', to: '2026-11-07' },
    { from: '2026-11-07', to: '2026-11-07' },
    { from: '2026-11-08', to: '2026-11-07' },
    { from: '2024-02-29', to: '2024-03-01' },
    { from: '2026-02-29', to: '2026-03-01' },
    { from: '2026-13-01', to: '2026-13-02' },
    { from: '2026-1-01', to: '2026-01-02' },
    { from: '2026-01-01T00:00', to: '2026-01-02' },
    { from: ' 2026-01-01', to: '2026-01-02' },
    { from: '', to: '' },
    { from: '1999-12-31', to: '2000-01-02' },
    { from: '2000-01-01', to: '2000-01-02' },
    { from: '2100-12-30', to: '2100-12-31' },
    { from: '2100-12-31', to: '2101-01-01' },
    // 400 days, then 401
    { from: '2025-01-01', to: '2026-02-04' },
    { from: '2025-01-01', to: '2026-02-05' },
  ];

  it('answers as the schema does for every kind of range', () => {
    for (const range of cases) {
      expect({ range, ok: isReportDateRange(range) }).toEqual({ range, ok: ZDateRange.safeParse(range).success });
    }
  });

  it('accepts a real range and refuses a reversed, malformed or too long one', () => {
    expect(isReportDateRange({ from: '2026-11-01', to: '2026-11-07' })).toBe(true);
    expect(isReportDateRange({ from: '2026-11-08', to: '2026-11-07' })).toBe(false);
    expect(isReportDateRange({ from: '2026-02-29', to: '2026-03-01' })).toBe(false);
    expect(isReportDateRange({ from: '2025-01-01', to: '2026-02-05' })).toBe(false);
  });
});
