import { businessDayBounds, businessDayOf } from '../business-day/business-day.ts';
import { HOUR_MS, MINUTE_MS, msToHundredths, overlapMs, roundPunch } from './hours.ts';
import { allocateOvertime, type TOvertimeRules, type TPaidPiece, type TWorkPiece } from './overtime.ts';
import { daysOf, type TPayPeriod } from './pay-period.ts';

export const BREAK_KINDS = ['meal', 'rest'] as const;
export type TBreakKind = (typeof BREAK_KINDS)[number];

/** A break inside a shift: never rounded; an unpaid one is taken off the shift's paid time. */
export interface TBreak {
  kind: TBreakKind;
  paid: boolean;
  startAt: number;
  endAt: number;
}

export interface TShiftFacts {
  id: number;
  userId: number;
  /** The punches as reported (epoch ms); rounding happens when the sheet is computed. */
  clockInAt: number;
  clockOutAt: number | null;
  breaks: readonly TBreak[];
  wageCents: number;
  /** enableClockingOutWaitingTime: paid minutes after the clock-out punch. */
  waitingMinutes: number;
}

export interface TClockSettings {
  timeZone: string;
  hourOffsetEndOfDay: number;
  /** workHoursSteps. */
  step: number;
}

/** An open shift older than this is flagged: someone forgot to clock out. */
export const OPEN_SHIFT_LIMIT_MS = 16 * HOUR_MS;
/** California: a meal period must start before the end of the 5th hour of work. */
export const MEAL_DEADLINE_MS = 5 * HOUR_MS;

export interface TShiftTimes {
  /** The business day the shift belongs to: the one it starts in. */
  businessDay: string;
  roundedIn: number;
  roundedOut: number | null;
  paidMs: number;
  paidBreakMs: number;
  unpaidBreakMs: number;
  /** Paid time cut at business-day boundaries: each piece counts towards its own day's overtime. */
  pieces: TWorkPiece[];
}

/** Every zone's offset is a multiple of 15 minutes, so day and hour are the same within such a block. */
const BLOCK_MS = 15 * 60_000;

interface TDayIndex {
  dayOf(ms: number): string;
  endOf(day: string): number;
  hourOf(ms: number): number;
}

const indexes = new Map<string, TDayIndex>();

/**
 * Business days and local hours of one restaurant's clock, remembered: Intl is slow enough that a
 * month's timesheet (thousands of shifts, each cut at day and hour boundaries) would spend most of its
 * time there. Each answer is computed once per 15-minute block or day.
 */
function dayIndex(clock: TClockSettings): TDayIndex {
  const key = `${clock.timeZone}|${clock.hourOffsetEndOfDay}`;
  let index = indexes.get(key);
  if (index) return index;
  const days = new Map<number, string>();
  const ends = new Map<string, number>();
  const hours = new Map<number, number>();
  const formatter = new Intl.DateTimeFormat('en-US', { timeZone: clock.timeZone, hour: 'numeric', hourCycle: 'h23' });
  index = {
    dayOf(ms) {
      const block = Math.floor(ms / BLOCK_MS);
      let day = days.get(block);
      if (day === undefined) {
        if (days.size > 100_000) days.clear();
        day = businessDayOf(block * BLOCK_MS, clock.timeZone, clock.hourOffsetEndOfDay);
        days.set(block, day);
      }
      return day;
    },
    endOf(day) {
      let end = ends.get(day);
      if (end === undefined) {
        if (ends.size > 10_000) ends.clear();
        end = businessDayBounds(day, clock.timeZone, clock.hourOffsetEndOfDay).end.getTime();
        ends.set(day, end);
      }
      return end;
    },
    hourOf(ms) {
      const block = Math.floor(ms / BLOCK_MS);
      let hour = hours.get(block);
      if (hour === undefined) {
        if (hours.size > 100_000) hours.clear();
        hour = Number(formatter.format(block * BLOCK_MS)) % 24;
        hours.set(block, hour);
      }
      return hour;
    },
  };
  if (indexes.size > 100) indexes.clear();
  indexes.set(key, index);
  return index;
}

/** Cuts [start, end) at the business-day boundaries it crosses. */
function splitByBusinessDay(
  start: number,
  end: number,
  clock: TClockSettings,
): Array<{ day: string; start: number; end: number }> {
  const index = dayIndex(clock);
  const out: Array<{ day: string; start: number; end: number }> = [];
  let at = start;
  while (at < end) {
    const day = index.dayOf(at);
    const stop = Math.min(end, index.endOf(day));
    out.push({ day, start: at, end: stop });
    at = stop;
  }
  return out;
}

/** Paid intervals of [start, end) once the unpaid breaks are taken out. */
function paidIntervals(start: number, end: number, breaks: readonly TBreak[]): Array<[number, number]> {
  const unpaid = breaks
    .filter((b) => !b.paid)
    .map((b) => [Math.max(start, b.startAt), Math.min(end, b.endAt)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  let at = start;
  for (const [s, e] of unpaid) {
    if (s > at) out.push([at, s]);
    at = Math.max(at, e);
  }
  if (end > at) out.push([at, end]);
  return out;
}

/**
 * A shift's rounded punches, paid time and per-day pieces. Clock times are rounded to the step; breaks
 * are not. Lengths come from real instants, so a shift across a daylight-saving change is an hour
 * shorter or longer than its wall-clock times suggest.
 */
export function shiftTimes(shift: TShiftFacts, clock: TClockSettings): TShiftTimes {
  const businessDay = dayIndex(clock).dayOf(shift.clockInAt);
  const roundedIn = roundPunch(shift.clockInAt, clock.step);
  const roundedOut = shift.clockOutAt === null ? null : Math.max(roundedIn, roundPunch(shift.clockOutAt, clock.step));
  if (roundedOut === null) {
    return { businessDay, roundedIn, roundedOut, paidMs: 0, paidBreakMs: 0, unpaidBreakMs: 0, pieces: [] };
  }
  const breakMs = (paid: boolean) =>
    shift.breaks
      .filter((b) => b.paid === paid)
      .reduce((s, b) => s + overlapMs(b.startAt, b.endAt, roundedIn, roundedOut), 0);
  const intervals = paidIntervals(roundedIn, roundedOut, shift.breaks);
  const waitingMs = shift.waitingMinutes * MINUTE_MS;
  if (waitingMs > 0) intervals.push([roundedOut, roundedOut + waitingMs]);
  const pieces: TWorkPiece[] = [];
  for (const [s, e] of intervals) {
    for (const part of splitByBusinessDay(s, e, clock)) {
      pieces.push({
        day: part.day,
        at: part.start,
        ms: part.end - part.start,
        wageCents: shift.wageCents,
        shiftId: shift.id,
      });
    }
  }
  return {
    businessDay,
    roundedIn,
    roundedOut,
    paidMs: pieces.reduce((s, p) => s + p.ms, 0),
    paidBreakMs: breakMs(true),
    unpaidBreakMs: breakMs(false),
    pieces,
  };
}

/** True when two shifts of one person share any time; an open shift runs on without end. */
export function shiftsOverlap(
  a: Pick<TShiftFacts, 'clockInAt' | 'clockOutAt'>,
  b: Pick<TShiftFacts, 'clockInAt' | 'clockOutAt'>,
): boolean {
  const aEnd = a.clockOutAt ?? Number.POSITIVE_INFINITY;
  const bEnd = b.clockOutAt ?? Number.POSITIVE_INFINITY;
  return a.clockInAt < bEnd && b.clockInAt < aEnd;
}

/** The first of `others` (same person, another id) that `candidate` would overlap: such a save is refused. */
export function findOverlap<T extends Pick<TShiftFacts, 'id' | 'userId' | 'clockInAt' | 'clockOutAt'>>(
  candidate: Pick<TShiftFacts, 'userId' | 'clockInAt' | 'clockOutAt'> & { id?: number },
  others: readonly T[],
): T | undefined {
  return others.find((o) => o.userId === candidate.userId && o.id !== candidate.id && shiftsOverlap(candidate, o));
}

export interface TShiftFlags {
  /** California: worked over 5 h with no meal break started by the end of the 5th hour. */
  missedMeal: boolean;
  /** Still clocked in more than 16 h after clocking in. */
  openTooLong: boolean;
  /** Shares time with another shift of the same person (saves refuse this; old data may hold it). */
  overlap: boolean;
}

export function shiftFlags(
  shift: TShiftFacts,
  times: TShiftTimes,
  rules: TOvertimeRules,
  now: number,
  sameUserShifts: readonly TShiftFacts[],
): TShiftFlags {
  const deadline = shift.clockInAt + MEAL_DEADLINE_MS;
  const missedMeal =
    rules === 'california' &&
    shift.clockOutAt !== null &&
    times.paidMs > MEAL_DEADLINE_MS &&
    !shift.breaks.some((b) => b.kind === 'meal' && b.startAt <= deadline);
  return {
    missedMeal,
    openTooLong: shift.clockOutAt === null && now - shift.clockInAt > OPEN_SHIFT_LIMIT_MS,
    overlap: findOverlap(shift, sameUserShifts) !== undefined,
  };
}

export interface TTimesheetEmployee {
  userId: number;
  xid: string;
  name: string;
}

export interface TTimesheetInput {
  period: TPayPeriod;
  anchor: string;
  rules: TOvertimeRules;
  clock: TClockSettings;
  now: number;
  employees: readonly TTimesheetEmployee[];
  /** Every shift of these employees in the period's overtime window (pay-period.ts overtimeWindow). */
  shifts: readonly TShiftFacts[];
}

export interface TComputedShift {
  shift: TShiftFacts;
  times: TShiftTimes;
  flags: TShiftFlags;
  /** Hundredths of an hour of paid time at 1x, 1.5x and 2x. */
  regular: number;
  ot15: number;
  ot2: number;
}

export interface TTimesheetRow {
  employee: TTimesheetEmployee;
  /** Paid hundredths per business day of the period, by the day each shift started in. */
  days: Record<string, number>;
  shifts: TComputedShift[];
  total: number;
  regular: number;
  ot15: number;
  ot2: number;
  paidBreaks: number;
  unpaidBreaks: number;
  /** Weighted regular rate over the period, cents per hour (straight-time pay / hours). */
  regularRateCents: number;
  grossCents: number;
  /** Distinct hourly wages worked at in the period, cents. */
  wages: number[];
}

export interface TTimesheet {
  days: string[];
  rows: TTimesheetRow[];
  /** Paid hundredths per day across everyone. */
  dayTotals: Record<string, number>;
  /** Labour cost per business day the time was worked in, cents. */
  laborCents: Record<string, number>;
  /** Labour cost per local hour of the day (0-23) over the period, cents. */
  laborByHourCents: number[];
  total: number;
  grossCents: number;
}

/**
 * The timesheet of a pay period: employees by days, with overtime decided over whole workweeks (the
 * input holds the overtime window) and only the period's own days counted.
 */
export function buildTimesheet(input: TTimesheetInput): TTimesheet {
  const days = daysOf(input.period);
  const inPeriod = (day: string) => day >= input.period.start && day <= input.period.end;
  const dayTotals: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  const dayMs: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  const laborCents: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
  const laborByHour = new Array<number>(24).fill(0);
  const rows: TTimesheetRow[] = [];

  for (const employee of input.employees) {
    const own = input.shifts.filter((s) => s.userId === employee.userId).sort((a, b) => a.clockInAt - b.clockInAt);
    const timed = own.map((shift) => ({ shift, times: shiftTimes(shift, input.clock) }));
    const { pieces } = allocateOvertime(
      timed.flatMap((t) => t.times.pieces),
      input.rules,
      input.anchor,
    );
    const byShift = new Map<number, TPaidPiece[]>();
    for (const p of pieces) byShift.set(p.shiftId, [...(byShift.get(p.shiftId) ?? []), p]);

    const shifts: TComputedShift[] = [];
    const rowDayMs: Record<string, number> = Object.fromEntries(days.map((d) => [d, 0]));
    let totalMs = 0;
    let regularMs = 0;
    let ot15Ms = 0;
    let ot2Ms = 0;
    let paidBreakMs = 0;
    let unpaidBreakMs = 0;
    let payCents = 0;
    let straightCents = 0;
    const wages = new Set<number>();
    for (const { shift, times } of timed) {
      if (!inPeriod(times.businessDay)) continue;
      const shiftPieces = byShift.get(shift.id) ?? [];
      const sum = (f: (p: TPaidPiece) => number) => shiftPieces.reduce((s, p) => s + f(p), 0);
      shifts.push({
        shift,
        times,
        flags: shiftFlags(shift, times, input.rules, input.now, own),
        regular: msToHundredths(sum((p) => p.regularMs)),
        ot15: msToHundredths(sum((p) => p.ot15Ms)),
        ot2: msToHundredths(sum((p) => p.ot2Ms)),
      });
      rowDayMs[times.businessDay] = (rowDayMs[times.businessDay] ?? 0) + times.paidMs;
      totalMs += times.paidMs;
      regularMs += sum((p) => p.regularMs);
      ot15Ms += sum((p) => p.ot15Ms);
      ot2Ms += sum((p) => p.ot2Ms);
      paidBreakMs += times.paidBreakMs;
      unpaidBreakMs += times.unpaidBreakMs;
      payCents += sum((p) => p.payCents);
      straightCents += sum((p) => (p.ms * p.wageCents) / HOUR_MS);
      if (times.paidMs > 0) wages.add(shift.wageCents);
      for (const p of shiftPieces) {
        laborCents[p.day] = (laborCents[p.day] ?? 0) + p.payCents;
        spreadOverHours(p, dayIndex(input.clock), laborByHour);
      }
    }
    for (const d of days) dayMs[d] = (dayMs[d] ?? 0) + (rowDayMs[d] ?? 0);
    rows.push({
      employee,
      days: Object.fromEntries(days.map((d) => [d, msToHundredths(rowDayMs[d] ?? 0)])),
      shifts,
      total: msToHundredths(totalMs),
      regular: msToHundredths(regularMs),
      ot15: msToHundredths(ot15Ms),
      ot2: msToHundredths(ot2Ms),
      paidBreaks: msToHundredths(paidBreakMs),
      unpaidBreaks: msToHundredths(unpaidBreakMs),
      regularRateCents: totalMs > 0 ? Math.round(straightCents / (totalMs / HOUR_MS)) : 0,
      grossCents: Math.round(payCents),
      wages: [...wages].sort((a, b) => a - b),
    });
  }
  for (const d of days) dayTotals[d] = msToHundredths(dayMs[d] ?? 0);
  const totalMs = Object.values(dayMs).reduce((s, v) => s + v, 0);
  return {
    days,
    rows,
    dayTotals,
    laborCents: Object.fromEntries(Object.entries(laborCents).map(([d, c]) => [d, Math.round(c)])),
    laborByHourCents: laborByHour.map((c) => Math.round(c)),
    total: msToHundredths(totalMs),
    grossCents: rows.reduce((s, r) => s + r.grossCents, 0),
  };
}

/** Adds a piece's pay to the local hours of the day it was worked in, in proportion to the time. */
function spreadOverHours(piece: TPaidPiece, index: TDayIndex, into: number[]): void {
  if (piece.ms <= 0) return;
  const end = piece.at + piece.ms;
  let at = piece.at;
  while (at < end) {
    // Hours in every US zone start on the UTC hour, so the next boundary is the next whole UTC hour.
    const next = Math.min(end, (Math.floor(at / HOUR_MS) + 1) * HOUR_MS);
    const hour = index.hourOf(at);
    into[hour] = (into[hour] ?? 0) + (piece.payCents * (next - at)) / piece.ms;
    at = next;
  }
}
