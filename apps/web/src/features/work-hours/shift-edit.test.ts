// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shiftSaveCalls, type TShiftBefore } from './shift-edit.ts';

const H = 3_600_000;
const before: TShiftBefore = {
  id: 7,
  clockInAt: 10 * H,
  clockOutAt: 18 * H,
  breaks: [{ kind: 'meal', paid: false, startAt: 13 * H, endAt: 13.5 * H }],
  declaredTipsCents: 0,
  waitingMinutes: 0,
};

describe('shiftSaveCalls', () => {
  it('adds a new shift in one POST clock/out carrying the clock-in', () => {
    expect(shiftSaveCalls(null, { ...before, clockInAt: 9 * H })).toEqual([
      {
        method: 'POST',
        which: 'out',
        body: { inTimeReportedAs: 9 * H, timeReportedAs: 18 * H, breaks: before.breaks, value: 0, waitingMinutes: 0 },
      },
    ]);
  });

  it('moves only the clock-in with PUT clock/in', () => {
    expect(shiftSaveCalls(before, { ...before, clockInAt: 9 * H })).toEqual([
      { method: 'PUT', which: 'in', body: { id: 7, timeReportedAs: 9 * H } },
    ]);
  });

  it('moves the whole shift past its old end in one PUT clock/out, never inside out', () => {
    const calls = shiftSaveCalls(before, { ...before, clockInAt: 20 * H, clockOutAt: 23 * H, breaks: [] });
    expect(calls).toEqual([
      {
        method: 'PUT',
        which: 'out',
        body: { id: 7, timeReportedAs: 23 * H, inTimeReportedAs: 20 * H, breaks: [], value: 0, waitingMinutes: 0 },
      },
    ]);
  });

  it('sends declared tips with the clock-out as `value`', () => {
    expect(shiftSaveCalls(before, { ...before, declaredTipsCents: 2500 })[0]?.body).toMatchObject({
      value: 2500,
      timeReportedAs: 18 * H,
    });
  });

  it('closes an open shift with POST clock/out and its id', () => {
    const open = { ...before, clockOutAt: null };
    expect(shiftSaveCalls(open, { ...open, clockOutAt: 17 * H }).map((c) => `${c.method} ${c.which}`)).toEqual([
      'POST out',
    ]);
    expect(
      shiftSaveCalls(open, { ...open, clockInAt: 11 * H, clockOutAt: 17 * H }).map((c) => `${c.method} ${c.which}`),
    ).toEqual(['PUT in', 'POST out']);
  });

  it('makes no call when nothing changed', () => {
    expect(shiftSaveCalls(before, { ...before, breaks: [...before.breaks] })).toEqual([]);
  });
});
