// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromZonedInput, parseWorkHoursUrl, toZonedInput, workHoursSearch } from './work-hours-url.ts';

describe('work-hours URL state', () => {
  it('round-trips the tips view, and leaves it out for the hours', () => {
    const tips = { period: '2026-02-23', shift: null, add: null, dialog: null, view: 'tips' as const };
    expect(parseWorkHoursUrl(workHoursSearch(tips))).toEqual(tips);
    expect(workHoursSearch({ ...tips, view: 'hours' }).has('view')).toBe(false);
    expect(parseWorkHoursUrl(new URLSearchParams('view=other')).view).toBeUndefined();
  });

  it('round-trips the period, the open shift and the dialog', () => {
    const state = { period: '2026-02-23', shift: 42, add: null, dialog: 'close' as const };
    expect(parseWorkHoursUrl(workHoursSearch(state))).toEqual(state);
  });

  it('falls back safely on junk', () => {
    expect(parseWorkHoursUrl(new URLSearchParams('period=2026-13-40&shift=-1&add=<x>&dialog=drop'))).toEqual({
      period: null,
      shift: null,
      add: null,
      dialog: null,
    });
  });
});

describe('restaurant wall-clock inputs', () => {
  const NY = 'America/New_York';
  it('shows an instant in the restaurant zone, not the browser’s', () => {
    expect(toZonedInput(Date.parse('2026-03-14T23:30:00Z'), NY)).toBe('2026-03-14T19:30');
  });

  it('reads a wall-clock time back to the instant, in winter and in summer', () => {
    expect(fromZonedInput('2026-03-07T22:00', NY)).toBe(Date.parse('2026-03-08T03:00:00Z'));
    expect(fromZonedInput('2026-03-08T06:00', NY)).toBe(Date.parse('2026-03-08T10:00:00Z'));
    expect(fromZonedInput('not a time', NY)).toBeNull();
  });
});
