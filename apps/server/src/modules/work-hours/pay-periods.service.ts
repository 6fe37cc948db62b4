import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { payPeriodOf, type TPayPeriod } from '@ra/shared/work-hours/pay-period';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TPeriodLockListener } from './period-lock.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import type { SignaturesService } from './signatures.service.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { conflict, fieldError, reasonOf, restaurantOf, type TRestContext } from './work-hours.rules.ts';

/** Pay periods: closed (locked) after review, optionally signed, and reopened with a reason. */
export class PayPeriodsService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly signatures: SignaturesService,
    private readonly clock: Clock,
    /** Other modules' work inside the close and reopen transactions (tips keep a locked period's tips). */
    private readonly lockListeners: TPeriodLockListener[] = [],
  ) {}

  /** The pay period that starts on `start`; 400 when no period starts that day. */
  payPeriodStarting(ctx: TRestContext, start: string): TPayPeriod {
    const period = payPeriodOf(start, { kind: ctx.settings.payPeriod, anchor: ctx.settings.periodAnchor });
    if (period.start !== start) throw fieldError('start', 'notAPayPeriod');
    return period;
  }

  async closePeriod(auth: AuthContext, input: { start: string; signatureUrl?: string | null }, ip: string) {
    const restaurantId = restaurantOf(auth);
    const ctx = await this.settings.context(restaurantId);
    const period = this.payPeriodStarting(ctx, input.start);
    if (period.end >= this.settings.today(ctx)) throw conflict('periodNotEnded');
    const signatureUrl = await this.signatures.signatureOf(ctx, input.signatureUrl, false);
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    await this.repo.transaction(async (repo, audit) => {
      const existing = await repo.period(restaurantId, period.start);
      if (existing?.status === 'closed') throw conflict('periodAlreadyClosed');
      const shifts = await repo.shiftsStartingBetween(
        restaurantId,
        businessDayBounds(period.start, timeZone, hourOffsetEndOfDay).start,
        businessDayBounds(period.end, timeZone, hourOffsetEndOfDay).end,
      );
      if (shifts.some((s) => s.clockOutAt === null)) throw conflict('openShiftsInPeriod');
      const now = this.clock.now();
      await repo.closePeriod(restaurantId, {
        startDay: period.start,
        endDay: period.end,
        closedAt: now,
        closedBy: auth.userId,
        closeSignatureUrl: signatureUrl,
      });
      for (const listener of this.lockListeners) {
        await listener(
          { kind: 'close', restaurantId, start: period.start, end: period.end, userId: auth.userId, at: now },
          repo.executor,
        );
      }
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.period.close',
        targetType: 'payPeriod',
        targetId: period.start,
        details: { start: period.start, end: period.end, signatureUrl, shifts: shifts.length },
        ip,
        at: now,
      });
    });
    return { ok: true as const };
  }

  async reopenPeriod(auth: AuthContext, input: { start: string; reason?: string }, ip: string) {
    const restaurantId = restaurantOf(auth);
    const ctx = await this.settings.context(restaurantId);
    const period = this.payPeriodStarting(ctx, input.start);
    const reason = reasonOf(input.reason);
    await this.repo.transaction(async (repo, audit) => {
      const existing = await repo.period(restaurantId, period.start);
      if (existing?.status !== 'closed') throw conflict('periodNotClosed');
      const now = this.clock.now();
      await repo.reopenPeriod(restaurantId, period.start, {
        reopenedAt: now,
        reopenedBy: auth.userId,
        reopenReason: reason,
      });
      for (const listener of this.lockListeners) {
        await listener(
          { kind: 'reopen', restaurantId, start: period.start, end: period.end, userId: auth.userId, at: now },
          repo.executor,
        );
      }
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.period.reopen',
        targetType: 'payPeriod',
        targetId: period.start,
        details: { start: period.start, end: period.end, reason, closedAt: existing.closedAt?.toISOString() ?? null },
        ip,
        at: now,
      });
    });
    return { ok: true as const };
  }
}
