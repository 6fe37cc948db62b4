import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { daysBetween } from '@ra/shared/business-day/calendar-day';
import { overtimeWindow, payPeriodOf, type TPayPeriod } from '@ra/shared/work-hours/pay-period';
import { buildTimesheet } from '@ra/shared/work-hours/timesheet';
import type {
  TCheckPermResponse,
  TPeriodState,
  TSheetShift,
  TWorkDurationResponse,
} from '@ra/shared/work-hours/work-hours.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { FieldError } from '../../lib/errors.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { fullName, MAX_SHEET_DAYS, restaurantOf, settingsOut, toFacts, type TRestContext } from './work-hours.rules.ts';

/**
 * The timesheet (SPEC 2 /workHours/index, SPEC 3 work-hour record): reading needs viewWorkHours and
 * shows only the caller's own hours unless they hold editWorkHour.
 */
export class TimesheetService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly clock: Clock,
  ) {}

  checkPerm(auth: AuthContext): TCheckPermResponse {
    return { editWorkHour: auth.operationAuthority.editWorkHour, viewWorkHours: auth.PagePermissions.viewWorkHours };
  }

  async workDuration(
    auth: AuthContext,
    restId: number,
    from: number,
    to: number,
    options: { sales?: boolean } = {},
  ): Promise<TWorkDurationResponse> {
    const restaurantId = restaurantOf(auth, restId);
    const ctx = await this.settings.context(restaurantId);
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
      settings: settingsOut(ctx),
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
      ended: period.end < this.settings.today(ctx),
      closedAt: row?.closedAt?.toISOString() ?? null,
      closedBy: row?.closedBy != null ? (names.get(row.closedBy) ?? null) : null,
      closeSignatureUrl: row?.closeSignatureUrl ?? null,
      reopenedAt: row?.reopenedAt?.toISOString() ?? null,
      reopenedBy: row?.reopenedBy != null ? (names.get(row.reopenedBy) ?? null) : null,
      reopenReason: row?.reopenReason ?? null,
    };
  }
}
