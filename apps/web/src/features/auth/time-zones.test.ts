// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneMatches, timeZoneOptions, US_TIME_ZONES, zoneForState } from './time-zones.ts';

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

describe('zoneForState', () => {
  it('finds the zone of a US state by code or by name', () => {
    expect(zoneForState('NY')).toBe('America/New_York');
    expect(zoneForState(' pa ')).toBe('America/New_York');
    expect(zoneForState('California')).toBe('America/Los_Angeles');
    expect(zoneForState('TX')).toBe('America/Chicago');
    expect(zoneForState('AZ')).toBe('America/Phoenix');
  });

  it('suggests nothing for an unknown or empty state', () => {
    expect(zoneForState('')).toBeUndefined();
    expect(zoneForState(undefined)).toBeUndefined();
    expect(zoneForState('Ontario')).toBeUndefined();
  });
});

describe('time zone search', () => {
  const options = timeZoneOptions(
    ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Asia/Shanghai'],
    Date.parse('2026-01-15T12:00:00Z'),
  );
  const found = (query: string) => options.filter((o) => timeZoneMatches(o, query)).map((o) => o.value);

  it.each(['Phila', 'Eastern', 'Eastern Time', 'eastern time', '美东时间', 'new york', 'New_York', 'EST'])(
    'finds America/New_York for %j',
    (query) => {
      expect(found(query)).toContain('America/New_York');
    },
  );

  it('finds by city and by Chinese name for other zones, and not the wrong ones', () => {
    expect(found('Houston')).toEqual(['America/Chicago']);
    expect(found('美西')).toEqual(['America/Los_Angeles']);
    expect(found('北京时间')).toEqual(['Asia/Shanghai']);
    expect(found('London')).toEqual(['Europe/London']);
    expect(found('Phila')).toEqual(['America/New_York']);
  });

  it('matches everything for an empty search', () => {
    expect(found('  ')).toHaveLength(options.length);
  });
});
