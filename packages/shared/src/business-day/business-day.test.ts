import { describe, expect, it, vi } from 'vitest';
import {
  businessDayBounds,
  businessDayHours,
  businessDayOf,
  gmtLabel,
  isValidTimeZone,
  zonedParts,
} from './business-day.ts';

const NEW_YORK = 'America/New_York';
const HOUR_MS = 3_600_000;

const iso = (date: Date) => date.toISOString();

describe('businessDayOf', () => {
  it('uses the local calendar date when the offset is 0', () => {
    // 2026-03-10 23:59 EDT and 00:00 EDT the next day.
    expect(businessDayOf(new Date('2026-03-11T03:59:00Z'), NEW_YORK, 0)).toBe('2026-03-10');
    expect(businessDayOf(new Date('2026-03-11T04:00:00Z'), NEW_YORK, 0)).toBe('2026-03-11');
  });

  it('puts a 01:30 order in the previous business day when the day ends at 03:00', () => {
    // 2026-03-10 01:30 EDT.
    expect(businessDayOf(new Date('2026-03-10T05:30:00Z'), NEW_YORK, 3)).toBe('2026-03-09');
  });

  it('starts the next business day exactly at the offset hour', () => {
    expect(businessDayOf(new Date('2026-03-10T06:59:59Z'), NEW_YORK, 3)).toBe('2026-03-09');
    expect(businessDayOf(new Date('2026-03-10T07:00:00Z'), NEW_YORK, 3)).toBe('2026-03-10');
  });

  it('rolls back across a month and a year boundary', () => {
    expect(businessDayOf(new Date('2026-01-01T01:00:00Z'), 'UTC', 3)).toBe('2025-12-31');
    expect(businessDayOf(new Date('2026-03-01T02:00:00Z'), 'UTC', 3)).toBe('2026-02-28');
  });

  it('accepts epoch milliseconds as well as a Date', () => {
    expect(businessDayOf(Date.parse('2026-03-10T05:30:00Z'), NEW_YORK, 3)).toBe('2026-03-09');
  });

  it('reads the date in the restaurant zone, not in UTC', () => {
    // 2026-06-01 00:30 UTC is still 31 May in New York but already 1 June 08:30 in Shanghai.
    const instant = new Date('2026-06-01T00:30:00Z');
    expect(businessDayOf(instant, NEW_YORK, 0)).toBe('2026-05-31');
    expect(businessDayOf(instant, 'Asia/Shanghai', 0)).toBe('2026-06-01');
  });

  it('rejects an offset that is not a whole hour from 0 to 23', () => {
    const instant = new Date('2026-03-10T05:30:00Z');
    expect(() => businessDayOf(instant, NEW_YORK, 24)).toThrow(RangeError);
    expect(() => businessDayOf(instant, NEW_YORK, -1)).toThrow(RangeError);
    expect(() => businessDayOf(instant, NEW_YORK, 1.5)).toThrow(RangeError);
  });

  it('rejects an unknown time zone rather than guessing one', () => {
    expect(() => businessDayOf(new Date(), 'Unknown', 0)).toThrow(RangeError);
    expect(() => businessDayOf(new Date(), 'Mars/Olympus_Mons', 0)).toThrow(RangeError);
  });

  it('rejects an invalid instant', () => {
    expect(() => businessDayOf(new Date('not a date'), NEW_YORK, 0)).toThrow(RangeError);
  });
});

describe('businessDayBounds', () => {
  it('runs from offset:00 local time to offset:00 the next day', () => {
    // EDT (UTC-4) is in force on 2026-03-09.
    const { start, end } = businessDayBounds('2026-03-09', NEW_YORK, 3);
    expect(iso(start)).toBe('2026-03-09T07:00:00.000Z');
    expect(iso(end)).toBe('2026-03-10T07:00:00.000Z');
  });

  it('is midnight to midnight in UTC with offset 0', () => {
    const { start, end } = businessDayBounds('2026-07-04', 'UTC', 0);
    expect(iso(start)).toBe('2026-07-04T00:00:00.000Z');
    expect(iso(end)).toBe('2026-07-05T00:00:00.000Z');
  });

  it('makes the New York spring-forward day 23 hours long', () => {
    const { start, end } = businessDayBounds('2026-03-08', NEW_YORK, 0);
    expect(iso(start)).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(end)).toBe('2026-03-09T04:00:00.000Z');
    expect(businessDayHours('2026-03-07', NEW_YORK, 0)).toBe(24);
  });

  it('makes the New York fall-back day 25 hours long', () => {
    const { start, end } = businessDayBounds('2026-11-01', NEW_YORK, 0);
    expect(iso(start)).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(end)).toBe('2026-11-02T05:00:00.000Z');
    expect(businessDayHours('2026-11-02', NEW_YORK, 0)).toBe(24);
  });

  it('moves the short and long day to the evening before when the day ends at 03:00', () => {
    // The clock change at 02:00 on Sunday falls inside Saturday's business day (Sat 03:00 - Sun 03:00).
    expect(businessDayHours('2026-03-07', NEW_YORK, 3)).toBe(23);
    expect(businessDayHours('2026-03-08', NEW_YORK, 3)).toBe(24);
    expect(businessDayHours('2026-10-31', NEW_YORK, 3)).toBe(25);
    expect(businessDayHours('2026-11-01', NEW_YORK, 3)).toBe(24);
  });

  it('starts the day when the clocks jump if offset:00 falls in the spring-forward gap', () => {
    // 02:00 does not exist in New York on 2026-03-08: 01:59:59 EST is followed by 03:00 EDT (07:00Z).
    const { start, end } = businessDayBounds('2026-03-08', NEW_YORK, 2);
    expect(iso(start)).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(end)).toBe('2026-03-09T06:00:00.000Z');
    expect(businessDayOf(new Date('2026-03-08T06:59:59Z'), NEW_YORK, 2)).toBe('2026-03-07');
    expect(businessDayOf(new Date('2026-03-08T07:00:00Z'), NEW_YORK, 2)).toBe('2026-03-08');
  });

  it('starts the day at the first 01:00 if offset:00 happens twice on the fall-back day', () => {
    // 01:00 happens at 05:00Z (EDT) and again at 06:00Z (EST); the repeated hour stays in one day.
    const { start } = businessDayBounds('2026-11-01', NEW_YORK, 1);
    expect(iso(start)).toBe('2026-11-01T05:00:00.000Z');
    expect(businessDayHours('2026-11-01', NEW_YORK, 1)).toBe(25);
    expect(businessDayOf(new Date('2026-11-01T06:30:00Z'), NEW_YORK, 1)).toBe('2026-11-01');
    expect(businessDayOf(new Date('2026-11-01T04:59:59Z'), NEW_YORK, 1)).toBe('2026-10-31');
  });

  it('keeps every Shanghai day 24 hours long (no daylight saving)', () => {
    const { start, end } = businessDayBounds('2026-03-08', 'Asia/Shanghai', 4);
    expect(iso(start)).toBe('2026-03-07T20:00:00.000Z');
    expect(iso(end)).toBe('2026-03-08T20:00:00.000Z');
    expect(businessDayHours('2026-11-01', 'Asia/Shanghai', 4)).toBe(24);
  });

  it('follows southern-hemisphere daylight saving in Auckland', () => {
    // NZDT ends 2026-04-05 03:00 -> 02:00; NZST ends 2026-09-27 02:00 -> 03:00.
    expect(businessDayHours('2026-04-05', 'Pacific/Auckland', 0)).toBe(25);
    expect(businessDayHours('2026-09-27', 'Pacific/Auckland', 0)).toBe(23);
    expect(iso(businessDayBounds('2026-01-15', 'Pacific/Auckland', 0).start)).toBe('2026-01-14T11:00:00.000Z');
  });

  it('rejects a day that is not a real YYYY-MM-DD date', () => {
    expect(() => businessDayBounds('2026-02-30', NEW_YORK, 0)).toThrow(RangeError);
    expect(() => businessDayBounds('2026-3-1', NEW_YORK, 0)).toThrow(RangeError);
  });

  // The report queries filter by bounds while SQL groups by the wall-clock rule; they must agree.
  it.each([
    [NEW_YORK, 0],
    [NEW_YORK, 1],
    [NEW_YORK, 2],
    [NEW_YORK, 3],
    ['Pacific/Auckland', 2],
    ['Pacific/Auckland', 3],
    ['Australia/Lord_Howe', 2],
    ['Europe/London', 1],
  ])('places every instant inside the bounds of its own business day (%s, offset %i)', (timeZone, offset) => {
    // Four-day windows around each 2026 clock change of these zones, every quarter hour.
    const windows = ['2026-03-06', '2026-03-27', '2026-04-03', '2026-09-25', '2026-10-02', '2026-10-23', '2026-10-30'];
    const misplaced: string[] = [];
    for (const windowStart of windows) {
      const from = Date.parse(`${windowStart}T00:00:00Z`);
      for (let t = from; t < from + 4 * 24 * HOUR_MS; t += 15 * 60_000) {
        const day = businessDayOf(t, timeZone, offset);
        const { start, end } = businessDayBounds(day, timeZone, offset);
        if (t < start.getTime() || t >= end.getTime()) misplaced.push(`${new Date(t).toISOString()} -> ${day}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});

describe('zonedParts', () => {
  it('gives the wall-clock fields and weekday in the zone', () => {
    // 2026-03-08 01:59 EST is a Sunday.
    expect(zonedParts(new Date('2026-03-08T06:59:30Z'), NEW_YORK)).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 1,
      minute: 59,
      second: 30,
      weekday: 0,
    });
  });

  it('shows midnight as hour 0', () => {
    expect(zonedParts(new Date('2026-03-11T04:00:00Z'), NEW_YORK).hour).toBe(0);
  });
});

describe('gmtLabel', () => {
  it('follows daylight saving in New York', () => {
    expect(gmtLabel(NEW_YORK, new Date('2026-01-15T12:00:00Z'))).toBe('GMT-05:00');
    expect(gmtLabel(NEW_YORK, new Date('2026-07-15T12:00:00Z'))).toBe('GMT-04:00');
  });

  it('prints a zero offset with its sign and minutes', () => {
    expect(gmtLabel('UTC', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+00:00');
  });

  it('keeps non-whole-hour offsets', () => {
    expect(gmtLabel('Asia/Kathmandu', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+05:45');
    expect(gmtLabel('Pacific/Auckland', new Date('2026-01-15T12:00:00Z'))).toBe('GMT+13:00');
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA zones and rejects the unset placeholder', () => {
    expect(isValidTimeZone('Asia/Shanghai')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Unknown')).toBe(false);
  });

  it('builds no formatter to answer again for a zone it has seen, valid or not (asked on every render)', () => {
    expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(isValidTimeZone('Europe/Lisbon')).toBe(true);
      expect(isValidTimeZone('Not/AZone')).toBe(false);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
