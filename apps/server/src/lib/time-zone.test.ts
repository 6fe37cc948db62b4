import { describe, expect, it } from 'vitest';
import { gmtOffsetLabel, isSupportedTimeZone } from './time-zone.ts';

describe(gmtOffsetLabel.name, () => {
  it('follows daylight saving time', () => {
    expect(gmtOffsetLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe('GMT-05:00');
    expect(gmtOffsetLabel('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe('GMT-04:00');
  });

  it('writes half-hour offsets and zero in full', () => {
    expect(gmtOffsetLabel('Asia/Kolkata', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+05:30');
    expect(gmtOffsetLabel('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00');
  });

  it('answers GMT+00:00 for a restaurant that has not chosen a zone', () => {
    expect(gmtOffsetLabel(null, new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00');
    expect(gmtOffsetLabel('Unknown', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00');
  });
});

describe(isSupportedTimeZone.name, () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isSupportedTimeZone('America/Los_Angeles')).toBe(true);
    expect(isSupportedTimeZone('Asia/Kolkata')).toBe(true);
    expect(isSupportedTimeZone('Asia/Calcutta')).toBe(true);
    expect(isSupportedTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isSupportedTimeZone('Unknown')).toBe(false);
    expect(isSupportedTimeZone('EST5EDT; drop table')).toBe(false);
  });
});
