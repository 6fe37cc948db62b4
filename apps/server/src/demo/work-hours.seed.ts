import { and, eq, inArray } from 'drizzle-orm';
import { businessDayBounds, businessDayOf, zonedParts } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { startOfWeek } from '@ra/shared/business-day/date-range';
import type { TDomainSeedContext } from './seed-context.ts';
import { restaurants } from '../db/schema/restaurants.ts';
import { roles, users } from '../db/schema/users.ts';
import { workHourSettings, workShifts, workWages, type TBreakDoc } from '../db/schema/work-hours.ts';

const MINUTE = 60_000;

/** The instant local wall-clock time reads hh:mm on `day` (daylight saving accounted for). */
function localAt(day: string, time: string, timeZone: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const midnight = businessDayBounds(day, timeZone, 0).start.getTime();
  const guess = midnight + (h * 60 + m) * MINUTE;
  const parts = zonedParts(guess, timeZone);
  const seen = (parts.hour * 60 + parts.minute - (h * 60 + m) + 1440 * 1.5) % 1440;
  return guess - (seen - 720) * MINUTE;
}

interface TDemoShift {
  email: string;
  /** Days after the previous pay period's first day (a Monday). */
  day: number;
  from: string;
  /** Next day when earlier than `from`. */
  to: string | null;
  meal?: string;
  rest?: string;
  wageCents: number;
  tipsCents?: number;
}

const MARCUS = 'manager@demo.test';
const SOFIA = 'staff@demo.test';
const MANAGER_WAGE = 2400;
const STAFF_WAGE = 1650;

function demoShifts(): TDemoShift[] {
  const shifts: TDemoShift[] = [];
  // Week 1: Marcus's overtime week (five 10 h days, then a Saturday covering the floor at the staff wage).
  for (const day of [0, 1, 2, 3, 4]) {
    shifts.push({ email: MARCUS, day, from: '10:00', to: '20:30', meal: '14:00', wageCents: MANAGER_WAGE });
  }
  shifts.push({ email: MARCUS, day: 5, from: '14:00', to: '20:00', meal: '17:00', wageCents: STAFF_WAGE });
  // Sofia's evenings; Friday runs past midnight with no meal break (a missed meal under California rules).
  for (const day of [1, 2, 3, 5]) {
    shifts.push({
      email: SOFIA,
      day,
      from: '16:00',
      to: '23:00',
      meal: '19:00',
      rest: '21:30',
      wageCents: STAFF_WAGE,
      tipsCents: 2500 + day * 500,
    });
  }
  shifts.push({
    email: SOFIA,
    day: 4,
    from: '16:00',
    to: '00:30',
    rest: '20:00',
    wageCents: STAFF_WAGE,
    tipsCents: 6200,
  });
  // Week 2 and this week: ordinary days.
  for (const day of [7, 8, 9, 10, 11, 14, 15, 16, 17, 18]) {
    shifts.push({ email: MARCUS, day, from: '11:00', to: '19:30', meal: '15:00', wageCents: MANAGER_WAGE });
  }
  for (const day of [8, 9, 10, 11, 12, 15, 16, 17, 18]) {
    shifts.push({
      email: SOFIA,
      day,
      from: '16:00',
      to: '22:30',
      meal: '19:00',
      wageCents: STAFF_WAGE,
      tipsCents: 3000 + (day % 4) * 700,
    });
  }
  return shifts;
}

/**
 * Harbor Bistro's timesheets: the last pay period (two weeks, ended, ready to review and close) with an
 * overtime week and a missed meal, this week's shifts so far, and Sofia clocked in since 16:00 today.
 * Bi-weekly from this week's Monday, under the California rules so every rule shows.
 */
export async function seedWorkHoursDemo(ctx: TDomainSeedContext): Promise<void> {
  const [harbor] = await ctx.db
    .select({ id: restaurants.id, timeZone: restaurants.timeZone, offset: restaurants.hourOffsetEndOfDay })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  if (!harbor?.timeZone) return;
  const timeZone = harbor.timeZone;
  const people = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.restaurantId, harbor.id), inArray(users.email, [MARCUS, SOFIA])));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  const roleRows = await ctx.db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.restaurantId, harbor.id), inArray(roles.name, ['Manager', 'Staff'])));
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));

  const today = businessDayOf(ctx.now, timeZone, harbor.offset);
  const anchor = startOfWeek(today, 1);
  const previousStart = addDays(anchor, -14);
  await ctx.db
    .insert(workHourSettings)
    .values({
      restaurantId: harbor.id,
      payPeriod: 'biweekly',
      periodAnchor: anchor,
      overtimeRules: 'california',
      updatedAt: ctx.now,
    })
    .onConflictDoNothing();
  await ctx.db.insert(workWages).values(
    [...roleId.entries()].map(([name, id]) => ({
      restaurantId: harbor.id,
      roleId: id,
      hourlyCents: name === 'Manager' ? MANAGER_WAGE : STAFF_WAGE,
      updatedAt: ctx.now,
    })),
  );

  const now = ctx.now.getTime();
  const rows: Array<typeof workShifts.$inferInsert> = [];
  for (const s of demoShifts()) {
    const userId = idOf.get(s.email);
    if (userId === undefined) continue;
    const day = addDays(previousStart, s.day);
    const clockIn = localAt(day, s.from, timeZone);
    let clockOut = s.to === null ? null : localAt(day, s.to, timeZone);
    if (clockOut !== null && clockOut <= clockIn) clockOut = localAt(addDays(day, 1), s.to ?? '00:00', timeZone);
    // Only what has happened by now: a demo written mid-week has no shifts from the future.
    if (clockOut === null || clockOut > now) continue;
    const breaks: TBreakDoc[] = [];
    if (s.meal) {
      const at = localAt(day, s.meal, timeZone);
      breaks.push({ kind: 'meal', paid: false, startAt: at, endAt: at + 30 * MINUTE });
    }
    if (s.rest) {
      const at = localAt(day, s.rest, timeZone);
      breaks.push({ kind: 'rest', paid: true, startAt: at, endAt: at + 10 * MINUTE });
    }
    rows.push({
      restaurantId: harbor.id,
      userId,
      roleId: roleId.get(s.wageCents === MANAGER_WAGE ? 'Manager' : 'Staff') ?? null,
      wageCents: s.wageCents,
      // Punches a few minutes off the hour, as people really clock: rounding shows beside them.
      clockInAt: new Date(clockIn - ((s.day * 7) % 6) * MINUTE),
      clockOutAt: new Date(clockOut + ((s.day * 5) % 9) * MINUTE),
      breaks,
      declaredTipsCents: s.tipsCents ?? 0,
      source: 'pos',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  const sofia = idOf.get(SOFIA);
  const openAt = localAt(today, '16:00', timeZone);
  if (sofia !== undefined && openAt < now) {
    rows.push({
      restaurantId: harbor.id,
      userId: sofia,
      roleId: roleId.get('Staff') ?? null,
      wageCents: STAFF_WAGE,
      clockInAt: new Date(openAt - 3 * MINUTE),
      source: 'pos',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  if (rows.length) await ctx.db.insert(workShifts).values(rows);
}
