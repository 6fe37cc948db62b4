import type { TBreakInput, TClockRequest } from '@ra/shared/work-hours/work-hours.schemas';

/** A shift as the editor found it. */
export interface TShiftBefore {
  id: number;
  clockInAt: number;
  clockOutAt: number | null;
  breaks: TBreakInput[];
  declaredTipsCents: number;
  waitingMinutes: number;
}

/** What the editor holds (epoch ms). A new shift needs both punches. */
export interface TShiftDraft {
  clockInAt: number;
  clockOutAt: number | null;
  breaks: TBreakInput[];
  declaredTipsCents: number;
  waitingMinutes: number;
}

export interface TShiftCall {
  method: 'POST' | 'PUT';
  which: 'in' | 'out';
  body: Omit<TClockRequest, 'reason' | 'signatureUrl'>;
}

const sameBreaks = (a: readonly TBreakInput[], b: readonly TBreakInput[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The SPEC 7 calls that save a draft, in order:
 * - a new shift: POST clock/out with inTimeReportedAs (one step, so it is never open in between);
 * - an open shift: PUT clock/in if the clock-in moved, then POST clock/out with the id to close it;
 * - a closed shift: PUT clock/in when only the clock-in moved, else one PUT clock/out carrying
 *   everything (inTimeReportedAs when the clock-in moved too), so the shift is never checked half-edited.
 * Nothing changed: no calls.
 */
export function shiftSaveCalls(before: TShiftBefore | null, draft: TShiftDraft): TShiftCall[] {
  const rest = { breaks: draft.breaks, value: draft.declaredTipsCents, waitingMinutes: draft.waitingMinutes };
  if (before === null) {
    if (draft.clockOutAt === null) return [{ method: 'POST', which: 'in', body: { timeReportedAs: draft.clockInAt } }];
    return [
      {
        method: 'POST',
        which: 'out',
        body: { inTimeReportedAs: draft.clockInAt, timeReportedAs: draft.clockOutAt, ...rest },
      },
    ];
  }
  const inMoved = draft.clockInAt !== before.clockInAt;
  if (before.clockOutAt === null) {
    const calls: TShiftCall[] = [];
    if (inMoved) calls.push({ method: 'PUT', which: 'in', body: { id: before.id, timeReportedAs: draft.clockInAt } });
    if (draft.clockOutAt !== null) {
      calls.push({ method: 'POST', which: 'out', body: { id: before.id, timeReportedAs: draft.clockOutAt, ...rest } });
    }
    return calls;
  }
  const outMoved = draft.clockOutAt !== before.clockOutAt;
  const restChanged =
    !sameBreaks(draft.breaks, before.breaks) ||
    draft.declaredTipsCents !== before.declaredTipsCents ||
    draft.waitingMinutes !== before.waitingMinutes;
  if (!outMoved && !restChanged) {
    return inMoved ? [{ method: 'PUT', which: 'in', body: { id: before.id, timeReportedAs: draft.clockInAt } }] : [];
  }
  return [
    {
      method: 'PUT',
      which: 'out',
      body: {
        id: before.id,
        timeReportedAs: draft.clockOutAt ?? before.clockOutAt,
        ...(inMoved ? { inTimeReportedAs: draft.clockInAt } : {}),
        ...rest,
      },
    },
  ];
}
