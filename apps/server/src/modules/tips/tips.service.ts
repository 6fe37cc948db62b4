import { businessDayBounds, businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { CONFIG_DEFAULTS } from '@ra/shared/restaurant/config-defaults';
import { attachmentHeader, exportFileName } from '@ra/shared/reports/export-file';
import {
  allocateTips,
  DEFAULT_TIP_RULE,
  largestRemainder,
  type TTipOrder,
  type TTipRule,
  type TTipShift,
  emptyEmployee,
} from '@ra/shared/tips/allocation';
import type { TTipLine, TTipPeriodResponse, TTipRuleResponse } from '@ra/shared/tips/tips.schemas';
import {
  payPeriodOf,
  shiftPayPeriod,
  type TPayPeriod,
  type TPayPeriodSettings,
} from '@ra/shared/work-hours/pay-period';
import { shiftTimes, type TClockSettings } from '@ra/shared/work-hours/timesheet';
import type { Database } from '../../db/client.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { TPeriodLockEvent } from '../work-hours/work-hours.module.ts';
import { tipsCsv, tipsXlsx } from './tips-export.ts';
import { checkRule, fieldError, serverMatcher } from './tips.rules.ts';
import { TipsRepository, type TTipAdjustmentRow } from './tips.repository.ts';

interface TTipsContext {
  restaurantId: number;
  name: string;
  clock: TClockSettings;
  pay: TPayPeriodSettings;
  today: string;
}

/** A tip refunded by an office refund (issue 23), given to tips inside the refund's transaction. */
export interface TRefundTip {
  restaurantId: number;
  refundId: number;
  orderId: number;
  /** The order's business day: its pay period is the one that may be locked. */
  orderDay: string;
  /** The business day the refund was made. */
  refundDay: string;
  tipCents: number;
  actorUserId: number | null;
  at: Date;
}

/** What a refund's tip did to tips: nothing (its period is open), or an adjustment in an open period. */
export type TRefundTipAdjustment = {
  lockedPeriodStart: string;
  periodStart: string;
  parts: Array<{ userId: number; cents: number }>;
} | null;

/** A period kept before tip adjustments existed reads as one with none. */
function withAdjustmentFields(kept: TTipPeriodResponse): TTipPeriodResponse {
  return {
    ...kept,
    adjustmentCents: kept.adjustmentCents ?? 0,
    adjustments: kept.adjustments ?? [],
    lines: kept.lines.map((l) => ({ ...l, adjustmentCents: l.adjustmentCents ?? 0 })),
  };
}

/** Work hours' defaults when a restaurant never saved its pay period (work-hours.rules.ts). */
const DEFAULT_PAY: TPayPeriodSettings = { kind: 'biweekly', anchor: '2026-01-05' };

/**
 * Tips per pay period (issue 23): the rule, the live allocation of an open period (recomputed on every
 * read, so a changed order or shift counts at once), the tips a closed period keeps, the worked example,
 * the export and each employee's own view.
 */
export class TipsService {
  constructor(
    private readonly repo: TipsRepository,
    private readonly clock: Clock,
  ) {}

  private async context(restaurantId: number, repo = this.repo): Promise<TTipsContext> {
    const r = await repo.restaurant(restaurantId);
    if (!r) throw notFound();
    const timeZone = r.timeZone && isValidTimeZone(r.timeZone) ? r.timeZone : 'UTC';
    return {
      restaurantId,
      name: r.name,
      clock: {
        timeZone,
        hourOffsetEndOfDay: r.hourOffsetEndOfDay,
        step: r.config.workHoursSteps ?? CONFIG_DEFAULTS.workHoursSteps,
      },
      pay: r.payPeriod && r.periodAnchor ? { kind: r.payPeriod, anchor: r.periodAnchor } : DEFAULT_PAY,
      today: businessDayOf(this.clock.now(), timeZone, r.hourOffsetEndOfDay),
    };
  }

  private periodOf(ctx: TTipsContext, start: string | undefined): TPayPeriod {
    const period = payPeriodOf(start ?? ctx.today, ctx.pay);
    if (start !== undefined && period.start !== start) throw fieldError('start', 'notAPayPeriod');
    return period;
  }

  private async ruleOf(restaurantId: number, repo = this.repo): Promise<TTipRule> {
    return (await repo.rule(restaurantId))?.rule ?? DEFAULT_TIP_RULE;
  }

  async rule(auth: AuthContext): Promise<TTipRuleResponse> {
    const restaurantId = requireRestaurantId(auth);
    const [row, roles] = await Promise.all([this.repo.rule(restaurantId), this.repo.roles(restaurantId)]);
    return { rule: row?.rule ?? DEFAULT_TIP_RULE, roles, updatedAt: row?.updatedAt.toISOString() ?? null };
  }

  async saveRule(auth: AuthContext, rule: TTipRule, ip: string): Promise<TTipRuleResponse> {
    const restaurantId = requireRestaurantId(auth);
    await this.repo.transaction(async (repo, audit) => {
      checkRule(rule, new Set((await repo.roles(restaurantId)).map((r) => r.id)));
      const before = await repo.rule(restaurantId);
      const now = this.clock.now();
      await repo.saveRule(restaurantId, rule, auth.userId, now);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'tips.rule.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { before: before?.rule ?? null, after: rule },
        ip,
        at: now,
      });
    });
    return this.rule(auth);
  }

  /** The worked example: `rule` applied to the last ended pay period's real orders and shifts. */
  async preview(auth: AuthContext, rule: TTipRule): Promise<TTipPeriodResponse> {
    const restaurantId = requireRestaurantId(auth);
    checkRule(rule, new Set((await this.repo.roles(restaurantId)).map((r) => r.id)));
    const ctx = await this.context(restaurantId);
    const last = shiftPayPeriod(payPeriodOf(ctx.today, ctx.pay), -1, ctx.pay);
    return this.compute(this.repo, ctx, last, rule, 'open');
  }

  /**
   * A pay period's tips: kept as they were when it closed, else computed now. Like the timesheet, a
   * caller without editWorkHour sees their own line only.
   */
  async period(auth: AuthContext, start: string | undefined): Promise<TTipPeriodResponse> {
    if (!auth.operationAuthority.editWorkHour) return this.mine(auth, start);
    const restaurantId = requireRestaurantId(auth);
    const ctx = await this.context(restaurantId);
    return this.periodResult(ctx, this.periodOf(ctx, start));
  }

  /** The caller's own line only (staff see their own tips, nobody else's). */
  async mine(auth: AuthContext, start: string | undefined): Promise<TTipPeriodResponse> {
    const restaurantId = requireRestaurantId(auth);
    const ctx = await this.context(restaurantId);
    const result = await this.periodResult(ctx, this.periodOf(ctx, start));
    return { ...result, lines: result.lines.filter((l) => l.userId === auth.userId) };
  }

  async exportFile(auth: AuthContext, start: string, format: 'csv' | 'xlsx') {
    const restaurantId = requireRestaurantId(auth);
    const ctx = await this.context(restaurantId);
    const result = await this.periodResult(ctx, this.periodOf(ctx, start));
    const name = exportFileName({
      restaurant: ctx.name,
      title: 'Tips',
      from: result.period.start,
      to: result.period.end,
      format,
    });
    if (format === 'xlsx') {
      return {
        contentDisposition: attachmentHeader(name),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await tipsXlsx(result),
      };
    }
    return {
      contentDisposition: attachmentHeader(name),
      contentType: 'text/csv; charset=utf-8',
      body: tipsCsv(result),
    };
  }

  /** For the payroll export: final tips per employee, or null when the restaurant has no tip rule. */
  async payrollTips(restaurantId: number, start: string): Promise<Map<number, number> | null> {
    if (!(await this.repo.rule(restaurantId))) return null;
    const ctx = await this.context(restaurantId);
    const result = await this.periodResult(ctx, this.periodOf(ctx, start));
    return new Map(result.lines.map((l) => [l.userId, l.finalCents]));
  }

  /**
   * Inside work hours' close or reopen transaction: closing keeps the period's tips as they are now;
   * reopening lets them follow the orders and shifts again. Both audited with the tips kept or let go.
   */
  async onPeriodLock(event: TPeriodLockEvent, tx: Database): Promise<void> {
    const inner = new TipsRepository(tx);
    const audit = inner.audit();
    {
      const details: Record<string, unknown> = { start: event.start, end: event.end };
      if (event.kind === 'close') {
        const ctx = await this.context(event.restaurantId, inner);
        const result = await this.compute(
          inner,
          ctx,
          { start: event.start, end: event.end },
          await this.ruleOf(event.restaurantId, inner),
          'locked',
        );
        await inner.saveSnapshot(event.restaurantId, result, event.userId, event.at);
        details.totalCents = result.totalCents;
        details.lines = result.lines.map((l) => ({ userId: l.userId, finalCents: l.finalCents }));
      } else {
        const kept = await inner.deleteSnapshot(event.restaurantId, event.start);
        details.keptTotalCents = kept?.totalCents ?? null;
        details.keptLines = kept?.lines.map((l) => ({ userId: l.userId, finalCents: l.finalCents })) ?? null;
      }
      await audit.record({
        restaurantId: event.restaurantId,
        actorUserId: event.userId,
        action: event.kind === 'close' ? 'tips.period.lock' : 'tips.period.unlock',
        targetType: 'payPeriod',
        targetId: event.start,
        details,
        at: event.at,
      });
    }
  }

  /**
   * The tip part of an office refund, inside the refund's transaction (issue 23 "Locked periods keep
   * their tips"). When the order's pay period is locked, its kept tips stay as they are and the tip
   * comes back from the people who shared it there: split by their kept tips (largest remainder, ties
   * to the lower employee id, the allocation's rule), as negative adjustments in the first pay period
   * from the refund's day on that is still open, audited. When the order's period is open, nothing is
   * stored here (null).
   */
  async refundTipAdjustment(tx: Database, refund: TRefundTip): Promise<TRefundTipAdjustment> {
    if (refund.tipCents <= 0) return null;
    const repo = new TipsRepository(tx);
    const ctx = await this.context(refund.restaurantId, repo);
    const locked = payPeriodOf(refund.orderDay, ctx.pay);
    const [status, kept] = await Promise.all([
      repo.periodStatus(refund.restaurantId, locked.start),
      repo.snapshot(refund.restaurantId, locked.start),
    ]);
    if (status !== 'closed' || !kept) return null;
    let target = payPeriodOf(refund.refundDay < locked.start ? locked.start : refund.refundDay, ctx.pay);
    for (let i = 0; i < 120 && (await repo.periodStatus(refund.restaurantId, target.start)) === 'closed'; i++) {
      target = shiftPayPeriod(target, 1, ctx.pay);
    }
    const shares = largestRemainder(
      refund.tipCents,
      kept.lines
        .map((l) => ({ key: l.userId, weight: l.finalCents - (l.adjustmentCents ?? 0) }))
        .filter((l) => l.weight > 0),
    );
    const parts = [...shares]
      .filter(([, cents]) => cents > 0)
      .sort(([a], [b]) => a - b)
      .map(([userId, cents]) => ({ userId, cents: -cents }));
    await repo.addAdjustments(
      parts.map((p) => ({
        restaurantId: refund.restaurantId,
        periodStart: target.start,
        lockedPeriodStart: locked.start,
        refundId: refund.refundId,
        orderId: refund.orderId,
        userId: p.userId,
        amountCents: p.cents,
      })),
      refund.at,
    );
    await repo.audit().record({
      restaurantId: refund.restaurantId,
      actorUserId: refund.actorUserId,
      action: 'tips.refund.adjust',
      targetType: 'payPeriod',
      targetId: target.start,
      details: {
        refundId: refund.refundId,
        orderId: refund.orderId,
        lockedPeriodStart: locked.start,
        periodStart: target.start,
        tipCents: refund.tipCents,
        parts,
        // nobody kept a share of the locked period's tips: the refunded tip had been paid to nobody
        ...(parts.length === 0 ? { unshared: true } : {}),
      },
      at: refund.at,
    });
    return { lockedPeriodStart: locked.start, periodStart: target.start, parts };
  }

  private async periodResult(ctx: TTipsContext, period: TPayPeriod): Promise<TTipPeriodResponse> {
    const [status, kept] = await Promise.all([
      this.repo.periodStatus(ctx.restaurantId, period.start),
      this.repo.snapshot(ctx.restaurantId, period.start),
    ]);
    if (status === 'closed' && kept) return this.withNav(ctx, withAdjustmentFields(kept));
    const rule = await this.ruleOf(ctx.restaurantId);
    return this.compute(this.repo, ctx, period, rule, status === 'closed' ? 'locked' : 'open');
  }

  private withNav(ctx: TTipsContext, result: TTipPeriodResponse): TTipPeriodResponse {
    const prev = shiftPayPeriod(result.period, -1, ctx.pay);
    const next = shiftPayPeriod(result.period, 1, ctx.pay);
    return { ...result, previousStart: prev.start, nextStart: next.start <= ctx.today ? next.start : null };
  }

  /** The allocation of `period` under `rule`, from the orders and shifts as they stand. */
  async compute(
    repo: TipsRepository,
    ctx: TTipsContext,
    period: TPayPeriod,
    rule: TTipRule,
    status: 'open' | 'locked',
  ): Promise<TTipPeriodResponse> {
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const from = businessDayBounds(period.start, timeZone, hourOffsetEndOfDay).start;
    const to = businessDayBounds(period.end, timeZone, hourOffsetEndOfDay).end;
    const [shiftRows, orderRows, staff, adjustmentRows] = await Promise.all([
      repo.shifts(ctx.restaurantId, from, to),
      repo.orders(ctx.restaurantId, period.start, period.end),
      repo.employees(ctx.restaurantId),
      repo.adjustments(ctx.restaurantId, period.start),
    ]);
    const names = new Map(staff.people.map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim() || p.email]));
    const firstRole = new Map<number, number>();
    const roleNames = new Map<number, string[]>();
    for (const h of staff.held) {
      if (!firstRole.has(h.userId)) firstRole.set(h.userId, h.roleId);
      roleNames.set(h.userId, [...(roleNames.get(h.userId) ?? []), h.name]);
    }
    const match = serverMatcher(staff.people.map((p) => ({ ...p, name: names.get(p.id)! })));
    const shifts: TTipShift[] = shiftRows.map((s) => {
      const times = shiftTimes(
        {
          id: s.id,
          userId: s.userId,
          clockInAt: s.clockInAt.getTime(),
          clockOutAt: s.clockOutAt.getTime(),
          breaks: s.breaks,
          wageCents: s.wageCents,
          waitingMinutes: s.waitingMinutes,
        },
        ctx.clock,
      );
      return {
        id: s.id,
        employeeId: s.userId,
        roleId: s.roleId,
        inAt: s.clockInAt.getTime(),
        outAt: s.clockOutAt.getTime(),
        day: times.businessDay,
        minutes: Math.round(times.paidMs / 60_000),
        declaredCents: s.declaredTipsCents,
      };
    });
    const orders: TTipOrder[] = orderRows.map((o) => ({
      id: o.id,
      employeeId: match(o.serverId, o.serverName),
      at: o.at.getTime(),
      day: o.businessDay,
      cardTipCents: o.cardTipCents,
      serviceChargeCents: o.serviceChargeCents,
      salesCents: o.netSalesCents,
    }));
    const result = allocateTips(rule, orders, shifts, (id) => firstRole.get(id) ?? null);
    // Refunds' tips of locked periods' orders land here, person by person (refundTipAdjustment).
    const adjusted = new Map<number, number>();
    for (const a of adjustmentRows) adjusted.set(a.userId, (adjusted.get(a.userId) ?? 0) + a.amountCents);
    const employees = [...result.employees];
    for (const userId of adjusted.keys()) {
      if (!employees.some((e) => e.employeeId === userId)) {
        employees.push(emptyEmployee(userId));
      }
    }
    const lines: TTipLine[] = employees
      .filter((e) => e.minutes > 0 || e.collectedCents > 0 || e.finalCents > 0 || adjusted.has(e.employeeId))
      .map((e) => ({
        userId: e.employeeId,
        name: names.get(e.employeeId) ?? String(e.employeeId),
        roles: roleNames.get(e.employeeId) ?? [],
        hours: Math.round((e.minutes * 100) / 60),
        cardTipCents: e.cardTipCents,
        declaredCents: e.declaredCents,
        serviceChargeCents: e.serviceChargeCents,
        collectedCents: e.collectedCents,
        tipOutGivenCents: e.tipOutGivenCents,
        tipOutReceivedCents: e.tipOutReceivedCents,
        pooledInCents: e.pooledInCents,
        poolShareCents: e.poolShareCents,
        adjustmentCents: adjusted.get(e.employeeId) ?? 0,
        finalCents: e.finalCents + (adjusted.get(e.employeeId) ?? 0),
        hourlyCents:
          e.minutes > 0 ? Math.round(((e.finalCents + (adjusted.get(e.employeeId) ?? 0)) * 60) / e.minutes) : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.userId - b.userId);
    return this.withNav(ctx, {
      period,
      previousStart: '',
      nextStart: null,
      status,
      computedAt: this.clock.now().toISOString(),
      rulePeriod: rule.period,
      totalCents: result.totalCents,
      tipOutCents: result.tipOutCents,
      unassignedCents: result.unassignedCents,
      adjustmentCents: adjustmentRows.reduce((sum, a) => sum + a.amountCents, 0),
      adjustments: groupAdjustments(adjustmentRows),
      pools: result.pools,
      lines,
    });
  }
}

function groupAdjustments(rows: ReadonlyArray<TTipAdjustmentRow>): TTipPeriodResponse['adjustments'] {
  const out: TTipPeriodResponse['adjustments'] = [];
  for (const r of rows) {
    let a = out.find((x) => x.refundId === r.refundId);
    if (!a) {
      a = { refundId: r.refundId, orderId: r.orderId, lockedPeriodStart: r.lockedPeriodStart, cents: 0, parts: [] };
      out.push(a);
    }
    a.cents += r.amountCents;
    a.parts.push({ userId: r.userId, cents: r.amountCents });
  }
  return out;
}
