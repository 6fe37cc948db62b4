import { HOUR_MS } from './hours.ts';
import { workweekStart } from './pay-period.ts';
import { addDays } from '../business-day/calendar-day.ts';

/**
 * Overtime rule sets, chosen per restaurant.
 * - federal (FLSA): 1.5x for hours over 40 in the workweek.
 * - california (Labor Code 510): 1.5x over 8 h in a workday and over 40 regular hours in the workweek,
 *   and for the first 8 h of the 7th consecutive workday of the workweek; 2x over 12 h in a workday and
 *   over 8 h on that 7th day.
 */
export const OVERTIME_RULES = ['federal', 'california'] as const;
export type TOvertimeRules = (typeof OVERTIME_RULES)[number];

const H8 = 8 * HOUR_MS;
const H12 = 12 * HOUR_MS;
const H40 = 40 * HOUR_MS;

/** Paid time worked in one business day at one wage (a shift, or the part of one that fell in that day). */
export interface TWorkPiece {
  /** Business day the time was worked in (the workday for daily overtime). */
  day: string;
  /** When it started, to order the pieces: overtime falls on the last hours worked. */
  at: number;
  ms: number;
  wageCents: number;
  shiftId: number;
}

export interface TPaidPiece extends TWorkPiece {
  regularMs: number;
  ot15Ms: number;
  ot2Ms: number;
  /** Straight time plus overtime premium, in (fractional) cents: round only after summing. */
  payCents: number;
  /** The workweek's regular rate, cents per hour. */
  regularRateCents: number;
}

export interface TWorkweekPay {
  start: string;
  paidMs: number;
  straightCents: number;
  /**
   * FLSA regular rate (29 CFR 778.115): straight-time pay for all hours at all wages, divided by the
   * hours. Overtime premium is half of it (1.5x) or all of it (2x) on top of the straight time already
   * paid, so someone working at two wages in one week gets overtime at the weighted average.
   */
  regularRateCents: number;
  premiumCents: number;
}

/**
 * Splits one employee's paid time into regular, 1.5x and 2x, and prices it. Pieces may span several
 * workweeks; each workweek (starting on `anchor`'s weekday) is counted on its own.
 */
export function allocateOvertime(
  pieces: readonly TWorkPiece[],
  rules: TOvertimeRules,
  anchor: string,
): { pieces: TPaidPiece[]; weeks: TWorkweekPay[] } {
  const byWeek = new Map<string, TWorkPiece[]>();
  // A month's timesheet prices thousands of pieces over a few dozen days: work each day's week out once.
  const weekOf = new Map<string, string>();
  for (const piece of pieces) {
    if (piece.ms <= 0) continue;
    let week = weekOf.get(piece.day);
    if (week === undefined) {
      week = workweekStart(piece.day, anchor);
      weekOf.set(piece.day, week);
    }
    const list = byWeek.get(week) ?? [];
    list.push(piece);
    byWeek.set(week, list);
  }
  const paid: TPaidPiece[] = [];
  const weeks: TWorkweekPay[] = [];
  for (const [start, weekPieces] of [...byWeek.entries()].sort(([a], [b]) => compareDays(a, b))) {
    weekPieces.sort((a, b) => a.at - b.at || compareDays(a.day, b.day));
    const allocated = rules === 'california' ? californiaWeek(start, weekPieces) : federalWeek(weekPieces);
    const paidMs = allocated.reduce((s, p) => s + p.ms, 0);
    const straightCents = allocated.reduce((s, p) => s + (p.ms * p.wageCents) / HOUR_MS, 0);
    const regularRateCents = paidMs > 0 ? straightCents / (paidMs / HOUR_MS) : 0;
    let premiumCents = 0;
    for (const p of allocated) {
      const premium = ((p.ot15Ms * 0.5 + p.ot2Ms) * regularRateCents) / HOUR_MS;
      premiumCents += premium;
      paid.push({ ...p, regularRateCents, payCents: (p.ms * p.wageCents) / HOUR_MS + premium });
    }
    weeks.push({ start, paidMs, straightCents, regularRateCents, premiumCents });
  }
  return { pieces: paid, weeks };
}

/** ISO days compare as plain strings (localeCompare is slow and locale-dependent). */
const compareDays = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type TAllocated = TWorkPiece & { regularMs: number; ot15Ms: number; ot2Ms: number };

function federalWeek(pieces: readonly TWorkPiece[]): TAllocated[] {
  let weekMs = 0;
  return pieces.map((p) => {
    const regularMs = Math.max(0, Math.min(p.ms, H40 - weekMs));
    weekMs += p.ms;
    return { ...p, regularMs, ot15Ms: p.ms - regularMs, ot2Ms: 0 };
  });
}

const weekDaysCache = new Map<string, string[]>();
/** The seven business days of the workweek starting on `weekStart`, remembered (every employee shares them). */
function daysOfWeek(weekStart: string): string[] {
  let days = weekDaysCache.get(weekStart);
  if (!days) {
    if (weekDaysCache.size > 5_000) weekDaysCache.clear();
    days = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(weekStart, i));
    weekDaysCache.set(weekStart, days);
  }
  return days;
}

function californiaWeek(weekStart: string, pieces: readonly TWorkPiece[]): TAllocated[] {
  const workedDays = new Set(pieces.map((p) => p.day));
  // The 7th consecutive day: every day of this workweek worked (Labor Code 510 counts within the workweek).
  const weekDays = daysOfWeek(weekStart);
  const seventhDay = weekDays[6]!;
  const isSeventh = weekDays.every((day) => workedDays.has(day));
  const dayMs = new Map<string, number>();
  let weekRegularMs = 0;
  return pieces.map((p) => {
    let used = dayMs.get(p.day) ?? 0;
    let regularMs = 0;
    let ot15Ms = 0;
    let ot2Ms = 0;
    const take = (upTo: number, left: number) => Math.max(0, Math.min(left, upTo - used));
    let left = p.ms;
    if (isSeventh && p.day === seventhDay) {
      const first8 = take(H8, left);
      ot15Ms += first8;
      left -= first8;
      ot2Ms += left;
      used += p.ms;
    } else {
      const daily = take(H8, left);
      used += daily;
      left -= daily;
      // Hours within the daily 8 are regular until the week's 40 regular hours are reached.
      const weekly = Math.max(0, Math.min(daily, H40 - weekRegularMs));
      regularMs += weekly;
      weekRegularMs += weekly;
      ot15Ms += daily - weekly;
      const over8 = take(H12, left);
      used += over8;
      left -= over8;
      ot15Ms += over8;
      ot2Ms += left;
      used += left;
    }
    dayMs.set(p.day, used);
    return { ...p, regularMs, ot15Ms, ot2Ms };
  });
}
