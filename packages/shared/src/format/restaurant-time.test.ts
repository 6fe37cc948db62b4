import { describe, expect, it } from 'vitest';
import {
  formatZonedDate,
  restaurantZoneOf,
  toWallClock,
  toZonedIso,
  wallClockToInstant,
  wallClockToIso,
  zonedDay,
  zoneLabel,
} from './restaurant-time.ts';

const NY = 'America/New_York';

describe('restaurantZoneOf', () => {
  it('keeps a real IANA zone', () => {
    expect(restaurantZoneOf(NY)).toBe(NY);
  });

  it('has no zone for a restaurant that has not chosen one, or for a name the runtime does not know', () => {
    expect(restaurantZoneOf('Unknown')).toBeUndefined();
    expect(restaurantZoneOf('')).toBeUndefined();
    expect(restaurantZoneOf(null)).toBeUndefined();
    expect(restaurantZoneOf('Mars/Olympus')).toBeUndefined();
  });
});

describe('wallClockToIso', () => {
  it('reads 09:00 typed for a New York restaurant as 09:00 New York time, with its winter offset', () => {
    expect(wallClockToIso('2026-11-28T09:00', NY)).toBe('2026-11-28T09:00:00-05:00');
    expect(new Date(wallClockToIso('2026-11-28T09:00', NY)!).toISOString()).toBe('2026-11-28T14:00:00.000Z');
  });

  it('uses the summer offset in summer', () => {
    expect(wallClockToIso('2026-07-01 09:00', NY)).toBe('2026-07-01T09:00:00-04:00');
  });

  it('reads the same text in Tokyo as a different instant', () => {
    expect(wallClockToIso('2026-11-28T09:00:00', 'Asia/Tokyo')).toBe('2026-11-28T09:00:00+09:00');
  });

  it('moves a time skipped by the spring-forward change to after the gap', () => {
    // 2026-03-08 02:00 EST the clocks jump to 03:00 EDT: 02:30 never happens.
    expect(wallClockToIso('2026-03-08T02:30', NY)).toBe('2026-03-08T03:30:00-04:00');
  });

  it('reads a time that happens twice on the fall-back day as the first one', () => {
    expect(wallClockToIso('2026-11-01T01:30', NY)).toBe('2026-11-01T01:30:00-04:00');
  });

  it('refuses text that is not a real time', () => {
    expect(wallClockToIso('2026-02-30T09:00', NY)).toBeNull();
    expect(wallClockToIso('2026-11-28T24:00', NY)).toBeNull();
    expect(wallClockToIso('2026-11-28', NY)).toBeNull();
    expect(wallClockToIso('tomorrow 9am', NY)).toBeNull();
  });
});

describe('toWallClock', () => {
  it('shows an instant as the restaurant clock reads it', () => {
    expect(toWallClock('2026-11-28T14:00:00Z', NY)).toBe('2026-11-28T09:00');
    expect(toWallClock(Date.UTC(2026, 10, 28, 0, 0), 'Asia/Tokyo')).toBe('2026-11-28T09:00');
  });

  it('is the inverse of wallClockToInstant', () => {
    for (const text of ['2026-01-15T23:45', '2026-03-08T03:00', '2026-11-01T00:59', '2026-12-31T12:00']) {
      expect(toWallClock(wallClockToInstant(text, NY)!, NY)).toBe(text);
    }
  });

  it('is empty for something that is not an instant', () => {
    expect(toWallClock('not a time', NY)).toBe('');
  });
});

describe('toZonedIso', () => {
  it('writes an instant with the offset of the zone at that moment', () => {
    expect(toZonedIso('2026-11-28T14:00:30Z', NY)).toBe('2026-11-28T09:00:30-05:00');
    expect(toZonedIso('2026-11-28T14:00:00Z', 'Asia/Kathmandu')).toBe('2026-11-28T19:45:00+05:45');
  });
});

describe('zonedDay and formatZonedDate', () => {
  // 03:00 UTC on the 28th is still the evening of the 27th in New York.
  const lateEvening = '2026-11-28T03:00:00Z';

  it("gives the restaurant's calendar day, not UTC's", () => {
    expect(zonedDay(lateEvening, NY)).toBe('2026-11-27');
    expect(zonedDay(lateEvening, 'Asia/Tokyo')).toBe('2026-11-28');
  });

  it('formats the date in the interface language, never as MM/DD/YYYY', () => {
    expect(formatZonedDate(lateEvening, 'en', NY)).toBe('Nov 27, 2026');
    expect(formatZonedDate(lateEvening, 'zh', NY)).toBe('2026年11月27日');
  });

  it('shows a dash for something that is not an instant', () => {
    expect(formatZonedDate('garbage', 'en', NY)).toBe('—');
  });
});

describe('zoneLabel', () => {
  it('names the zone with its offset at that moment', () => {
    expect(zoneLabel(NY, Date.UTC(2026, 10, 28))).toBe('America/New_York (GMT-05:00)');
    expect(zoneLabel(NY, Date.UTC(2026, 6, 1))).toBe('America/New_York (GMT-04:00)');
  });
});
