import { and, asc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { TTipRule } from '@ra/shared/tips/allocation';
import type { TTipPeriodResponse } from '@ra/shared/tips/tips.schemas';
import type { TPayPeriodKind } from '@ra/shared/work-hours/pay-period';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { orders, payments } from '../../db/schema/orders.ts';
import { restaurants, type TRestaurantConfigDoc } from '../../db/schema/restaurants.ts';
import { tipAdjustments } from '../../db/schema/tip-adjustments.ts';
import { tipPeriodSnapshots, tipRules } from '../../db/schema/tips.ts';
import { roles, userRoles, users } from '../../db/schema/users.ts';
import { workHourSettings, workPayPeriods, workShifts, type TBreakDoc } from '../../db/schema/work-hours.ts';
import { num } from '../../db/sql-util.ts';

export interface TTipsRestaurantRow {
  name: string;
  timeZone: string | null;
  hourOffsetEndOfDay: number;
  config: TRestaurantConfigDoc;
  payPeriod: TPayPeriodKind | null;
  periodAnchor: string | null;
}

export interface TTipAdjustmentRow {
  refundId: number;
  orderId: number;
  lockedPeriodStart: string;
  userId: number;
  amountCents: number;
}

export interface TTipsShiftRow {
  id: number;
  userId: number;
  roleId: number | null;
  clockInAt: Date;
  clockOutAt: Date;
  breaks: TBreakDoc[];
  wageCents: number;
  waitingMinutes: number;
  declaredTipsCents: number;
}

export interface TTipsOrderRow {
  id: number;
  serverId: string | null;
  serverName: string | null;
  businessDay: string;
  at: Date;
  netSalesCents: number;
  serviceChargeCents: number;
  cardTipCents: number;
}

/**
 * The only place with the tips domain's SQL. It reads the shifts and pay periods of work hours and the
 * orders' tips as they stand (the latest push of an order: a re-tip or a new server on the POS, under
 * updateTip and modifyServerNameForTip, replaces the order row), always within one restaurant.
 */
export class TipsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: TipsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new TipsRepository(tx), new AuditRepository(tx)));
  }

  /** The audit log on this repository's connection (inside a transaction: the same one). */
  audit(): AuditRepository {
    return new AuditRepository(this.db);
  }

  async restaurant(restaurantId: number): Promise<TTipsRestaurantRow | undefined> {
    const [row] = await this.db
      .select({
        name: restaurants.name,
        timeZone: restaurants.timeZone,
        hourOffsetEndOfDay: restaurants.hourOffsetEndOfDay,
        config: restaurants.config,
        payPeriod: workHourSettings.payPeriod,
        periodAnchor: workHourSettings.periodAnchor,
      })
      .from(restaurants)
      .leftJoin(workHourSettings, eq(workHourSettings.restaurantId, restaurants.id))
      .where(eq(restaurants.id, restaurantId));
    return row as TTipsRestaurantRow | undefined;
  }

  async rule(restaurantId: number): Promise<{ rule: TTipRule; updatedAt: Date } | undefined> {
    const [row] = await this.db
      .select({ rule: tipRules.rule, updatedAt: tipRules.updatedAt })
      .from(tipRules)
      .where(eq(tipRules.restaurantId, restaurantId));
    return row;
  }

  async saveRule(restaurantId: number, rule: TTipRule, userId: number, at: Date): Promise<void> {
    await this.db
      .insert(tipRules)
      .values({ restaurantId, rule, updatedAt: at, updatedBy: userId })
      .onConflictDoUpdate({ target: tipRules.restaurantId, set: { rule, updatedAt: at, updatedBy: userId } });
  }

  async roles(restaurantId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.restaurantId, restaurantId))
      .orderBy(asc(roles.id));
  }

  /** Employees (deleted ones too: their tips stay on the period) with their roles, lowest role id first. */
  async employees(restaurantId: number) {
    const [people, held] = await Promise.all([
      this.db
        .select({
          id: users.id,
          xid: users.xid,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          employeeNumber: users.employeeNumber,
        })
        .from(users)
        .where(eq(users.restaurantId, restaurantId))
        .orderBy(asc(users.id)),
      this.db
        .select({ userId: userRoles.userId, roleId: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.restaurantId, restaurantId))
        .orderBy(asc(roles.id)),
    ]);
    return { people, held };
  }

  async periodStatus(restaurantId: number, start: string): Promise<string | null> {
    const [row] = await this.db
      .select({ status: workPayPeriods.status })
      .from(workPayPeriods)
      .where(and(eq(workPayPeriods.restaurantId, restaurantId), eq(workPayPeriods.startDay, start)));
    return row?.status ?? null;
  }

  /** Shifts that started in [from, to) and have ended (an open shift has no hours yet). */
  async shifts(restaurantId: number, from: Date, to: Date): Promise<TTipsShiftRow[]> {
    const rows = await this.db
      .select({
        id: workShifts.id,
        userId: workShifts.userId,
        roleId: workShifts.roleId,
        clockInAt: workShifts.clockInAt,
        clockOutAt: workShifts.clockOutAt,
        breaks: workShifts.breaks,
        wageCents: workShifts.wageCents,
        waitingMinutes: workShifts.waitingMinutes,
        declaredTipsCents: workShifts.declaredTipsCents,
      })
      .from(workShifts)
      .where(
        and(
          eq(workShifts.restaurantId, restaurantId),
          gte(workShifts.clockInAt, from),
          lt(workShifts.clockInAt, to),
          sql`${workShifts.clockOutAt} is not null`,
        ),
      )
      .orderBy(asc(workShifts.clockInAt), asc(workShifts.id));
    return rows as TTipsShiftRow[];
  }

  /** Orders served on the business days [fromDay, toDay], not voided, with their card tips. */
  async orders(restaurantId: number, fromDay: string, toDay: string): Promise<TTipsOrderRow[]> {
    // Per order, through payments_order_idx: a plan that cannot turn into re-aggregating every payment
    // for each order (PGlite, without table statistics, did that with a grouped subquery: 33 s a month).
    // The order's column is written out: drizzle renders a column in a select's sql without its table,
    // which inside the subquery would name the payment's own id.
    const cardTips = sql<string>`coalesce((select sum(p.tip_cents) from ${payments} p
      where p.order_id = "orders"."id" and p.method = 'card' and p.business_day >= ${fromDay}), 0)`;
    const rows = await this.db
      .select({
        id: orders.id,
        serverId: orders.serverId,
        serverName: orders.serverName,
        businessDay: orders.businessDay,
        at: sql<Date>`coalesce(${orders.closedAt}, ${orders.openedAt})`,
        netSalesCents: orders.netSalesCents,
        serviceChargeCents: orders.serviceChargeCents,
        cardTipCents: cardTips,
      })
      .from(orders)
      .where(
        and(
          eq(orders.restaurantId, restaurantId),
          gte(orders.businessDay, fromDay),
          lte(orders.businessDay, toDay),
          ne(orders.status, 'voided'),
        ),
      )
      .orderBy(asc(orders.id));
    return rows.map((r) => ({
      ...r,
      at: r.at instanceof Date ? r.at : new Date(String(r.at)),
      netSalesCents: num(r.netSalesCents),
      serviceChargeCents: num(r.serviceChargeCents),
      cardTipCents: num(r.cardTipCents),
    }));
  }

  async snapshot(restaurantId: number, start: string): Promise<TTipPeriodResponse | undefined> {
    const [row] = await this.db
      .select({ result: tipPeriodSnapshots.result })
      .from(tipPeriodSnapshots)
      .where(and(eq(tipPeriodSnapshots.restaurantId, restaurantId), eq(tipPeriodSnapshots.startDay, start)));
    return row?.result;
  }

  async saveSnapshot(restaurantId: number, result: TTipPeriodResponse, userId: number, at: Date): Promise<void> {
    const values = { result, lockedAt: at, lockedBy: userId, endDay: result.period.end };
    await this.db
      .insert(tipPeriodSnapshots)
      .values({ restaurantId, startDay: result.period.start, ...values })
      .onConflictDoUpdate({ target: [tipPeriodSnapshots.restaurantId, tipPeriodSnapshots.startDay], set: values });
  }

  async deleteSnapshot(restaurantId: number, start: string): Promise<TTipPeriodResponse | undefined> {
    const [row] = await this.db
      .delete(tipPeriodSnapshots)
      .where(and(eq(tipPeriodSnapshots.restaurantId, restaurantId), eq(tipPeriodSnapshots.startDay, start)))
      .returning({ result: tipPeriodSnapshots.result });
    return row?.result;
  }

  /** The tip adjustments landing in the pay period starting `start`, oldest refund first. */
  async adjustments(restaurantId: number, start: string): Promise<TTipAdjustmentRow[]> {
    const rows = await this.db
      .select({
        refundId: tipAdjustments.refundId,
        orderId: tipAdjustments.orderId,
        lockedPeriodStart: tipAdjustments.lockedPeriodStart,
        userId: tipAdjustments.userId,
        amountCents: tipAdjustments.amountCents,
      })
      .from(tipAdjustments)
      .where(and(eq(tipAdjustments.restaurantId, restaurantId), eq(tipAdjustments.periodStart, start)))
      .orderBy(asc(tipAdjustments.refundId), asc(tipAdjustments.userId));
    return rows.map((r) => ({
      ...r,
      refundId: num(r.refundId),
      orderId: num(r.orderId),
      amountCents: num(r.amountCents),
    }));
  }

  async addAdjustments(
    rows: ReadonlyArray<{
      restaurantId: number;
      periodStart: string;
      lockedPeriodStart: string;
      refundId: number;
      orderId: number;
      userId: number;
      amountCents: number;
    }>,
    at: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(tipAdjustments).values(rows.map((r) => ({ ...r, createdAt: at })));
  }
}
