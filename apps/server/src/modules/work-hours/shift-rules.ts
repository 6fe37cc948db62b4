import { businessDayOf } from '@ra/shared/business-day/business-day';
import { MINUTE_MS } from '@ra/shared/work-hours/hours';
import { findOverlap, type TBreak } from '@ra/shared/work-hours/timesheet';
import type { ZBreakInput } from '@ra/shared/work-hours/work-hours.schemas';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { conflict, fieldError, MAX_SHIFT_MS, toFacts, type TRestContext } from './work-hours.rules.ts';

type TBreakInput = z.output<typeof ZBreakInput>;

/**
 * The checks a shift passes before it is written, from the dashboard and from the POS alike: punches
 * not in the future, breaks inside the shift, no overlap with the same person's other shifts, no day
 * of a closed pay period; and the wage it is paid at.
 */

export async function assertOpenDays(repo: WorkHoursRepository, ctx: TRestContext, instants: number[]): Promise<void> {
  for (const at of instants) {
    const day = businessDayOf(at, ctx.clock.timeZone, ctx.clock.hourOffsetEndOfDay);
    if (await repo.closedPeriodHolding(ctx.restaurantId, day)) throw conflict('periodClosed');
  }
}

export function assertPunch(clock: Clock, at: number, field: string): void {
  if (at > clock.now().getTime() + MINUTE_MS) throw fieldError(field, 'futurePunch');
}

export function checkBreaks(breaks: readonly TBreakInput[], clockIn: number, clockOut: number | null): TBreak[] {
  const sorted = [...breaks].sort((a, b) => a.startAt - b.startAt);
  let lastEnd = -Infinity;
  for (const b of sorted) {
    if (b.endAt <= b.startAt) throw fieldError('breaks', 'breakOrder');
    if (b.startAt < clockIn || (clockOut !== null && b.endAt > clockOut)) throw fieldError('breaks', 'breakOutside');
    if (b.startAt < lastEnd) throw fieldError('breaks', 'breaksOverlap');
    lastEnd = b.endAt;
  }
  return sorted.map((b) => ({ kind: b.kind, paid: b.paid, startAt: b.startAt, endAt: b.endAt }));
}

export function checkSpan(clockIn: number, clockOut: number | null): void {
  if (clockOut === null) return;
  if (clockOut <= clockIn) throw fieldError('timeReportedAs', 'outBeforeIn');
  if (clockOut - clockIn > MAX_SHIFT_MS) throw fieldError('timeReportedAs', 'shiftTooLong');
}

export async function assertNoOverlap(
  repo: WorkHoursRepository,
  restaurantId: number,
  candidate: { id?: number; userId: number; clockInAt: number; clockOutAt: number | null },
): Promise<void> {
  const touching = await repo.shiftsTouching(
    restaurantId,
    candidate.userId,
    new Date(candidate.clockInAt),
    candidate.clockOutAt === null ? null : new Date(candidate.clockOutAt),
  );
  if (findOverlap(candidate, touching.map(toFacts))) throw conflict('overlap');
}

export async function wageFor(repo: WorkHoursRepository, restaurantId: number, userId: number, roleId: number | null) {
  const [wages, held] = await Promise.all([repo.wages(restaurantId), repo.rolesOf(restaurantId, userId)]);
  const role = roleId !== null ? held.find((r) => r.id === roleId) : held[0];
  if (roleId !== null && !role) throw fieldError('roleId', 'roleNotFound');
  const own = wages.find((w) => w.userId === userId);
  const ofRole = role ? wages.find((w) => w.roleId === role.id) : undefined;
  return { roleId: role?.id ?? null, wageCents: own?.hourlyCents ?? ofRole?.hourlyCents ?? 0 };
}

export function assertWaiting(ctx: TRestContext, minutes: number | undefined): void {
  if ((minutes ?? 0) > 0 && !ctx.config.enableClockingOutWaitingTime) throw fieldError('waitingMinutes', 'waitingOff');
}
