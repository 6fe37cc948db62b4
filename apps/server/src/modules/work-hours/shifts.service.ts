import type { TBreak } from '@ra/shared/work-hours/timesheet';
import type { ZClockRequest } from '@ra/shared/work-hours/work-hours.schemas';
import type { z } from 'zod';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import {
  assertNoOverlap,
  assertOpenDays,
  assertPunch,
  assertWaiting,
  checkBreaks,
  checkSpan,
  wageFor,
} from './shift-rules.ts';
import type { SignaturesService } from './signatures.service.ts';
import type { TEmployeeRow, TShiftRow, WorkHoursRepository } from './work-hours.repository.ts';
import { conflict, fieldError, reasonOf, restaurantOf, shiftSnapshot, type TRestContext } from './work-hours.rules.ts';

type TClockRequest = z.output<typeof ZClockRequest>;

/**
 * Shifts changed from the dashboard (SPEC 7 clock/in, clock/out, user/delete): every change needs
 * editWorkHour, a reason and (when the restaurant asks) a signature, and is audited with before and
 * after in the same transaction.
 */
export class ShiftsService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly signatures: SignaturesService,
    private readonly clock: Clock,
  ) {}

  private async employee(restaurantId: number, xid: string): Promise<TEmployeeRow> {
    const employee = await this.repo.employeeByXid(restaurantId, xid);
    if (!employee) throw notFound();
    return employee;
  }

  private editStamp(auth: AuthContext, reason: string, signatureUrl: string | null) {
    const now = this.clock.now();
    // A later edit always replaces the stored signature: a signature vouches for the version it signed.
    return { editedAt: now, editedBy: auth.userId, editReason: reason, editSignatureUrl: signatureUrl, updatedAt: now };
  }

  /** POST clock/in: clocks someone in (an open shift) at timeReportedAs. */
  async clockIn(auth: AuthContext, restId: number, xid: string, body: TClockRequest, ip: string) {
    const restaurantId = restaurantOf(auth, restId);
    const ctx = await this.settings.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    const reason = reasonOf(body.reason);
    const signatureUrl = await this.signatures.signatureOf(
      ctx,
      body.signatureUrl,
      ctx.config.requireSignatureForWorkHoursEdit,
    );
    assertPunch(this.clock, body.timeReportedAs, 'timeReportedAs');
    return this.repo.transaction(async (repo, audit) => {
      if (await repo.openShift(restaurantId, employee.id)) throw conflict('alreadyClockedIn');
      await assertOpenDays(repo, ctx, [body.timeReportedAs]);
      await assertNoOverlap(repo, restaurantId, {
        userId: employee.id,
        clockInAt: body.timeReportedAs,
        clockOutAt: null,
      });
      const wage = await wageFor(repo, restaurantId, employee.id, body.roleId ?? null);
      const row = await repo.insertShift({
        restaurantId,
        userId: employee.id,
        ...wage,
        clockInAt: new Date(body.timeReportedAs),
        source: 'dashboard',
        ...this.editStamp(auth, reason, signatureUrl),
      });
      await this.auditShift(audit, auth, ip, 'workHours.shift.clockIn', row, null, reason);
      return { id: row.id };
    });
  }

  /**
   * POST clock/out: clocks out the open shift (`id`, or the person's open one). With `inTimeReportedAs`
   * and no id, adds a whole past shift at once (a forgotten shift entered by a manager).
   */
  async clockOut(auth: AuthContext, restId: number, xid: string, body: TClockRequest, ip: string) {
    const restaurantId = restaurantOf(auth, restId);
    const ctx = await this.settings.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    const reason = reasonOf(body.reason);
    const signatureUrl = await this.signatures.signatureOf(
      ctx,
      body.signatureUrl,
      ctx.config.requireSignatureForWorkHoursEdit,
    );
    assertPunch(this.clock, body.timeReportedAs, 'timeReportedAs');
    assertWaiting(ctx, body.waitingMinutes);
    return this.repo.transaction(async (repo, audit) => {
      if (body.id === undefined && body.inTimeReportedAs !== undefined) {
        return this.addWholeShift(repo, audit, ctx, auth, employee, body, reason, signatureUrl, ip);
      }
      const open =
        body.id !== undefined
          ? await repo.shift(restaurantId, body.id)
          : await repo.openShift(restaurantId, employee.id);
      if (body.id !== undefined && (!open || open.userId !== employee.id)) throw fieldError('id', 'shiftNotFound');
      if (open && open.clockOutAt !== null) throw conflict('notClockedIn');
      if (!open) throw conflict('notClockedIn');
      const clockIn = open.clockInAt.getTime();
      checkSpan(clockIn, body.timeReportedAs);
      const breaks = checkBreaks(body.breaks ?? [], clockIn, body.timeReportedAs);
      await assertOpenDays(repo, ctx, [clockIn]);
      await assertNoOverlap(repo, restaurantId, {
        id: open.id,
        userId: employee.id,
        clockInAt: clockIn,
        clockOutAt: body.timeReportedAs,
      });
      const row = await repo.updateShift(restaurantId, open.id, {
        clockOutAt: new Date(body.timeReportedAs),
        breaks,
        declaredTipsCents: body.value ?? 0,
        waitingMinutes: body.waitingMinutes ?? 0,
        ...this.editStamp(auth, reason, signatureUrl),
      });
      await this.auditShift(audit, auth, ip, 'workHours.shift.clockOut', row, open, reason);
      return { id: row.id };
    });
  }

  private async addWholeShift(
    repo: WorkHoursRepository,
    audit: AuditRepository,
    ctx: TRestContext,
    auth: AuthContext,
    employee: TEmployeeRow,
    body: TClockRequest,
    reason: string,
    signatureUrl: string | null,
    ip: string,
  ) {
    const clockIn = body.inTimeReportedAs ?? 0;
    assertPunch(this.clock, clockIn, 'inTimeReportedAs');
    checkSpan(clockIn, body.timeReportedAs);
    const breaks = checkBreaks(body.breaks ?? [], clockIn, body.timeReportedAs);
    await assertOpenDays(repo, ctx, [clockIn]);
    await assertNoOverlap(repo, ctx.restaurantId, {
      userId: employee.id,
      clockInAt: clockIn,
      clockOutAt: body.timeReportedAs,
    });
    const wage = await wageFor(repo, ctx.restaurantId, employee.id, body.roleId ?? null);
    const row = await repo.insertShift({
      restaurantId: ctx.restaurantId,
      userId: employee.id,
      ...wage,
      clockInAt: new Date(clockIn),
      clockOutAt: new Date(body.timeReportedAs),
      breaks,
      declaredTipsCents: body.value ?? 0,
      waitingMinutes: body.waitingMinutes ?? 0,
      source: 'dashboard',
      ...this.editStamp(auth, reason, signatureUrl),
    });
    await this.auditShift(audit, auth, ip, 'workHours.shift.add', row, null, reason);
    return { id: row.id };
  }

  /** PUT clock/in or clock/out: moves one punch of shift `id` (and, for clock/out, its breaks and tips). */
  async editPunch(
    auth: AuthContext,
    restId: number,
    xid: string,
    which: 'in' | 'out',
    body: TClockRequest,
    ip: string,
  ) {
    const restaurantId = restaurantOf(auth, restId);
    const ctx = await this.settings.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    if (body.id === undefined) throw fieldError('id', 'shiftNotFound');
    const reason = reasonOf(body.reason);
    const signatureUrl = await this.signatures.signatureOf(
      ctx,
      body.signatureUrl,
      ctx.config.requireSignatureForWorkHoursEdit,
    );
    assertPunch(this.clock, body.timeReportedAs, 'timeReportedAs');
    if (which === 'out') assertWaiting(ctx, body.waitingMinutes);
    const id = body.id;
    return this.repo.transaction(async (repo, audit) => {
      const before = await repo.shift(restaurantId, id);
      if (!before || before.userId !== employee.id) throw notFound();
      // PUT clock/out may move the clock-in too (inTimeReportedAs), so a whole shift changes at once.
      const clockIn = which === 'in' ? body.timeReportedAs : (body.inTimeReportedAs ?? before.clockInAt.getTime());
      const clockOut = which === 'out' ? body.timeReportedAs : (before.clockOutAt?.getTime() ?? null);
      checkSpan(clockIn, clockOut);
      const breaks = checkBreaks(
        which === 'out' && body.breaks ? body.breaks : (before.breaks as TBreak[]),
        clockIn,
        clockOut,
      );
      await assertOpenDays(repo, ctx, [before.clockInAt.getTime(), clockIn]);
      await assertNoOverlap(repo, restaurantId, {
        id,
        userId: employee.id,
        clockInAt: clockIn,
        clockOutAt: clockOut,
      });
      const row = await repo.updateShift(restaurantId, id, {
        clockInAt: new Date(clockIn),
        clockOutAt: clockOut === null ? null : new Date(clockOut),
        breaks,
        ...(which === 'out' && body.value !== undefined ? { declaredTipsCents: body.value } : {}),
        ...(which === 'out' && body.waitingMinutes !== undefined ? { waitingMinutes: body.waitingMinutes } : {}),
        ...this.editStamp(auth, reason, signatureUrl),
      });
      await this.auditShift(
        audit,
        auth,
        ip,
        `workHours.shift.edit${which === 'in' ? 'In' : 'Out'}`,
        row,
        before,
        reason,
      );
      return { id: row.id };
    });
  }

  /** POST user/delete: the clock-in and clock-out entries of one shift (both carry the shift id). */
  async deleteShift(
    auth: AuthContext,
    body: { inId: number; outId?: number | null; reason?: string; signatureUrl?: string | null },
    ip: string,
  ) {
    const restaurantId = restaurantOf(auth);
    const ctx = await this.settings.context(restaurantId);
    if (body.outId != null && body.outId !== body.inId) throw fieldError('outId', 'idsMismatch');
    const reason = reasonOf(body.reason);
    const signatureUrl = await this.signatures.signatureOf(
      ctx,
      body.signatureUrl,
      ctx.config.requireSignatureForWorkHoursEdit,
    );
    await this.repo.transaction(async (repo, audit) => {
      const before = await repo.shift(restaurantId, body.inId);
      if (!before) throw notFound();
      if (body.outId == null && before.clockOutAt !== null) throw fieldError('outId', 'idsMismatch');
      await assertOpenDays(repo, ctx, [before.clockInAt.getTime()]);
      await repo.deleteShift(restaurantId, before.id);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.shift.delete',
        targetType: 'workShift',
        targetId: String(before.id),
        details: { userId: before.userId, reason, signatureUrl, before: shiftSnapshot(before), after: null },
        ip,
        at: this.clock.now(),
      });
    });
    return { ok: true as const };
  }

  private async auditShift(
    audit: AuditRepository,
    auth: AuthContext,
    ip: string,
    action: string,
    after: TShiftRow,
    before: TShiftRow | null,
    reason: string,
  ): Promise<void> {
    await audit.record({
      restaurantId: after.restaurantId,
      actorUserId: auth.userId,
      action,
      targetType: 'workShift',
      targetId: String(after.id),
      details: {
        userId: after.userId,
        reason,
        signatureUrl: after.editSignatureUrl,
        before: before ? shiftSnapshot(before) : null,
        after: shiftSnapshot(after),
      },
      ip,
      at: this.clock.now(),
    });
  }
}
