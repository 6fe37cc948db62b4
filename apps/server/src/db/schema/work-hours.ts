import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.ts';
import { roles, users } from './users.ts';

const instant = () => timestamp({ withTimezone: true });

/** A break inside a shift (packages/shared work-hours/timesheet.ts TBreak), instants as epoch ms. */
export interface TBreakDoc {
  kind: 'meal' | 'rest';
  paid: boolean;
  startAt: number;
  endAt: number;
}

/**
 * How a restaurant pays: the pay period, the day that anchors it (and starts every workweek) and the
 * overtime rule set. One row per restaurant; absent means the defaults in work-hours.repository.ts.
 */
export const workHourSettings = pgTable(
  'work_hour_settings',
  {
    restaurantId: integer()
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    payPeriod: text().notNull(),
    periodAnchor: date({ mode: 'string' }).notNull(),
    overtimeRules: text().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    check('work_hour_settings_period_check', sql`${t.payPeriod} in ('weekly', 'biweekly', 'semimonthly', 'monthly')`),
    check('work_hour_settings_rules_check', sql`${t.overtimeRules} in ('federal', 'california')`),
  ],
);

/** Hourly wages: per role, and per employee (which wins over the role's). */
export const workWages = pgTable(
  'work_wages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer().references(() => roles.id, { onDelete: 'cascade' }),
    hourlyCents: integer().notNull(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_wages_user_idx')
      .on(t.restaurantId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('work_wages_role_idx')
      .on(t.restaurantId, t.roleId)
      .where(sql`${t.roleId} is not null`),
    check('work_wages_one_target_check', sql`(${t.userId} is null) <> (${t.roleId} is null)`),
    check('work_wages_cents_check', sql`${t.hourlyCents} >= 0`),
  ],
);

/**
 * One shift: the clock-in and clock-out entries of SPEC 3's work-hour record (both carry the shift's
 * id). Punches are kept as reported; rounding to workHoursSteps is applied when the sheet is read, so
 * a change of step never rewrites history. `wage_cents` is the wage when the shift started.
 */
export const workShifts = pgTable(
  'work_shifts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer().references(() => roles.id, { onDelete: 'set null' }),
    wageCents: integer().notNull().default(0),
    clockInAt: instant().notNull(),
    clockOutAt: instant(),
    breaks: jsonb().$type<TBreakDoc[]>().notNull().default([]),
    /** Cash tips declared at clock-out (SPEC 7 clock/out `value`). */
    declaredTipsCents: integer().notNull().default(0),
    /** enableClockingOutWaitingTime: paid minutes after the clock-out punch. */
    waitingMinutes: integer().notNull().default(0),
    clockInSignatureUrl: text(),
    clockOutSignatureUrl: text(),
    /** The signature given with the latest edit; any later edit clears it. */
    editSignatureUrl: text(),
    editedAt: instant(),
    editedBy: integer(),
    editReason: text(),
    /** 'pos' (PIN at the POS) or 'dashboard' (added by a manager). */
    source: text().notNull().default('pos'),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('work_shifts_restaurant_in_idx').on(t.restaurantId, t.clockInAt),
    index('work_shifts_user_in_idx').on(t.restaurantId, t.userId, t.clockInAt),
    // One open shift per person: clocking in twice is refused by the database too.
    uniqueIndex('work_shifts_one_open_idx')
      .on(t.userId)
      .where(sql`${t.clockOutAt} is null`),
    check('work_shifts_order_check', sql`${t.clockOutAt} is null or ${t.clockOutAt} >= ${t.clockInAt}`),
    check('work_shifts_source_check', sql`${t.source} in ('pos', 'dashboard')`),
  ],
);

/**
 * Pay periods a manager closed after review. A closed period refuses edits; reopening needs a reason.
 * A period never closed has no row.
 */
export const workPayPeriods = pgTable(
  'work_pay_periods',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    restaurantId: integer()
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    startDay: date({ mode: 'string' }).notNull(),
    endDay: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    closedAt: instant(),
    closedBy: integer(),
    closeSignatureUrl: text(),
    reopenedAt: instant(),
    reopenedBy: integer(),
    reopenReason: text(),
  },
  (t) => [
    uniqueIndex('work_pay_periods_start_idx').on(t.restaurantId, t.startDay),
    check('work_pay_periods_status_check', sql`${t.status} in ('closed', 'reopened')`),
  ],
);
