import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import type { TTipRule } from '@ra/shared/tips/allocation';
import type { TDomainSeedContext } from './seed-context.ts';
import { restaurants } from '../db/schema/restaurants.ts';
import { tipRules } from '../db/schema/tips.ts';
import { roles, users } from '../db/schema/users.ts';
import { workHourSettings, workPayPeriods, workShifts } from '../db/schema/work-hours.ts';
import { TipsRepository } from '../modules/tips/tips.repository.ts';
import { TipsService } from '../modules/tips/tips.service.ts';

const H = 3_600_000;

/**
 * Tips at Harbor Bistro (issue 23): the floor staff pool their tips by hours, and a month of pay
 * periods shows them: the period before the last one is closed (locked, its tips kept as they were at
 * closing), the last one and the current one are open and follow the orders (Sofia's card tips come
 * from the demo orders she served) and shifts. Runs after work hours' demo (its pay period settings).
 */
export async function seedTipsDemo(ctx: TDomainSeedContext): Promise<void> {
  const [harbor] = await ctx.db
    .select({ id: restaurants.id, timeZone: restaurants.timeZone, offset: restaurants.hourOffsetEndOfDay })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  if (!harbor?.timeZone) return;
  const [settings] = await ctx.db
    .select({ anchor: workHourSettings.periodAnchor })
    .from(workHourSettings)
    .where(eq(workHourSettings.restaurantId, harbor.id));
  const [staffRole] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.restaurantId, harbor.id), eq(roles.name, 'Staff')));
  const people = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.restaurantId, harbor.id), inArray(users.email, ['staff@demo.test', 'manager@demo.test'])));
  const sofia = people.find((p) => p.email === 'staff@demo.test')?.id;
  const marcus = people.find((p) => p.email === 'manager@demo.test')?.id;
  if (!settings || !staffRole || sofia === undefined || marcus === undefined) return;

  const rule: TTipRule = {
    sources: { cardTips: true, declaredCash: true, serviceCharges: false },
    period: 'payPeriod',
    pools: [{ name: 'Floor', weighting: 'hours', roles: [{ roleId: staffRole.id, points: 1 }] }],
    tipOuts: [],
  };
  await ctx.db.insert(tipRules).values({ restaurantId: harbor.id, rule, updatedAt: ctx.now }).onConflictDoNothing();

  // The period before the last (bi-weekly, from work hours' anchor): floor shifts with declared cash.
  const start = addDays(settings.anchor, -28);
  const rows: Array<typeof workShifts.$inferInsert> = [];
  for (let d = 0; d < 14; d++) {
    const day = addDays(start, d);
    const open = businessDayBounds(day, harbor.timeZone, harbor.offset).start.getTime();
    // business day starts at the end-of-day hour; shifts from 16:00 local, so 16 − offset hours later
    const base = open + (16 - harbor.offset) * H;
    if (d % 7 !== 1 && d % 7 !== 2) {
      rows.push({
        restaurantId: harbor.id,
        userId: sofia,
        roleId: staffRole.id,
        wageCents: 1650,
        clockInAt: new Date(base - (d % 4) * 60_000),
        clockOutAt: new Date(base + 6 * H + (d % 5) * 60_000),
        declaredTipsCents: 3150 + ((d * 1237) % 2900),
        source: 'pos',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
    if (d % 7 === 5 || d % 7 === 6) {
      rows.push({
        restaurantId: harbor.id,
        userId: marcus,
        roleId: staffRole.id,
        wageCents: 1650,
        clockInAt: new Date(base + H),
        clockOutAt: new Date(base + 6 * H),
        declaredTipsCents: 2275 + ((d * 811) % 1500),
        source: 'pos',
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
    }
  }
  if (rows.some((r) => (r.clockOutAt as Date).getTime() > ctx.now.getTime())) return;
  await ctx.db.insert(workShifts).values(rows);
  // The period closes after the demo orders when they follow, so the tips it keeps include them.
  if (!ctx.ordersFollow) await closeDemoTipPeriod(ctx.db);
}

/**
 * Closes Harbor's tip period from seedTipsDemo (the one before the last) as work hours' close does, two
 * days after it ended: the tips it keeps are computed then, from the orders and shifts there are.
 */
export async function closeDemoTipPeriod(db: Database): Promise<void> {
  const [harbor] = await db
    .select({ id: restaurants.id, timeZone: restaurants.timeZone, offset: restaurants.hourOffsetEndOfDay })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  if (!harbor?.timeZone) return;
  const [settings] = await db
    .select({ anchor: workHourSettings.periodAnchor })
    .from(workHourSettings)
    .where(eq(workHourSettings.restaurantId, harbor.id));
  const [marcus] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.restaurantId, harbor.id), eq(users.email, 'manager@demo.test')));
  if (!settings || !marcus) return;
  const start = addDays(settings.anchor, -28);
  const end = addDays(start, 13);
  const from = businessDayBounds(start, harbor.timeZone, harbor.offset).start;
  const [worked] = await db
    .select({ id: workShifts.id })
    .from(workShifts)
    .where(and(eq(workShifts.restaurantId, harbor.id), gte(workShifts.clockInAt, from)))
    .limit(1);
  const [already] = await db
    .select({ id: workPayPeriods.id })
    .from(workPayPeriods)
    .where(and(eq(workPayPeriods.restaurantId, harbor.id), eq(workPayPeriods.startDay, start)));
  if (!worked || already) return;
  const closedAt = new Date(
    businessDayBounds(addDays(end, 2), harbor.timeZone, harbor.offset).start.getTime() + 10 * H,
  );
  await db.insert(workPayPeriods).values({
    restaurantId: harbor.id,
    startDay: start,
    endDay: end,
    status: 'closed',
    closedAt,
    closedBy: marcus.id,
  });
  // The tips the period keeps: computed as work hours' close does, at the moment it closed.
  const tips = new TipsService(new TipsRepository(db), { now: () => closedAt });
  await tips.onPeriodLock({ kind: 'close', restaurantId: harbor.id, start, end, userId: marcus.id, at: closedAt }, db);
}
