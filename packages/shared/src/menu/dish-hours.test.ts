import { describe, expect, it } from 'vitest';
import {
  describeDishHours,
  isWithinDishHours,
  nextDishHourBoundary,
  normaliseDishHours,
  parseDishHours,
} from './dish-hours.ts';

describe('parseDishHours', () => {
  it('reads the SPEC example as 7 to 11 am Monday to Friday', () => {
    expect(parseDishHours('07:00-11:00;1-5')).toEqual([{ startMinutes: 420, endMinutes: 660, days: [1, 2, 3, 4, 5] }]);
  });

  it('reads several ranges, single days, day lists and spaces', () => {
    expect(parseDishHours(' 07:00 - 11:00 ; 1 - 5 | 08:00-12:00;0,6 | 17:00-21:00;1-3,5')).toEqual([
      { startMinutes: 420, endMinutes: 660, days: [1, 2, 3, 4, 5] },
      { startMinutes: 480, endMinutes: 720, days: [0, 6] },
      { startMinutes: 1020, endMinutes: 1260, days: [1, 2, 3, 5] },
    ]);
  });

  it('reads a range that runs past midnight', () => {
    expect(parseDishHours('22:00-02:00;5-6')).toEqual([{ startMinutes: 1320, endMinutes: 120, days: [5, 6] }]);
  });

  it('takes 24:00 and 00:00 as the end of the day', () => {
    expect(parseDishHours('18:00-24:00;0')?.[0]?.endMinutes).toBe(1440);
    expect(parseDishHours('18:00-00:00;0')?.[0]?.endMinutes).toBe(1440);
  });

  it('reads empty text as always', () => {
    expect(parseDishHours('')).toEqual([]);
    expect(parseDishHours('  ')).toEqual([]);
  });

  it.each([
    '07:00-11:00',
    '07:00-11:00;7',
    '07:00-11:00;5-1',
    '25:00-26:00;1',
    '07:60-11:00;1',
    '24:30-11:00;1',
    '07:00-07:00;1',
    '07:00-11:00;1-5|',
    'breakfast',
    '07:00-11:00;1-5;6',
  ])('refuses %s', (text) => {
    expect(parseDishHours(text)).toBeNull();
  });

  it('writes a canonical form', () => {
    expect(normaliseDishHours(' 7:00-11:00 ; 1,2,3,4,5|22:00-02:00;6,5')).toBe('07:00-11:00;1-5|22:00-02:00;5-6');
    expect(normaliseDishHours('nonsense')).toBeNull();
  });
});

describe('isWithinDishHours', () => {
  const breakfast = parseDishHours('07:00-11:00;1-5')!;
  const lateNight = parseDishHours('22:00-02:00;5-6')!;

  it('is on sale inside the range on a listed day, not outside', () => {
    expect(isWithinDishHours(breakfast, 1, 7 * 60)).toBe(true);
    expect(isWithinDishHours(breakfast, 5, 10 * 60 + 59)).toBe(true);
    expect(isWithinDishHours(breakfast, 5, 11 * 60)).toBe(false);
    expect(isWithinDishHours(breakfast, 6, 8 * 60)).toBe(false);
    expect(isWithinDishHours(breakfast, 1, 6 * 60 + 59)).toBe(false);
  });

  it('carries a past-midnight range into the next morning', () => {
    expect(isWithinDishHours(lateNight, 5, 23 * 60)).toBe(true); // Friday 11 pm
    expect(isWithinDishHours(lateNight, 6, 60)).toBe(true); // Saturday 1 am (Friday night)
    expect(isWithinDishHours(lateNight, 0, 60)).toBe(true); // Sunday 1 am (Saturday night)
    expect(isWithinDishHours(lateNight, 1, 60)).toBe(false); // Monday 1 am (Sunday is not listed)
    expect(isWithinDishHours(lateNight, 6, 2 * 60)).toBe(false);
    expect(isWithinDishHours(lateNight, 5, 21 * 60)).toBe(false);
  });

  it('is always on sale without ranges', () => {
    expect(isWithinDishHours([], 3, 0)).toBe(true);
  });
});

describe('nextDishHourBoundary', () => {
  it('finds the next start or end ahead, wrapping the week', () => {
    const breakfast = parseDishHours('07:00-11:00;1-5')!;
    expect(nextDishHourBoundary(breakfast, 1 * 1440 + 8 * 60)).toBe(3 * 60); // Monday 8:00 -> 11:00
    expect(nextDishHourBoundary(breakfast, 5 * 1440 + 12 * 60)).toBe(2 * 1440 + 19 * 60); // Fri noon -> Mon 7:00
    expect(nextDishHourBoundary([], 0)).toBeNull();
  });
});

describe('describeDishHours', () => {
  it('says the SPEC example in words in both languages', () => {
    expect(describeDishHours('07:00-11:00;1-5', 'en')).toBe('Mon–Fri 7:00–11:00');
    expect(describeDishHours('07:00-11:00;1-5', 'zh')).toBe('周一至周五 7:00–11:00');
  });

  it('describes every day, weekends, lists, several ranges and past midnight', () => {
    expect(describeDishHours('11:00-14:00;0-6', 'en')).toBe('Every day 11:00–14:00');
    expect(describeDishHours('08:00-12:00;0,6', 'en')).toBe('Sat–Sun 8:00–12:00');
    expect(describeDishHours('17:00-21:00;1,3,5', 'en')).toBe('Mon, Wed, Fri 17:00–21:00');
    expect(describeDishHours('17:00-21:00;1,2', 'zh')).toBe('周一、周二 17:00–21:00');
    expect(describeDishHours('07:00-11:00;1-5|22:00-02:00;5-6', 'en')).toBe(
      'Mon–Fri 7:00–11:00; Fri, Sat 22:00–2:00 (next day)',
    );
    expect(describeDishHours('22:00-02:00;5-6', 'zh')).toBe('周五、周六 22:00–2:00（次日）');
    expect(describeDishHours('18:00-24:00;2', 'en')).toBe('Tue 18:00–24:00');
  });

  it('says "any time" for none and leaves invalid text as written', () => {
    expect(describeDishHours('', 'en')).toBe('Any time');
    expect(describeDishHours('', 'zh')).toBe('全天供应');
    expect(describeDishHours('nonsense', 'en')).toBe('nonsense');
  });
});
