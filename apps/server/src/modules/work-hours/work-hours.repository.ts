import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TRoleFlags } from '@ra/shared/permissions';
import type { TOvertimeRules } from '@ra/shared/work-hours/overtime';
import type { TPayPeriodKind } from '@ra/shared/work-hours/pay-period';
import type { Database } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { restaurants, type TRestaurantConfigDoc } from '../../db/schema/restaurants.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { workHourSettings, workPayPeriods, workShifts, workWages } from '../../db/schema/work-hours.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { num } from '../../db/sql-util.ts';

export type TShiftRow = typeof workShifts.$inferSelect;
export type TShiftInsert = typeof workShifts.$inferInsert;
export type TPeriodRow = typeof workPayPeriods.$inferSelect;

export interface TRestaurantClockRow {
  name: string;
  timeZone: string | null;
  hourOffsetEndOfDay: number;
  config: TRestaurantConfigDoc;
}

export interface TSettingsRow {
  payPeriod: TPayPeriodKind;
  periodAnchor: string;
  overtimeRules: TOvertimeRules;
}

export interface TEmployeeRow {
  id: number;
  xid: string;
  firstName: string;
  lastName: string;
  email: string;
  status: string;
  employeeNumber: string | null;
}

const employeeColumns = {
  id: users.id,
  xid: users.xid,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  status: users.status,
  employeeNumber: users.employeeNumber,
};

/** The only place with the work-hours domain's SQL. Every query is scoped to one restaurant. */
export class WorkHoursRepository {
  constructor(private readonly db: Database) {}

  /** The connection (a transaction's, inside one), for the period-lock listeners of other modules. */
  get executor(): Database {
    return this.db;
  }

  transaction<T>(work: (repo: WorkHoursRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new WorkHoursRepository(tx), new AuditRepository(tx)));
  }

  async restaurant(restaurantId: number): Promise<TRestaurantClockRow | undefined> {
    const [row] = await this.db
      .select({
        name: restaurants.name,
        timeZone: restaurants.timeZone,
        hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay,
        config: restaurants.config,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    return row;
  }

  async settings(restaurantId: number): Promise<TSettingsRow | undefined> {
    const [row] = await this.db
      .select({
        payPeriod: workHourSettings.payPeriod,
        periodAnchor: workHourSettings.periodAnchor,
        overtimeRules: workHourSettings.overtimeRules,
      })
      .from(workHourSettings)
      .where(eq(workHourSettings.restaurantId, restaurantId));
    return row as TSettingsRow | undefined;
  }

  async saveSettings(restaurantId: number, values: TSettingsRow, at: Date): Promise<void> {
    await this.db
      .insert(workHourSettings)
      .values({ restaurantId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: workHourSettings.restaurantId, set: { ...values, updatedAt: at } });
  }

  // --- people --------------------------------------------------------------------------------

  /** Live employees of the restaurant (deleted accounts keep their shifts but leave the sheet). */
  async employees(restaurantId: number, onlyUserId?: number): Promise<TEmployeeRow[]> {
    return this.db
      .select(employeeColumns)
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          isNull(users.deletedAt),
          onlyUserId === undefined ? undefined : eq(users.id, onlyUserId),
        ),
      )
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  }

  async employeesByIds(restaurantId: number, ids: number[]): Promise<TEmployeeRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select(employeeColumns)
      .from(users)
      .where(and(eq(users.restaurantId, restaurantId), inArray(users.id, ids)));
  }

  async employeeByXid(restaurantId: number, xid: string): Promise<TEmployeeRow | undefined> {
    const [row] = await this.db
      .select(employeeColumns)
      .from(users)
      .where(and(eq(users.restaurantId, restaurantId), eq(users.xid, xid), isNull(users.deletedAt)));
    return row;
  }

  async employeeByPin(restaurantId: number, pin: string): Promise<TEmployeeRow | undefined> {
    const [row] = await this.db
      .select(employeeColumns)
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          eq(users.pin, pin),
          eq(users.status, 'active'),
          isNull(users.deletedAt),
        ),
      );
    return row;
  }

  /** The roles an employee holds, with their flags (for clockInRequired and the role's wage). */
  async rolesOf(
    restaurantId: number,
    userId: number,
  ): Promise<Array<{ id: number; name: string; flags: Partial<TRoleFlags> }>> {
    return this.db
      .select({ id: roles.id, name: roles.name, flags: roles.flags })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.restaurantId, restaurantId), eq(userRoles.userId, userId)))
      .orderBy(asc(roles.id));
  }

  async rolesOfRestaurant(restaurantId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.restaurantId, restaurantId))
      .orderBy(asc(roles.id));
  }

  async roleNamesByUser(restaurantId: number): Promise<Map<number, string[]>> {
    const rows = await this.db
      .select({ userId: userRoles.userId, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.restaurantId, restaurantId))
      .orderBy(asc(roles.id));
    const map = new Map<number, string[]>();
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.name]);
    return map;
  }

  // --- wages ---------------------------------------------------------------------------------

  async wages(restaurantId: number) {
    return this.db
      .select({ userId: workWages.userId, roleId: workWages.roleId, hourlyCents: workWages.hourlyCents })
      .from(workWages)
      .where(eq(workWages.restaurantId, restaurantId));
  }

  async setWage(
    restaurantId: number,
    target: { userId?: number; roleId?: number },
    hourlyCents: number | null,
    at: Date,
  ): Promise<void> {
    const where = and(
      eq(workWages.restaurantId, restaurantId),
      target.userId !== undefined ? eq(workWages.userId, target.userId) : eq(workWages.roleId, target.roleId ?? -1),
    );
    await this.db.delete(workWages).where(where);
    if (hourlyCents !== null) {
      await this.db.insert(workWages).values({
        restaurantId,
        userId: target.userId ?? null,
        roleId: target.roleId ?? null,
        hourlyCents,
        updatedAt: at,
      });
    }
  }

  // --- shifts --------------------------------------------------------------------------------

  /** Shifts that started in [from, to), or (with `openToo`) are still open from before. */
  async shiftsStartingBetween(restaurantId: number, from: Date, to: Date, userId?: number): Promise<TShiftRow[]> {
    return this.db
      .select()
      .from(workShifts)
      .where(
        and(
          eq(workShifts.restaurantId, restaurantId),
          gte(workShifts.clockInAt, from),
          lt(workShifts.clockInAt, to),
          userId === undefined ? undefined : eq(workShifts.userId, userId),
        ),
      )
      .orderBy(asc(workShifts.clockInAt), asc(workShifts.id));
  }

  /** The person's shifts that share any time with [from, to) (to null: open-ended). */
  async shiftsTouching(restaurantId: number, userId: number, from: Date, to: Date | null): Promise<TShiftRow[]> {
    return this.db
      .select()
      .from(workShifts)
      .where(
        and(
          eq(workShifts.restaurantId, restaurantId),
          eq(workShifts.userId, userId),
          to === null ? undefined : lt(workShifts.clockInAt, to),
          or(isNull(workShifts.clockOutAt), gt(workShifts.clockOutAt, from)),
        ),
      );
  }

  async shift(restaurantId: number, id: number): Promise<TShiftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(workShifts)
      .where(and(eq(workShifts.restaurantId, restaurantId), eq(workShifts.id, id)));
    return row;
  }

  async openShift(restaurantId: number, userId: number): Promise<TShiftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(workShifts)
      .where(
        and(eq(workShifts.restaurantId, restaurantId), eq(workShifts.userId, userId), isNull(workShifts.clockOutAt)),
      );
    return row;
  }

  async insertShift(values: TShiftInsert): Promise<TShiftRow> {
    const [row] = await this.db.insert(workShifts).values(values).returning();
    if (!row) throw new Error('shift insert returned nothing');
    return row;
  }

  async updateShift(restaurantId: number, id: number, values: Partial<TShiftInsert>): Promise<TShiftRow> {
    const [row] = await this.db
      .update(workShifts)
      .set(values)
      .where(and(eq(workShifts.restaurantId, restaurantId), eq(workShifts.id, id)))
      .returning();
    if (!row) throw new Error('shift update returned nothing');
    return row;
  }

  async deleteShift(restaurantId: number, id: number): Promise<void> {
    await this.db.delete(workShifts).where(and(eq(workShifts.restaurantId, restaurantId), eq(workShifts.id, id)));
  }

  // --- pay periods ---------------------------------------------------------------------------

  async period(restaurantId: number, startDay: string): Promise<TPeriodRow | undefined> {
    const [row] = await this.db
      .select()
      .from(workPayPeriods)
      .where(and(eq(workPayPeriods.restaurantId, restaurantId), eq(workPayPeriods.startDay, startDay)));
    return row;
  }

  /** A closed period holding business day `day`, if any. */
  async closedPeriodHolding(restaurantId: number, day: string): Promise<TPeriodRow | undefined> {
    const [row] = await this.db
      .select()
      .from(workPayPeriods)
      .where(
        and(
          eq(workPayPeriods.restaurantId, restaurantId),
          eq(workPayPeriods.status, 'closed'),
          lte(workPayPeriods.startDay, day),
          gte(workPayPeriods.endDay, day),
        ),
      );
    return row;
  }

  async closePeriod(
    restaurantId: number,
    values: { startDay: string; endDay: string; closedAt: Date; closedBy: number; closeSignatureUrl: string | null },
  ): Promise<void> {
    const set = { ...values, status: 'closed' };
    await this.db
      .insert(workPayPeriods)
      .values({ restaurantId, ...set })
      .onConflictDoUpdate({ target: [workPayPeriods.restaurantId, workPayPeriods.startDay], set });
  }

  async reopenPeriod(
    restaurantId: number,
    startDay: string,
    values: { reopenedAt: Date; reopenedBy: number; reopenReason: string },
  ): Promise<void> {
    await this.db
      .update(workPayPeriods)
      .set({ ...values, status: 'reopened' })
      .where(and(eq(workPayPeriods.restaurantId, restaurantId), eq(workPayPeriods.startDay, startDay)));
  }

  async userNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim() || r.email]));
  }

  // --- sales, for labour cost and card tips ----------------------------------------------------

  /** Net sales per business day and per local hour opened (orders module's stored figures). */
  async netSales(restaurantId: number, fromDay: string, toDay: string) {
    const byDay = await this.db
      .select({ day: orders.businessDay, cents: sql<string>`coalesce(sum(${orders.netSalesCents}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.restaurantId, restaurantId),
          gte(orders.businessDay, fromDay),
          lte(orders.businessDay, toDay),
          sql`${orders.status} <> 'voided'`,
        ),
      )
      .groupBy(orders.businessDay);
    const byHour = await this.db
      .select({ hour: orders.openedHour, cents: sql<string>`coalesce(sum(${orders.netSalesCents}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.restaurantId, restaurantId),
          gte(orders.businessDay, fromDay),
          lte(orders.businessDay, toDay),
          sql`${orders.status} <> 'voided'`,
        ),
      )
      .groupBy(orders.openedHour);
    return {
      byDay: byDay.map((r) => ({ day: r.day, cents: num(r.cents) })),
      byHour: byHour.map((r) => ({ hour: r.hour, cents: num(r.cents) })),
    };
  }

  /**
   * Card tips per server over business days (payments are filed by the day they were paid), grouped
   * by the server id and name the POS put on the order; the service matches them to employees.
   */
  async cardTipsByServer(
    restaurantId: number,
    fromDay: string,
    toDay: string,
  ): Promise<Array<{ serverId: string | null; serverName: string | null; cents: number }>> {
    const rows = await this.db
      .select({
        serverId: orders.serverId,
        serverName: orders.serverName,
        cents: sql<string>`coalesce(sum(${payments.tipCents}), 0)`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.restaurantId, restaurantId),
          eq(payments.method, 'card'),
          gte(payments.businessDay, fromDay),
          lte(payments.businessDay, toDay),
        ),
      )
      .groupBy(orders.serverId, orders.serverName);
    return rows.map((r) => ({ serverId: r.serverId, serverName: r.serverName, cents: num(r.cents) }));
  }
}
