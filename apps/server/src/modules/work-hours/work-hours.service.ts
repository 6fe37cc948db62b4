import { ERROR_CODES } from '@ra/shared/errors';
import { businessDayBounds, businessDayOf, isValidTimeZone } from '@ra/shared/business-day/business-day';
import { addDays, daysBetween } from '@ra/shared/business-day/calendar-day';
import { HOUR_MS, MINUTE_MS } from '@ra/shared/work-hours/hours';
import { overtimeWindow, payPeriodOf, type TPayPeriod } from '@ra/shared/work-hours/pay-period';
import {
  buildTimesheet,
  findOverlap,
  type TBreak,
  type TClockSettings,
  type TShiftFacts,
} from '@ra/shared/work-hours/timesheet';
import { WORK_HOURS_MESSAGES, type TWorkHoursMessageKey } from '@ra/shared/work-hours/work-hours.messages';
import {
  LABOR_MAX_DAYS,
  REASON_MAX,
  SIGNATURE_MAX_SIDE_PX,
  type TCheckPermResponse,
  type TLaborResponse,
  type TPeriodState,
  type TSheetShift,
  type TWagesResponse,
  type TWorkDurationResponse,
  type TWorkHoursSettings,
  type TWorkHoursSettingsUpdate,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { z } from 'zod';
import type { ZBreakInput, ZClockRequest, ZPosClockRequest } from '@ra/shared/work-hours/work-hours.schemas';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { imageDimensions } from '../../lib/images.ts';
import { CONFIG_DEFAULTS } from '../restaurant/restaurant.settings.ts';
import type { AuditRepository } from '../../db/audit.repository.ts';
import type { SignatureStore } from './signature-store.ts';
import type {
  TEmployeeRow,
  TRestaurantClockRow,
  TSettingsRow,
  TShiftRow,
  WorkHoursRepository,
} from './work-hours.repository.ts';

type TClockRequest = z.output<typeof ZClockRequest>;
type TBreakInput = z.output<typeof ZBreakInput>;
type TPosClockRequest = z.output<typeof ZPosClockRequest>;

const msg = (key: TWorkHoursMessageKey) => WORK_HOURS_MESSAGES[key].en;
const fieldError = (field: string, key: TWorkHoursMessageKey) => new FieldError(field, msg(key));
const conflict = (key: TWorkHoursMessageKey) => new AppError(409, ERROR_CODES.conflict, msg(key));

/** No pay period is configured: every other week from a Monday, under the federal rules. */
export const DEFAULT_SETTINGS: TSettingsRow = {
  payPeriod: 'biweekly',
  periodAnchor: '2026-01-05',
  overtimeRules: 'federal',
};
const MAX_SHIFT_MS = 24 * HOUR_MS;
/** A sheet covers at most a month and a bit (a monthly period plus slack). */
const MAX_SHEET_DAYS = 62;
const signatureBase = (restaurantId: number) => `/api/api/restaurant/${restaurantId}/workhour-signature/`;
const fullName = (e: Pick<TEmployeeRow, 'firstName' | 'lastName' | 'email'>) =>
  `${e.firstName} ${e.lastName}`.trim() || e.email;

function toFacts(row: TShiftRow): TShiftFacts {
  return {
    id: row.id,
    userId: row.userId,
    clockInAt: row.clockInAt.getTime(),
    clockOutAt: row.clockOutAt?.getTime() ?? null,
    breaks: row.breaks as TBreak[],
    wageCents: row.wageCents,
    waitingMinutes: row.waitingMinutes,
  };
}

/** What an audit row keeps of a shift: enough to show before and after. */
function shiftSnapshot(row: TShiftRow) {
  return {
    clockInAt: row.clockInAt.toISOString(),
    clockOutAt: row.clockOutAt?.toISOString() ?? null,
    breaks: row.breaks,
    declaredTipsCents: row.declaredTipsCents,
    waitingMinutes: row.waitingMinutes,
    wageCents: row.wageCents,
  };
}

interface TRestContext {
  restaurantId: number;
  restaurant: TRestaurantClockRow;
  settings: TSettingsRow;
  clock: TClockSettings;
  config: Pick<
    TWorkHoursSettings,
    'enableCaptureSignature' | 'captureSignature' | 'requireSignatureForWorkHoursEdit' | 'enableClockingOutWaitingTime'
  >;
}

/**
 * Work hours (SPEC 2 /workHours/index, SPEC 3 work-hour record and config flags, SPEC 7 calls). Reading
 * needs viewWorkHours and shows only the caller's own hours unless they hold editWorkHour; every change
 * from the dashboard needs editWorkHour, a reason and (when the restaurant asks) a signature, and is
 * audited with before and after in the same transaction.
 */
export class WorkHoursService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly signatures: SignatureStore,
    private readonly clock: Clock,
  ) {}

  checkPerm(auth: AuthContext): TCheckPermResponse {
    return { editWorkHour: auth.operationAuthority.editWorkHour, viewWorkHours: auth.PagePermissions.viewWorkHours };
  }

  /** The restaurant in the path must be the caller's: another one's answers 404, never its data. */
  private restaurantOf(auth: AuthContext, restId?: number): number {
    const restaurantId = requireRestaurantId(auth);
    if (restId !== undefined && restId !== restaurantId) throw notFound();
    return restaurantId;
  }

  private async context(restaurantId: number, repo: WorkHoursRepository = this.repo): Promise<TRestContext> {
    const [restaurant, settings] = await Promise.all([repo.restaurant(restaurantId), repo.settings(restaurantId)]);
    if (!restaurant) throw notFound();
    const timeZone = restaurant.timeZone && isValidTimeZone(restaurant.timeZone) ? restaurant.timeZone : 'UTC';
    const c = restaurant.config;
    return {
      restaurantId,
      restaurant,
      settings: settings ?? DEFAULT_SETTINGS,
      clock: {
        timeZone,
        hourOffsetEndOfDay: restaurant.hourOffsetEndOfDay,
        step: c.workHoursSteps ?? CONFIG_DEFAULTS.workHoursSteps,
      },
      config: {
        enableCaptureSignature: c.enableCaptureSignature ?? CONFIG_DEFAULTS.enableCaptureSignature,
        captureSignature: c.captureSignature ?? CONFIG_DEFAULTS.captureSignature,
        requireSignatureForWorkHoursEdit:
          c.requireSignatureForWorkHoursEdit ?? CONFIG_DEFAULTS.requireSignatureForWorkHoursEdit,
        enableClockingOutWaitingTime: c.enableClockingOutWaitingTime ?? CONFIG_DEFAULTS.enableClockingOutWaitingTime,
      },
    };
  }

  private settingsOut(ctx: TRestContext): TWorkHoursSettings {
    return {
      payPeriod: ctx.settings.payPeriod,
      anchor: ctx.settings.periodAnchor,
      overtimeRules: ctx.settings.overtimeRules,
      workHoursSteps: ctx.clock.step,
      hourOffsetEndOfDay: ctx.clock.hourOffsetEndOfDay,
      timeZone: ctx.clock.timeZone,
      ...ctx.config,
    };
  }

  private today(ctx: TRestContext): string {
    return businessDayOf(this.clock.now(), ctx.clock.timeZone, ctx.clock.hourOffsetEndOfDay);
  }

  async settings(auth: AuthContext): Promise<TWorkHoursSettings> {
    return this.settingsOut(await this.context(this.restaurantOf(auth)));
  }

  async updateSettings(auth: AuthContext, input: TWorkHoursSettingsUpdate, ip: string): Promise<TWorkHoursSettings> {
    const restaurantId = this.restaurantOf(auth);
    const before = await this.context(restaurantId);
    const values: TSettingsRow = {
      payPeriod: input.payPeriod,
      periodAnchor: input.anchor,
      overtimeRules: input.overtimeRules,
    };
    await this.repo.transaction(async (repo, audit) => {
      await repo.saveSettings(restaurantId, values, this.clock.now());
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.settings.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { before: before.settings, after: values },
        ip,
        at: this.clock.now(),
      });
    });
    return this.settingsOut(await this.context(restaurantId));
  }

  // --- reading -------------------------------------------------------------------------------

  async workDuration(
    auth: AuthContext,
    restId: number,
    from: number,
    to: number,
    options: { sales?: boolean } = {},
  ): Promise<TWorkDurationResponse> {
    const restaurantId = this.restaurantOf(auth, restId);
    const ctx = await this.context(restaurantId);
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    if (to <= from) throw new FieldError('to', 'to must be after from');
    const period: TPayPeriod = {
      start: businessDayOf(from, timeZone, hourOffsetEndOfDay),
      end: businessDayOf(to - 1, timeZone, hourOffsetEndOfDay),
    };
    if (daysBetween(period.start, period.end) >= MAX_SHEET_DAYS) {
      throw new FieldError('to', `Ask for at most ${MAX_SHEET_DAYS} days`);
    }
    const canEdit = auth.operationAuthority.editWorkHour;
    // Staff without editWorkHour see only their own hours.
    const onlyUser = canEdit ? undefined : auth.userId;
    const window = overtimeWindow(period, ctx.settings.periodAnchor);
    const windowStart = businessDayBounds(window.start, timeZone, hourOffsetEndOfDay).start;
    const windowEnd = businessDayBounds(window.end, timeZone, hourOffsetEndOfDay).end;
    const [rows, people, periodRow] = await Promise.all([
      this.repo.shiftsStartingBetween(restaurantId, windowStart, windowEnd, onlyUser),
      this.repo.employees(restaurantId, onlyUser),
      this.repo.period(restaurantId, period.start),
    ]);
    const periodStart = businessDayBounds(period.start, timeZone, hourOffsetEndOfDay).start.getTime();
    const periodEnd = businessDayBounds(period.end, timeZone, hourOffsetEndOfDay).end.getTime();
    const inPeriod = rows.filter((r) => r.clockInAt.getTime() >= periodStart && r.clockInAt.getTime() < periodEnd);
    const worked = new Set(inPeriod.map((r) => r.userId));
    const known = new Set(people.map((p) => p.id));
    const departed = await this.repo.employeesByIds(
      restaurantId,
      [...worked].filter((id) => !known.has(id)),
    );
    // Active people, and anyone who worked in the period (a deactivated or deleted one included).
    const employees = [...people.filter((p) => p.status === 'active' || worked.has(p.id)), ...departed];
    const now = this.clock.now().getTime();
    const sheet = buildTimesheet({
      period,
      anchor: ctx.settings.periodAnchor,
      rules: ctx.settings.overtimeRules,
      clock: ctx.clock,
      now,
      employees: employees.map((e) => ({ userId: e.id, xid: e.xid, name: fullName(e) })),
      shifts: rows.map(toFacts),
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const editors = await this.repo.userNames([
      ...new Set(rows.map((r) => r.editedBy).filter((v): v is number => v !== null)),
      ...[periodRow?.closedBy, periodRow?.reopenedBy].filter((v): v is number => typeof v === 'number'),
    ]);
    const xidOf = new Map(employees.map((e) => [e.id, e.xid]));
    // The payroll export has no use for net sales: it skips reading them.
    const sales =
      canEdit && options.sales !== false
        ? await this.repo.netSales(restaurantId, period.start, period.end)
        : { byDay: [], byHour: [] };
    const netSalesByHour = new Array<number>(24).fill(0);
    for (const h of sales.byHour) netSalesByHour[h.hour] = h.cents;

    return {
      canEdit,
      settings: this.settingsOut(ctx),
      period: this.periodState(ctx, period, periodRow, editors),
      records: sheet.rows
        .filter((r) => r.shifts.length > 0)
        .map((r) => ({
          xid: r.employee.xid,
          name: r.employee.name,
          clockedIn: r.shifts.map(({ shift }) => ({
            id: shift.id,
            timeReportedAs: shift.clockInAt,
            value: 0,
            signatureUrl: byId.get(shift.id)?.clockInSignatureUrl ?? null,
          })),
          clockedOut: r.shifts
            .filter(({ shift }) => shift.clockOutAt !== null)
            .map(({ shift }) => ({
              id: shift.id,
              timeReportedAs: shift.clockOutAt ?? 0,
              value: byId.get(shift.id)?.declaredTipsCents ?? 0,
              signatureUrl: byId.get(shift.id)?.clockOutSignatureUrl ?? null,
            })),
        })),
      timesheet: {
        days: sheet.days,
        dayTotals: sheet.dayTotals,
        total: sheet.total,
        grossCents: sheet.grossCents,
        laborCents: canEdit ? sheet.laborCents : {},
        laborByHourCents: canEdit ? sheet.laborByHourCents : [],
        netSalesCents: Object.fromEntries(sales.byDay.map((d) => [d.day, d.cents])),
        netSalesByHourCents: canEdit ? netSalesByHour : [],
        rows: sheet.rows.map((r) => ({
          userId: r.employee.userId,
          xid: r.employee.xid,
          name: r.employee.name,
          days: r.days,
          total: r.total,
          regular: r.regular,
          ot15: r.ot15,
          ot2: r.ot2,
          paidBreaks: r.paidBreaks,
          unpaidBreaks: r.unpaidBreaks,
          regularRateCents: r.regularRateCents,
          grossCents: r.grossCents,
          wages: r.wages,
          shifts: r.shifts.map((c): TSheetShift => {
            const row = byId.get(c.shift.id);
            return {
              id: c.shift.id,
              userId: c.shift.userId,
              xid: xidOf.get(c.shift.userId) ?? '',
              businessDay: c.times.businessDay,
              clockInAt: c.shift.clockInAt,
              clockOutAt: c.shift.clockOutAt,
              roundedIn: c.times.roundedIn,
              roundedOut: c.times.roundedOut,
              breaks: [...c.shift.breaks],
              waitingMinutes: c.shift.waitingMinutes,
              declaredTipsCents: row?.declaredTipsCents ?? 0,
              wageCents: c.shift.wageCents,
              paid: c.regular + c.ot15 + c.ot2,
              regular: c.regular,
              ot15: c.ot15,
              ot2: c.ot2,
              paidBreaks: Math.round(c.times.paidBreakMs / 36_000),
              unpaidBreaks: Math.round(c.times.unpaidBreakMs / 36_000),
              flags: c.flags,
              clockInSignatureUrl: row?.clockInSignatureUrl ?? null,
              clockOutSignatureUrl: row?.clockOutSignatureUrl ?? null,
              editSignatureUrl: row?.editSignatureUrl ?? null,
              edited: row?.editedAt != null,
              editedAt: row?.editedAt?.toISOString() ?? null,
              editedBy: row?.editedBy != null ? (editors.get(row.editedBy) ?? null) : null,
              editReason: row?.editReason ?? null,
            };
          }),
        })),
      },
    };
  }

  private periodState(
    ctx: TRestContext,
    period: TPayPeriod,
    row: Awaited<ReturnType<WorkHoursRepository['period']>>,
    names: Map<number, string>,
  ): TPeriodState {
    const real = payPeriodOf(period.start, { kind: ctx.settings.payPeriod, anchor: ctx.settings.periodAnchor });
    const isPayPeriod = real.start === period.start && real.end === period.end;
    const status = row && row.endDay === period.end ? (row.status as 'closed' | 'reopened') : 'open';
    return {
      start: period.start,
      end: period.end,
      isPayPeriod,
      status,
      ended: period.end < this.today(ctx),
      closedAt: row?.closedAt?.toISOString() ?? null,
      closedBy: row?.closedBy != null ? (names.get(row.closedBy) ?? null) : null,
      closeSignatureUrl: row?.closeSignatureUrl ?? null,
      reopenedAt: row?.reopenedAt?.toISOString() ?? null,
      reopenedBy: row?.reopenedBy != null ? (names.get(row.reopenedBy) ?? null) : null,
      reopenReason: row?.reopenReason ?? null,
    };
  }

  // --- edits from the dashboard (SPEC 7 clock/in, clock/out, user/delete) ----------------------

  private reasonOf(reason: string | undefined): string {
    const text = (reason ?? '').trim();
    if (!text) throw fieldError('reason', 'reasonRequired');
    if (text.length > REASON_MAX) throw fieldError('reason', 'reasonTooLong');
    return text;
  }

  /** A signature URL given with a change must be one this restaurant stored; required when the config says so. */
  private async signatureOf(
    ctx: TRestContext,
    url: string | null | undefined,
    required: boolean,
    missing: TWorkHoursMessageKey = 'signatureRequired',
  ): Promise<string | null> {
    if (!url) {
      if (required) throw fieldError('signatureUrl', missing);
      return null;
    }
    const base = signatureBase(ctx.restaurantId);
    if (!url.startsWith(base) || !(await this.signatures.exists(ctx.restaurantId, url.slice(base.length)))) {
      throw fieldError('signatureUrl', 'signatureUnknown');
    }
    return url;
  }

  private async assertOpenDays(repo: WorkHoursRepository, ctx: TRestContext, instants: number[]): Promise<void> {
    for (const at of instants) {
      const day = businessDayOf(at, ctx.clock.timeZone, ctx.clock.hourOffsetEndOfDay);
      if (await repo.closedPeriodHolding(ctx.restaurantId, day)) throw conflict('periodClosed');
    }
  }

  private assertPunch(at: number, field: string): void {
    if (at > this.clock.now().getTime() + MINUTE_MS) throw fieldError(field, 'futurePunch');
  }

  private checkBreaks(breaks: readonly TBreakInput[], clockIn: number, clockOut: number | null): TBreak[] {
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

  private checkSpan(clockIn: number, clockOut: number | null): void {
    if (clockOut === null) return;
    if (clockOut <= clockIn) throw fieldError('timeReportedAs', 'outBeforeIn');
    if (clockOut - clockIn > MAX_SHIFT_MS) throw fieldError('timeReportedAs', 'shiftTooLong');
  }

  private async assertNoOverlap(
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

  private async wageFor(repo: WorkHoursRepository, restaurantId: number, userId: number, roleId: number | null) {
    const [wages, held] = await Promise.all([repo.wages(restaurantId), repo.rolesOf(restaurantId, userId)]);
    const role = roleId !== null ? held.find((r) => r.id === roleId) : held[0];
    if (roleId !== null && !role) throw fieldError('roleId', 'roleNotFound');
    const own = wages.find((w) => w.userId === userId);
    const ofRole = role ? wages.find((w) => w.roleId === role.id) : undefined;
    return { roleId: role?.id ?? null, wageCents: own?.hourlyCents ?? ofRole?.hourlyCents ?? 0 };
  }

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
    const restaurantId = this.restaurantOf(auth, restId);
    const ctx = await this.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    const reason = this.reasonOf(body.reason);
    const signatureUrl = await this.signatureOf(ctx, body.signatureUrl, ctx.config.requireSignatureForWorkHoursEdit);
    this.assertPunch(body.timeReportedAs, 'timeReportedAs');
    return this.repo.transaction(async (repo, audit) => {
      if (await repo.openShift(restaurantId, employee.id)) throw conflict('alreadyClockedIn');
      await this.assertOpenDays(repo, ctx, [body.timeReportedAs]);
      await this.assertNoOverlap(repo, restaurantId, {
        userId: employee.id,
        clockInAt: body.timeReportedAs,
        clockOutAt: null,
      });
      const wage = await this.wageFor(repo, restaurantId, employee.id, body.roleId ?? null);
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
    const restaurantId = this.restaurantOf(auth, restId);
    const ctx = await this.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    const reason = this.reasonOf(body.reason);
    const signatureUrl = await this.signatureOf(ctx, body.signatureUrl, ctx.config.requireSignatureForWorkHoursEdit);
    this.assertPunch(body.timeReportedAs, 'timeReportedAs');
    this.assertWaiting(ctx, body.waitingMinutes);
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
      this.checkSpan(clockIn, body.timeReportedAs);
      const breaks = this.checkBreaks(body.breaks ?? [], clockIn, body.timeReportedAs);
      await this.assertOpenDays(repo, ctx, [clockIn]);
      await this.assertNoOverlap(repo, restaurantId, {
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
    this.assertPunch(clockIn, 'inTimeReportedAs');
    this.checkSpan(clockIn, body.timeReportedAs);
    const breaks = this.checkBreaks(body.breaks ?? [], clockIn, body.timeReportedAs);
    await this.assertOpenDays(repo, ctx, [clockIn]);
    await this.assertNoOverlap(repo, ctx.restaurantId, {
      userId: employee.id,
      clockInAt: clockIn,
      clockOutAt: body.timeReportedAs,
    });
    const wage = await this.wageFor(repo, ctx.restaurantId, employee.id, body.roleId ?? null);
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

  private assertWaiting(ctx: TRestContext, minutes: number | undefined): void {
    if ((minutes ?? 0) > 0 && !ctx.config.enableClockingOutWaitingTime)
      throw fieldError('waitingMinutes', 'waitingOff');
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
    const restaurantId = this.restaurantOf(auth, restId);
    const ctx = await this.context(restaurantId);
    const employee = await this.employee(restaurantId, xid);
    if (body.id === undefined) throw fieldError('id', 'shiftNotFound');
    const reason = this.reasonOf(body.reason);
    const signatureUrl = await this.signatureOf(ctx, body.signatureUrl, ctx.config.requireSignatureForWorkHoursEdit);
    this.assertPunch(body.timeReportedAs, 'timeReportedAs');
    if (which === 'out') this.assertWaiting(ctx, body.waitingMinutes);
    const id = body.id;
    return this.repo.transaction(async (repo, audit) => {
      const before = await repo.shift(restaurantId, id);
      if (!before || before.userId !== employee.id) throw notFound();
      // PUT clock/out may move the clock-in too (inTimeReportedAs), so a whole shift changes at once.
      const clockIn = which === 'in' ? body.timeReportedAs : (body.inTimeReportedAs ?? before.clockInAt.getTime());
      const clockOut = which === 'out' ? body.timeReportedAs : (before.clockOutAt?.getTime() ?? null);
      this.checkSpan(clockIn, clockOut);
      const breaks = this.checkBreaks(
        which === 'out' && body.breaks ? body.breaks : (before.breaks as TBreak[]),
        clockIn,
        clockOut,
      );
      await this.assertOpenDays(repo, ctx, [before.clockInAt.getTime(), clockIn]);
      await this.assertNoOverlap(repo, restaurantId, {
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
    const restaurantId = this.restaurantOf(auth);
    const ctx = await this.context(restaurantId);
    if (body.outId != null && body.outId !== body.inId) throw fieldError('outId', 'idsMismatch');
    const reason = this.reasonOf(body.reason);
    const signatureUrl = await this.signatureOf(ctx, body.signatureUrl, ctx.config.requireSignatureForWorkHoursEdit);
    await this.repo.transaction(async (repo, audit) => {
      const before = await repo.shift(restaurantId, body.inId);
      if (!before) throw notFound();
      if (body.outId == null && before.clockOutAt !== null) throw fieldError('outId', 'idsMismatch');
      await this.assertOpenDays(repo, ctx, [before.clockInAt.getTime()]);
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

  // --- signatures ----------------------------------------------------------------------------

  async storeSignature(auth: AuthContext, restId: number, imageDataURL: string): Promise<{ signatureUrl: string }> {
    const restaurantId = this.restaurantOf(auth, restId);
    const bytes = Buffer.from(imageDataURL.slice(imageDataURL.indexOf(',') + 1), 'base64');
    // Bounded by the size the header declares, before anything decodes it or serves it back.
    const size = await imageDimensions(bytes);
    if (!size) throw fieldError('imageDataURL', 'signatureInvalid');
    if (size.width > SIGNATURE_MAX_SIDE_PX || size.height > SIGNATURE_MAX_SIDE_PX)
      throw fieldError('imageDataURL', 'signatureTooManyPixels');
    const name = await this.signatures.save(restaurantId, bytes);
    if (!name) throw fieldError('imageDataURL', 'signatureInvalid');
    return { signatureUrl: `${signatureBase(restaurantId)}${name}` };
  }

  async readSignature(auth: AuthContext, restId: number, name: string): Promise<Buffer> {
    const restaurantId = this.restaurantOf(auth, restId);
    const bytes = await this.signatures.read(restaurantId, name);
    if (!bytes) throw notFound();
    return bytes;
  }

  // --- the POS: a staff session and the employee's PIN ---------------------------------------

  /** SPEC 3 pinInRequireClockIn: someone whose role requires it may PIN in to the POS only while clocked in. */
  async posPinIn(auth: AuthContext, pin: string) {
    const restaurantId = this.restaurantOf(auth);
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
    const restaurantId = this.restaurantOf(auth);
    const ctx = await this.context(restaurantId);
    const employee = await this.repo.employeeByPin(restaurantId, body.pin);
    if (!employee) throw fieldError('pin', 'pinWrong');
    const now = this.clock.now().getTime();
    return this.repo.transaction(async (repo, audit) => {
      const open = await repo.openShift(restaurantId, employee.id);
      if (body.action === 'in') {
        if (open) throw conflict('alreadyClockedIn');
        await this.assertNoOverlap(repo, restaurantId, { userId: employee.id, clockInAt: now, clockOutAt: null });
        const wage = await this.wageFor(repo, restaurantId, employee.id, null);
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
      const signatureUrl = await this.signatureOf(
        ctx,
        body.signatureUrl,
        ctx.config.enableCaptureSignature && ctx.config.captureSignature,
        'signatureAtClockOut',
      );
      this.assertWaiting(ctx, body.waitingMinutes);
      const clockIn = open.clockInAt.getTime();
      this.checkSpan(clockIn, Math.max(now, clockIn + 1));
      const breaks = this.checkBreaks(body.breaks ?? [], clockIn, now);
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

  // --- pay periods ---------------------------------------------------------------------------

  private payPeriodStarting(ctx: TRestContext, start: string): TPayPeriod {
    const period = payPeriodOf(start, { kind: ctx.settings.payPeriod, anchor: ctx.settings.periodAnchor });
    if (period.start !== start) throw fieldError('start', 'notAPayPeriod');
    return period;
  }

  async closePeriod(auth: AuthContext, input: { start: string; signatureUrl?: string | null }, ip: string) {
    const restaurantId = this.restaurantOf(auth);
    const ctx = await this.context(restaurantId);
    const period = this.payPeriodStarting(ctx, input.start);
    if (period.end >= this.today(ctx)) throw conflict('periodNotEnded');
    const signatureUrl = await this.signatureOf(ctx, input.signatureUrl, false);
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
    const restaurantId = this.restaurantOf(auth);
    const ctx = await this.context(restaurantId);
    const period = this.payPeriodStarting(ctx, input.start);
    const reason = this.reasonOf(input.reason);
    await this.repo.transaction(async (repo, audit) => {
      const existing = await repo.period(restaurantId, period.start);
      if (existing?.status !== 'closed') throw conflict('periodNotClosed');
      const now = this.clock.now();
      await repo.reopenPeriod(restaurantId, period.start, {
        reopenedAt: now,
        reopenedBy: auth.userId,
        reopenReason: reason,
      });
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

  /** The payroll of a closed period, per employee (payroll-export.ts turns it into CSV or XLSX). */
  async payroll(auth: AuthContext, start: string) {
    const restaurantId = this.restaurantOf(auth);
    const ctx = await this.context(restaurantId);
    const period = this.payPeriodStarting(ctx, start);
    const row = await this.repo.period(restaurantId, period.start);
    if (row?.status !== 'closed') throw conflict('periodNotClosed');
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const from = businessDayBounds(period.start, timeZone, hourOffsetEndOfDay).start.getTime();
    const to = businessDayBounds(period.end, timeZone, hourOffsetEndOfDay).end.getTime();
    const [sheet, cardTips, people] = await Promise.all([
      this.workDuration(auth, restaurantId, from, to, { sales: false }),
      this.repo.cardTipsByServer(restaurantId, period.start, period.end),
      this.repo.employees(restaurantId),
    ]);
    const numbers = new Map(people.map((e) => [e.id, e.employeeNumber]));
    const tips = cardTipsPerEmployee(
      cardTips,
      sheet.timesheet.rows.map((r) => ({ userId: r.userId, xid: r.xid, name: r.name, number: numbers.get(r.userId) })),
    );
    const lines = sheet.timesheet.rows
      .map((r) => ({
        name: r.name,
        xid: r.xid,
        employeeNumber: numbers.get(r.userId) ?? '',
        regular: r.regular,
        ot15: r.ot15,
        ot2: r.ot2,
        total: r.total,
        paidBreaks: r.paidBreaks,
        unpaidBreaks: r.unpaidBreaks,
        wages: r.wages,
        regularRateCents: r.regularRateCents,
        declaredTipsCents: r.shifts.reduce((s, x) => s + x.declaredTipsCents, 0),
        cardTipsCents: tips.get(r.userId) ?? 0,
        grossCents: r.grossCents,
      }))
      .filter((l) => l.total > 0 || l.cardTipsCents > 0 || l.declaredTipsCents > 0);
    return { restaurant: ctx.restaurant.name, period, lines };
  }

  // --- labour against sales (the analytic center) --------------------------------------------

  /**
   * Labour cost and net sales per business day and per hour of the day over from..to (at most
   * LABOR_MAX_DAYS), worked out as the timesheet does, in sheets of at most MAX_SHEET_DAYS days.
   */
  async labor(auth: AuthContext, fromDay: string, toDay: string): Promise<TLaborResponse> {
    const restaurantId = this.restaurantOf(auth);
    if (daysBetween(fromDay, toDay) >= LABOR_MAX_DAYS) {
      throw new FieldError('to', `Ask for at most ${LABOR_MAX_DAYS} days`);
    }
    const ctx = await this.context(restaurantId);
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const days: TLaborResponse['days'] = [];
    const laborByHour = new Array<number>(24).fill(0);
    const salesByHour = new Array<number>(24).fill(0);
    for (let start = fromDay; start <= toDay; start = addDays(start, MAX_SHEET_DAYS)) {
      const last = addDays(start, MAX_SHEET_DAYS - 1);
      const end = last < toDay ? last : toDay;
      const sheet = (
        await this.workDuration(
          auth,
          restaurantId,
          businessDayBounds(start, timeZone, hourOffsetEndOfDay).start.getTime(),
          businessDayBounds(end, timeZone, hourOffsetEndOfDay).end.getTime(),
        )
      ).timesheet;
      for (const day of sheet.days) {
        days.push({
          day,
          hours: sheet.dayTotals[day] ?? 0,
          laborCents: sheet.laborCents[day] ?? 0,
          netSalesCents: sheet.netSalesCents[day] ?? 0,
        });
      }
      sheet.laborByHourCents.forEach((c, h) => (laborByHour[h] = (laborByHour[h] ?? 0) + c));
      sheet.netSalesByHourCents.forEach((c, h) => (salesByHour[h] = (salesByHour[h] ?? 0) + c));
    }
    return {
      days,
      byHour: laborByHour.map((laborCents, hour) => ({ hour, laborCents, netSalesCents: salesByHour[hour] ?? 0 })),
      totals: {
        hours: days.reduce((s, d) => s + d.hours, 0),
        laborCents: days.reduce((s, d) => s + d.laborCents, 0),
        netSalesCents: days.reduce((s, d) => s + d.netSalesCents, 0),
      },
    };
  }

  // --- wages ---------------------------------------------------------------------------------

  async wages(auth: AuthContext): Promise<TWagesResponse> {
    const restaurantId = this.restaurantOf(auth);
    const [wages, roleRows, people, roleNames] = await Promise.all([
      this.repo.wages(restaurantId),
      this.repo.rolesOfRestaurant(restaurantId),
      this.repo.employees(restaurantId),
      this.repo.roleNamesByUser(restaurantId),
    ]);
    return {
      roles: roleRows.map((r) => ({
        roleId: r.id,
        name: r.name,
        hourlyCents: wages.find((w) => w.roleId === r.id)?.hourlyCents ?? null,
      })),
      employees: people
        .filter((p) => p.status === 'active')
        .map((p) => ({
          userId: p.id,
          xid: p.xid,
          name: fullName(p),
          roles: roleNames.get(p.id) ?? [],
          hourlyCents: wages.find((w) => w.userId === p.id)?.hourlyCents ?? null,
        })),
    };
  }

  async setWage(
    auth: AuthContext,
    input: { userId?: number; roleId?: number; hourlyCents: number | null },
    ip: string,
  ) {
    const restaurantId = this.restaurantOf(auth);
    if (input.userId !== undefined && !(await this.repo.employeesByIds(restaurantId, [input.userId])).length)
      throw notFound();
    if (
      input.roleId !== undefined &&
      !(await this.repo.rolesOfRestaurant(restaurantId)).some((r) => r.id === input.roleId)
    ) {
      throw notFound();
    }
    const before = (await this.repo.wages(restaurantId)).find((w) =>
      input.userId !== undefined ? w.userId === input.userId : w.roleId === input.roleId,
    );
    await this.repo.transaction(async (repo, audit) => {
      await repo.setWage(restaurantId, input, input.hourlyCents, this.clock.now());
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'workHours.wage.update',
        targetType: input.userId !== undefined ? 'user' : 'role',
        targetId: String(input.userId ?? input.roleId),
        details: { before: before?.hourlyCents ?? null, after: input.hourlyCents },
        ip,
        at: this.clock.now(),
      });
    });
    return this.wages(auth);
  }
}

/**
 * Card tips matched to employees (docs/decisions.md "Work hours: card tips"): an order whose server id
 * is an employee's number or login id (U100001) goes to that employee; otherwise (no id, or one the
 * POS keeps to itself) the server's name is matched against the employee's full name, ignoring case.
 */
export function cardTipsPerEmployee(
  tips: ReadonlyArray<{ serverId: string | null; serverName: string | null; cents: number }>,
  employees: ReadonlyArray<{ userId: number; xid: string; name: string; number?: string | null }>,
): Map<number, number> {
  const key = (v: string) => v.trim().toLowerCase();
  const byId = new Map<string, number>();
  for (const e of employees) {
    byId.set(key(e.xid), e.userId);
    if (e.number) byId.set(key(e.number), e.userId);
  }
  const byName = new Map(employees.map((e) => [key(e.name), e.userId]));
  const out = new Map<number, number>();
  for (const t of tips) {
    const userId =
      (t.serverId ? byId.get(key(t.serverId)) : undefined) ??
      (t.serverName ? byName.get(key(t.serverName)) : undefined);
    if (userId !== undefined) out.set(userId, (out.get(userId) ?? 0) + t.cents);
  }
  return out;
}
