import { beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { TItem } from '@ra/shared/menu/menu.schemas';
import { scheduleRequestOf } from './schedule-change-dialog.tsx';

const NY = 'America/New_York';
const channels = {} as TItem['channels'];

// The browser of the person at the keyboard is in Tokyo; the restaurant is in New York.
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});

describe('scheduleRequestOf', () => {
  const base = {
    changePrice: true,
    priceCents: 1299,
    changeSoldOut: false,
    soldOut: false,
    changeChannels: false,
    hiddenChannels: [],
  };

  it('asks the server to apply the change at the time typed, read in the restaurant zone', () => {
    const request = scheduleRequestOf(7, { ...base, at: dayjs('2026-11-28 09:00:42') }, channels, NY);
    expect(request).toEqual({ ids: [7], at: '2026-11-28T09:00:00-05:00', change: { priceCents: 1299 } });
  });

  it('still needs a time', () => {
    expect(scheduleRequestOf(7, base, channels, NY)).toBe('Choose a time in the future');
  });
});
