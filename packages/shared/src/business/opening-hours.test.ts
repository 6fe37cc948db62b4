import { describe, expect, it } from 'vitest';
import { normaliseSpecialDays, normaliseWeek, type TStoredHours } from './opening-hours.ts';

describe('normaliseWeek', () => {
  it('shows every weekday, one never set up as closed, a first-release day as its one range', () => {
    const weekly: TStoredHours['weekly'] = [
      { day: 1, closed: false, open: '09:00', close: '17:00' },
      {
        day: 5,
        closed: false,
        open: '11:00',
        close: '14:00',
        ranges: [
          { open: '11:00', close: '14:00' },
          { open: '17:00', close: '22:00' },
        ],
      },
      { day: 0, closed: true, open: '10:00', close: '12:00', ranges: [{ open: '10:00', close: '12:00' }] },
    ];
    const week = normaliseWeek(weekly);
    expect(week.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week[0]).toEqual({ day: 0, closed: true, ranges: [] });
    expect(week[1]).toEqual({ day: 1, closed: false, ranges: [{ open: '09:00', close: '17:00' }] });
    expect(week[2]).toEqual({ day: 2, closed: true, ranges: [] });
    expect(week[5]?.ranges).toEqual([
      { open: '11:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ]);
  });
});

describe('normaliseSpecialDays', () => {
  it('lists the first release’s holidays as closed days among the special days, once each, by date', () => {
    const hours: TStoredHours = {
      weekly: [],
      holidays: ['2026-12-25', '2026-01-01'],
      special: [
        { date: '2026-12-31', closed: false, ranges: [{ open: '18:00', close: '23:59' }], note: 'NYE' },
        { date: '2026-12-25', closed: false, ranges: [{ open: '12:00', close: '15:00' }], note: 'lunch only' },
      ],
    };
    expect(normaliseSpecialDays(hours)).toEqual([
      { date: '2026-01-01', closed: true, ranges: [], note: '' },
      { date: '2026-12-25', closed: false, ranges: [{ open: '12:00', close: '15:00' }], note: 'lunch only' },
      { date: '2026-12-31', closed: false, ranges: [{ open: '18:00', close: '23:59' }], note: 'NYE' },
    ]);
    expect(hours.special).toHaveLength(2);
  });
});
