import type { ZPosClockRequest } from '@ra/shared/work-hours/work-hours.schemas';
import type { z } from 'zod';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import { assertNoOverlap, assertWaiting, checkBreaks, checkSpan, wageFor } from './shift-rules.ts';
import type { SignaturesService } from './signatures.service.ts';
import type { TEmployeeRow, TShiftRow, WorkHoursRepository } from './work-hours.repository.ts';
import { conflict, fieldError, fullName, restaurantOf, shiftSnapshot } from './work-hours.rules.ts';

type TPosClockRequest = z.output<typeof ZPosClockRequest>;

/**
 * The POS: a staff session at the restaurant or a paired device, and the employee's PIN, which decides
 * who is clocked in or out (now, by the server's clock).
 */
export class PosService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly signatures: SignaturesService,
    private readonly clock: Clock,
  ) {}

  /** SPEC 3 pinInRequireClockIn: someone whose role requires it may PIN in to the POS only while clocked in. */
  async posPinIn(auth: AuthContext, pin: string) {
    const restaurantId = restaurantOf(auth);
    const employee = await this.repo.employeeByPin(restaurantId, pin);
    if (!employee) throw fieldError('pin', 'pinWrong');
    const [held, open] = await Promise.all([
      this.repo.rolesOf(restaurantId, employee.id),
      this.repo.openShift(restaurantId, employee.id),
    ]);
    // Full access turns every flag on (SPEC 6), which does not make an owner punch a clock.
    const mustClockIn = held.some((r) => r.flags.clockInRequired && !r.flags.fullAccess);
    if (mustClockIn && !open) throw conflict('clockInFirst');
    return { xid: employee.xid, name: fullName(employee), clockedIn: open !== undefined };
  }

  async posClock(auth: AuthContext, body: TPosClockRequest, ip: string) {
    const restaurantId = restaurantOf(auth);
    const ctx = await this.settings.context(restaurantId);
    const employee = await this.repo.employeeByPin(restaurantId, body.pin);
    if (!employee) throw fieldError('pin', 'pinWrong');
    const now = this.clock.now().getTime();
    return this.repo.transaction(async (repo, audit) => {
      const open = await repo.openShift(restaurantId, employee.id);
      if (body.action === 'in') {
        if (open) throw conflict('alreadyClockedIn');
        await assertNoOverlap(repo, restaurantId, { userId: employee.id, clockInAt: now, clockOutAt: null });
        const wage = await wageFor(repo, restaurantId, employee.id, null);
        const row = await repo.insertShift({
          restaurantId,
          userId: employee.id,
          ...wage,
          clockInAt: new Date(now),
          source: 'pos',
        });
        await this.auditClock(audit, auth, ip, 'workHours.clock.in', row, employee);
        return { shiftId: row.id, xid: employee.xid, name: fullName(employee), clockedIn: true, at: now };
      }
      if (!open) throw conflict('notClockedIn');
      // SPEC 3: enableCaptureSignature lets the POS take a signature at clock-out; captureSignature requires it.
      if (body.signatureUrl && !ctx.config.enableCaptureSignature) throw fieldError('signatureUrl', 'signatureOff');
      const signatureUrl = await this.signatures.signatureOf(
        ctx,
        body.signatureUrl,
        ctx.config.enableCaptureSignature && ctx.config.captureSignature,
        'signatureAtClockOut',
      );
      assertWaiting(ctx, body.waitingMinutes);
      const clockIn = open.clockInAt.getTime();
      checkSpan(clockIn, Math.max(now, clockIn + 1));
      const breaks = checkBreaks(body.breaks ?? [], clockIn, now);
      const row = await repo.updateShift(restaurantId, open.id, {
        clockOutAt: new Date(Math.max(now, clockIn)),
        breaks,
        declaredTipsCents: body.declaredTipsCents ?? 0,
        waitingMinutes: body.waitingMinutes ?? 0,
        clockOutSignatureUrl: signatureUrl,
        updatedAt: new Date(now),
      });
      await this.auditClock(audit, auth, ip, 'workHours.clock.out', row, employee);
      return { shiftId: row.id, xid: employee.xid, name: fullName(employee), clockedIn: false, at: now };
    });
  }

  private async auditClock(
    audit: AuditRepository,
    auth: AuthContext,
    ip: string,
    action: string,
    row: TShiftRow,
    employee: TEmployeeRow,
  ) {
    await audit.record({
      restaurantId: row.restaurantId,
      // A paired device's punch is recorded against the device, not a person (issue 9).
      actorUserId: auth.device ? null : auth.userId,
      action,
      targetType: 'workShift',
      targetId: String(row.id),
      details: {
        userId: employee.id,
        xid: employee.xid,
        after: shiftSnapshot(row),
        ...(auth.device ? { deviceId: auth.device.id, deviceName: auth.device.name } : {}),
      },
      ip,
      at: this.clock.now(),
    });
  }
}
