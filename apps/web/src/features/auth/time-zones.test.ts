import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneOptions, US_TIME_ZONES } from './time-zones.ts';

describe('timeZoneOptions', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');
  const options = timeZoneOptions(['Europe/London', 'America/Chicago', 'Asia/Shanghai', 'America/New_York'], now);

  it('lists US zones first, then the rest alphabetically', () => {
    const us = options.filter((o) => o.group === 'us').map((o) => o.value);
    expect(options.slice(0, us.length).every((o) => o.group === 'us')).toBe(true);
    expect(us[0]).toBe('America/New_York');
    expect(us).toEqual(US_TIME_ZONES.filter((z) => us.includes(z)));
    expect(options.filter((o) => o.group === 'other').map((o) => o.value)).toEqual([
      'Asia/Shanghai',
      'Europe/London',
      'UTC',
    ]);
  });

  it('labels each zone with its offset and readable name', () => {
    expect(options.find((o) => o.value === 'America/New_York')?.label).toBe('(GMT-05:00) America/New York');
  });

  it('lists a zone once even when the browser also lists it', () => {
    expect(options.filter((o) => o.value === 'America/Chicago')).toHaveLength(1);
  });
});

describe('browserTimeZone', () => {
  it("suggests the browser's zone when it names a place", () => {
    expect(browserTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
  });

  it('suggests nothing for UTC-like or unknown zones', () => {
    expect(browserTimeZone('UTC')).toBeUndefined();
    expect(browserTimeZone('Etc/GMT+5')).toBeUndefined();
    expect(browserTimeZone('Mars/Olympus')).toBeUndefined();
  });
});
