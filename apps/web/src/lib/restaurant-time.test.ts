import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { isBeforeRestaurantToday, isoToPicked, pickedToIso, restaurantToday, zonedFormat } from './restaurant-time.ts';

const NY = 'America/New_York';

// The browser of the person at the keyboard is in Tokyo; the restaurant is in New York.
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});

describe('restaurant time in a browser in another zone', () => {
  it('runs with the browser in Tokyo', () => {
    expect(new Date(2026, 10, 28, 9).toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });

  it("sends 09:00 picked for a New York restaurant as 09:00 New York time, not the browser's 09:00", () => {
    const picked = dayjs('2026-11-28 09:00');
    expect(pickedToIso(picked, NY)).toBe('2026-11-28T09:00:00-05:00');
  });

  it('shows an instant in a picker as the restaurant clock reads it', () => {
    expect(isoToPicked('2026-11-28T14:00:00Z', NY).format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 09:00');
  });

  it('round-trips a picked time through the server instant', () => {
    const sent = pickedToIso(dayjs('2026-07-04 18:30'), NY)!;
    expect(isoToPicked(new Date(sent).toISOString(), NY).format('YYYY-MM-DD HH:mm')).toBe('2026-07-04 18:30');
  });

  it("counts days before the restaurant's today as past, not the browser's", () => {
    // 2026-11-28 03:00 UTC: already the 28th in Tokyo, still the 27th in New York.
    const now = Date.UTC(2026, 10, 28, 3);
    expect(restaurantToday(NY, now)).toBe('2026-11-27');
    expect(isBeforeRestaurantToday(dayjs('2026-11-27'), NY, now)).toBe(false);
    expect(isBeforeRestaurantToday(dayjs('2026-11-26'), NY, now)).toBe(true);
  });

  it('formats instants in the zone it is given, named with its offset', () => {
    const time = zonedFormat(NY, 'en', Date.UTC(2026, 10, 28));
    expect(time.dateTime('2026-11-28T14:00:00Z')).toBe('Nov 28, 2026, 9:00 AM');
    expect(time.clock('2026-11-28T14:00:00Z')).toBe('9:00 AM');
    expect(time.date('2026-11-28T03:00:00Z')).toBe('Nov 27, 2026');
    expect(time.label).toBe('America/New_York (GMT-05:00)');
    expect(zonedFormat(NY, 'zh').dateTime('2026-11-28T14:00:00Z')).toBe('2026年11月28日 9:00');
  });
});
