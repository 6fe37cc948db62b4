// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { todayFor } from './business-day.ts';

describe('todayFor', () => {
  it('puts 01:30 in the previous business day when the day ends at 03:00', () => {
    // 2026-03-10 01:30 in New York (EDT)
    expect(todayFor('America/New_York', 3, Date.parse('2026-03-10T05:30:00Z'))?.businessDay).toBe('2026-03-09');
  });

  it('uses the calendar date of the restaurant zone, not the viewer zone', () => {
    const instant = Date.parse('2026-06-01T00:30:00Z');
    expect(todayFor('America/New_York', 0, instant)?.businessDay).toBe('2026-05-31');
    expect(todayFor('Asia/Shanghai', 0, instant)?.businessDay).toBe('2026-06-01');
  });

  it('labels the zone with its current offset', () => {
    expect(todayFor('America/New_York', 0, Date.parse('2026-01-15T12:00:00Z'))?.gmt).toBe('GMT-05:00');
  });

  it('has no business day while the time zone is unset or Unknown', () => {
    expect(todayFor(undefined, 0)).toBeNull();
    expect(todayFor('Unknown', 0)).toBeNull();
  });
});
