import { describe, expect, it } from 'vitest';
import { formatHundredths, laborPercent, msToHundredths, roundPunch } from './hours.ts';
import { allocateOvertime, type TWorkPiece } from './overtime.ts';
import { overtimeWindow, payPeriodOf, shiftPayPeriod } from './pay-period.ts';
import { buildTimesheet, findOverlap, shiftFlags, shiftTimes, type TShiftFacts } from './timesheet.ts';
import { ZClockRequest, ZTimestamp } from './work-hours.schemas.ts';

const NY = 'America/New_York';
const H = 3_600_000;
/** Local New York wall-clock time in winter (EST, UTC-5) as epoch ms. */
const est = (day: string, time: string) => Date.parse(`${day}T${time}-05:00`);
const edt = (day: string, time: string) => Date.parse(`${day}T${time}-04:00`);
const hhmmss = (ms: number) => new Date(ms - 5 * H).toISOString().slice(11, 19);

function shift(id: number, clockInAt: number, clockOutAt: number | null, more: Partial<TShiftFacts> = {}): TShiftFacts {
  return { id, userId: 1, clockInAt, clockOutAt, breaks: [], wageCents: 2000, waitingMinutes: 0, ...more };
}

describe('rounding punches to workHoursSteps (nearest step) and hundredths of an hour', () => {
  const at = (time: string) => est('2026-03-03', time);
  it.each([
    [1, '07:07:29', '07:07:00'],
    [1, '07:07:30', '07:08:00'],
    [5, '07:07:29', '07:05:00'],
    [5, '07:07:30', '07:10:00'],
    [6, '07:08:59', '07:06:00'],
    [6, '07:09:00', '07:12:00'],
    [15, '07:07:29', '07:00:00'],
    [15, '07:07:30', '07:15:00'],
    [15, '16:52:00', '16:45:00'],
    [15, '16:53:00', '17:00:00'],
    [30, '07:14:59', '07:00:00'],
    [30, '07:15:00', '07:30:00'],
  ])('step %i rounds %s to %s', (step, raw, rounded) => {
    expect(hhmmss(roundPunch(at(raw), step))).toBe(rounded);
  });

  it.each([
    [1, '8.12h'],
    [5, '8.08h'],
    [6, '8.10h'],
    [15, '8.00h'],
    [30, '8.00h'],
  ])('a 09:00 to 17:07 shift at step %i is %s', (step, shown) => {
    const s = shift(1, at('09:00:00'), at('17:07:00'));
    const times = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 0, step });
    expect(formatHundredths(msToHundredths(times.paidMs))).toBe(shown);
  });

  it('counts hundredths as 36-second units: 15 minutes is 0.25h, 7 minutes 0.12h', () => {
    expect(msToHundredths(15 * 60_000)).toBe(25);
    expect(msToHundredths(7 * 60_000)).toBe(12);
    expect(formatHundredths(5)).toBe('0.05h');
    expect(formatHundredths(1234)).toBe('12.34h');
  });

  it('does not round breaks: a 31-minute unpaid meal takes 0.52h off', () => {
    const s = shift(1, at('09:00:00'), at('17:00:00'), {
      breaks: [{ kind: 'meal', paid: false, startAt: at('12:00:00'), endAt: at('12:31:00') }],
    });
    const times = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 });
    expect(msToHundredths(times.unpaidBreakMs)).toBe(52);
    expect(msToHundredths(times.paidMs)).toBe(800 - 52);
  });

  it('reads a 10-digit timestamp as seconds and a 13-digit one as milliseconds (SPEC 9)', () => {
    expect(ZTimestamp.parse(1_773_000_000)).toBe(1_773_000_000_000);
    expect(ZTimestamp.parse(1_773_000_000_123)).toBe(1_773_000_000_123);
    expect(ZClockRequest.parse({ timeReportedAs: '1773000000' }).timeReportedAs).toBe(1_773_000_000_000);
  });
});

describe('overnight shifts and daylight saving', () => {
  it('belongs to the business day it starts in, cut at hourOffsetEndOfDay for daily overtime', () => {
    const s = shift(1, est('2026-03-03', '20:00:00'), est('2026-03-04', '06:00:00'));
    const atMidnight = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 });
    expect(atMidnight.businessDay).toBe('2026-03-03');
    expect(atMidnight.pieces.map((p) => [p.day, p.ms / H])).toEqual([
      ['2026-03-03', 4],
      ['2026-03-04', 6],
    ]);
    const at3 = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 3, step: 15 });
    expect(at3.pieces.map((p) => [p.day, p.ms / H])).toEqual([
      ['2026-03-03', 7],
      ['2026-03-04', 3],
    ]);
  });

  it('a 14:00 to 02:00 shift gets 2 h of California daily overtime, not 4: the 2 h after midnight are the next workday', () => {
    const s = shift(1, est('2026-03-03', '14:00:00'), est('2026-03-04', '02:00:00'));
    const times = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 });
    const { pieces } = allocateOvertime(times.pieces, 'california', '2026-03-02');
    expect(pieces.reduce((t, p) => t + p.regularMs, 0) / H).toBe(10);
    expect(pieces.reduce((t, p) => t + p.ot15Ms, 0) / H).toBe(2);
  });

  it('a 22:00 to 06:00 shift across the spring-forward night is 7 hours, split at the 03:00 day boundary', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT.
    const s = shift(1, est('2026-03-07', '22:00:00'), edt('2026-03-08', '06:00:00'));
    const times = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 3, step: 15 });
    expect(times.businessDay).toBe('2026-03-07');
    expect(formatHundredths(msToHundredths(times.paidMs))).toBe('7.00h');
    expect(times.pieces.map((p) => [p.day, p.ms / H])).toEqual([
      ['2026-03-07', 4],
      ['2026-03-08', 3],
    ]);
  });

  it('a shift across the fall-back night is 9 hours for 8 on the wall clock', () => {
    // 2026-11-01 02:00 EDT falls back to 01:00 EST.
    const s = shift(1, edt('2026-10-31', '22:00:00'), est('2026-11-01', '06:00:00'));
    const times = shiftTimes(s, { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 });
    expect(times.paidMs / H).toBe(9);
  });
});

/** Whole-hour pieces on consecutive days from Monday 2026-03-02 (the workweek starts on the anchor's weekday). */
function days(hours: number[], wageCents = 2000, from = 0): TWorkPiece[] {
  return hours.map((h, i) => {
    const day = `2026-03-${String(2 + from + i).padStart(2, '0')}`;
    return { day, at: est(day, '09:00:00'), ms: h * H, wageCents, shiftId: from + i + 1 };
  });
}
const total = (pieces: ReadonlyArray<{ regularMs: number; ot15Ms: number; ot2Ms: number }>) => ({
  regular: pieces.reduce((s, p) => s + p.regularMs, 0) / H,
  ot15: pieces.reduce((s, p) => s + p.ot15Ms, 0) / H,
  ot2: pieces.reduce((s, p) => s + p.ot2Ms, 0) / H,
});

describe('overtime rule sets, with worked examples', () => {
  const ANCHOR = '2026-03-02';

  it('US federal: 5 days of 9 h at $20 is 40 regular + 5 at 1.5x = $950.00', () => {
    const { pieces, weeks } = allocateOvertime(days([9, 9, 9, 9, 9]), 'federal', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 40, ot15: 5, ot2: 0 });
    expect(weeks[0]?.regularRateCents).toBe(2000);
    expect(Math.round(pieces.reduce((s, p) => s + p.payCents, 0))).toBe(95_000);
  });

  it('US federal: a 13 h day is not overtime when the week stays under 40 h', () => {
    const { pieces } = allocateOvertime(days([13, 8, 8]), 'federal', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 29, ot15: 0, ot2: 0 });
  });

  it('regular rate is the weighted average of two wages: 30 h at $15 + 15 h at $24 is $18/h, gross $855.00', () => {
    const pieces = [...days([10, 10, 10], 1500), ...days([8, 7], 2400, 3)];
    const result = allocateOvertime(pieces, 'federal', ANCHOR);
    expect(result.weeks[0]?.regularRateCents).toBe(1800);
    expect(total(result.pieces).ot15).toBe(5);
    // straight time $810 + premium 5 h x $9 = $855.
    expect(Math.round(result.pieces.reduce((s, p) => s + p.payCents, 0))).toBe(85_500);
  });

  it('California: a 13 h day is 8 regular, 4 at 1.5x and 1 at 2x', () => {
    const { pieces } = allocateOvertime(days([13]), 'california', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 8, ot15: 4, ot2: 1 });
  });

  it('California: six 8 h days are 40 regular and the Saturday at 1.5x (weekly), with no daily overtime', () => {
    const { pieces } = allocateOvertime(days([8, 8, 8, 8, 8, 8]), 'california', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 40, ot15: 8, ot2: 0 });
    expect(pieces[5]?.ot15Ms).toBe(8 * H);
  });

  it('California: the 7th consecutive day pays its first 8 h at 1.5x and the rest at 2x', () => {
    const { pieces } = allocateOvertime(days([6, 6, 6, 6, 6, 6, 10]), 'california', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 36, ot15: 8, ot2: 2 });
  });

  it('California: a 10 h day does not count its 2 daily overtime hours again towards the weekly 40', () => {
    const { pieces } = allocateOvertime(days([10, 10, 10, 10, 10]), 'california', ANCHOR);
    expect(total(pieces)).toEqual({ regular: 40, ot15: 10, ot2: 0 });
  });

  it('each workweek is counted on its own', () => {
    const { pieces, weeks } = allocateOvertime([...days([9, 9, 9, 9, 9]), ...days([9, 9], 2000, 7)], 'federal', ANCHOR);
    expect(weeks.map((w) => w.start)).toEqual(['2026-03-02', '2026-03-09']);
    expect(total(pieces)).toEqual({ regular: 58, ot15: 5, ot2: 0 });
  });
});

describe('flags', () => {
  const clock = { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 };
  const flagsOf = (s: TShiftFacts, rules: 'federal' | 'california', now = est('2026-03-04', '12:00:00')) =>
    shiftFlags(s, shiftTimes(s, clock), rules, now, [s]);

  it('flags a missed meal under California when no meal started by the end of the 5th hour', () => {
    const late = shift(1, est('2026-03-03', '10:00:00'), est('2026-03-03', '17:00:00'), {
      breaks: [
        { kind: 'meal', paid: false, startAt: est('2026-03-03', '15:30:00'), endAt: est('2026-03-03', '16:00:00') },
      ],
    });
    const onTime = {
      ...late,
      breaks: [{ ...late.breaks[0]!, startAt: est('2026-03-03', '14:30:00'), endAt: est('2026-03-03', '15:00:00') }],
    };
    expect(flagsOf(late, 'california').missedMeal).toBe(true);
    expect(flagsOf(onTime, 'california').missedMeal).toBe(false);
    expect(flagsOf(late, 'federal').missedMeal).toBe(false);
    // A rest break is not a meal.
    expect(flagsOf({ ...onTime, breaks: [{ ...onTime.breaks[0]!, kind: 'rest' }] }, 'california').missedMeal).toBe(
      true,
    );
  });

  it('flags an open shift older than 16 hours', () => {
    const open = shift(1, est('2026-03-03', '19:59:00'), null);
    expect(flagsOf(open, 'federal').openTooLong).toBe(true);
    expect(flagsOf(shift(1, est('2026-03-03', '20:01:00'), null), 'federal').openTooLong).toBe(false);
  });

  it('finds overlapping shifts of one person; touching ends and other people do not overlap', () => {
    const existing = [shift(1, est('2026-03-03', '09:00:00'), est('2026-03-03', '17:00:00'))];
    expect(
      findOverlap(
        { userId: 1, clockInAt: est('2026-03-03', '16:00:00'), clockOutAt: est('2026-03-03', '20:00:00') },
        existing,
      ),
    ).toBeDefined();
    expect(
      findOverlap(
        { userId: 1, clockInAt: est('2026-03-03', '17:00:00'), clockOutAt: est('2026-03-03', '20:00:00') },
        existing,
      ),
    ).toBeUndefined();
    expect(
      findOverlap({ userId: 2, clockInAt: est('2026-03-03', '16:00:00'), clockOutAt: null }, existing),
    ).toBeUndefined();
    // Editing the shift itself is not an overlap with its old times.
    expect(
      findOverlap(
        { id: 1, userId: 1, clockInAt: est('2026-03-03', '08:00:00'), clockOutAt: est('2026-03-03', '18:00:00') },
        existing,
      ),
    ).toBeUndefined();
    // An open shift runs on: anything after its start overlaps it.
    const open = [shift(3, est('2026-03-03', '09:00:00'), null)];
    expect(
      findOverlap(
        { userId: 1, clockInAt: est('2026-03-04', '09:00:00'), clockOutAt: est('2026-03-04', '10:00:00') },
        open,
      ),
    ).toBeDefined();
  });
});

describe('pay periods', () => {
  const anchor = '2026-02-23';
  it.each([
    ['weekly', '2026-03-14', '2026-03-09', '2026-03-15'],
    ['biweekly', '2026-03-14', '2026-03-09', '2026-03-22'],
    ['biweekly', '2026-02-20', '2026-02-09', '2026-02-22'],
    ['semimonthly', '2026-02-20', '2026-02-16', '2026-02-28'],
    ['semimonthly', '2026-03-15', '2026-03-01', '2026-03-15'],
    ['monthly', '2026-02-20', '2026-02-01', '2026-02-28'],
  ] as const)('%s: %s is in %s to %s', (kind, day, start, end) => {
    expect(payPeriodOf(day, { kind, anchor })).toEqual({ start, end });
  });

  it('steps to the previous and next period', () => {
    const settings = { kind: 'semimonthly', anchor } as const;
    const period = payPeriodOf('2026-03-10', settings);
    expect(shiftPayPeriod(period, -1, settings)).toEqual({ start: '2026-02-16', end: '2026-02-28' });
    expect(shiftPayPeriod(period, 1, settings)).toEqual({ start: '2026-03-16', end: '2026-03-31' });
  });

  it('decides overtime over whole workweeks around a semi-monthly period', () => {
    expect(overtimeWindow({ start: '2026-03-01', end: '2026-03-15' }, anchor)).toEqual({
      start: '2026-02-23',
      end: '2026-03-15',
    });
  });
});

describe('buildTimesheet', () => {
  it('puts each shift under its business day and counts overtime from workweek days before the period', () => {
    const clock = { timeZone: NY, hourOffsetEndOfDay: 0, step: 15 };
    // Semi-monthly period from Sunday 1 March; the workweek began Monday 23 February with 4 x 9 h.
    const before = ['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26'].map((d, i) =>
      shift(10 + i, est(d, '09:00:00'), est(d, '18:00:00')),
    );
    const inPeriod = shift(20, est('2026-03-01', '09:00:00'), est('2026-03-01', '17:00:00'));
    const sheet = buildTimesheet({
      period: { start: '2026-03-01', end: '2026-03-15' },
      anchor: '2026-02-23',
      rules: 'federal',
      clock,
      now: est('2026-03-16', '12:00:00'),
      employees: [
        { userId: 1, xid: 'U1', name: 'Ann' },
        { userId: 2, xid: 'U2', name: 'Bo' },
      ],
      shifts: [...before, inPeriod],
    });
    const ann = sheet.rows[0]!;
    // 36 h before the period, so 4 of the 8 h on 1 March are overtime.
    expect(ann.days['2026-03-01']).toBe(800);
    expect([ann.total, ann.regular, ann.ot15]).toEqual([800, 400, 400]);
    expect(ann.grossCents).toBe(4 * 2000 + 4 * 3000);
    expect(ann.shifts.map((s) => s.shift.id)).toEqual([20]);
    expect(sheet.rows[1]!.total).toBe(0);
    expect(sheet.dayTotals['2026-03-01']).toBe(800);
    expect(sheet.days).toHaveLength(15);
    expect(sheet.laborCents['2026-03-01']).toBe(20_000);
    expect(sheet.laborByHourCents.reduce((s, c) => s + c, 0)).toBe(20_000);
    // A piece's pay is spread evenly over its hours ($200 over 8 h).
    expect(sheet.laborByHourCents[9]).toBe(2500);
    expect(sheet.laborByHourCents[17]).toBe(0);
  });
});

describe('labour against net sales', () => {
  it('is labour as a percentage of net sales, and none at all on a day without sales', () => {
    expect(laborPercent(2_500, 10_000)).toBe(25);
    expect(laborPercent(12_000, 10_000)).toBe(120);
    expect(laborPercent(2_500, 0)).toBeNull();
    expect(laborPercent(0, 10_000)).toBe(0);
  });
});
