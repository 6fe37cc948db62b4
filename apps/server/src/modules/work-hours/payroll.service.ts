import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { attachmentHeader, exportFileName } from '@ra/shared/reports/export-file';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { PayPeriodsService } from './pay-periods.service.ts';
import type { TPayrollTips } from './period-lock.ts';
import { payrollCsv, payrollXlsx } from './payroll-export.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import type { TimesheetService } from './timesheet.service.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { conflict, restaurantOf } from './work-hours.rules.ts';

/** A built payroll file, ready to send. */
export interface TPayrollFile {
  contentDisposition: string;
  contentType: string;
  body: string | Buffer;
}

/** The payroll of a closed pay period: per employee hours, pay and tips, and its CSV or XLSX file. */
export class PayrollService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly periods: PayPeriodsService,
    private readonly timesheet: TimesheetService,
    /** The tips module's allocation (pooled and tipped-out tips per employee); null without a rule. */
    private readonly pooledTips: TPayrollTips = async () => null,
  ) {}

  /** The payroll of a closed period, per employee (payroll-export.ts turns it into CSV or XLSX). */
  async payroll(auth: AuthContext, start: string) {
    const restaurantId = restaurantOf(auth);
    const ctx = await this.settings.context(restaurantId);
    const period = this.periods.payPeriodStarting(ctx, start);
    const row = await this.repo.period(restaurantId, period.start);
    if (row?.status !== 'closed') throw conflict('periodNotClosed');
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const from = businessDayBounds(period.start, timeZone, hourOffsetEndOfDay).start.getTime();
    const to = businessDayBounds(period.end, timeZone, hourOffsetEndOfDay).end.getTime();
    const [sheet, cardTips, people, pooled] = await Promise.all([
      this.timesheet.workDuration(auth, restaurantId, from, to, { sales: false }),
      this.repo.cardTipsByServer(restaurantId, period.start, period.end),
      this.repo.employees(restaurantId),
      this.pooledTips(restaurantId, period.start),
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
        pooledTipsCents: pooled ? (pooled.get(r.userId) ?? 0) : null,
        grossCents: r.grossCents,
      }))
      .filter((l) => l.total > 0 || l.cardTipsCents > 0 || l.declaredTipsCents > 0 || (l.pooledTipsCents ?? 0) > 0);
    return { restaurant: ctx.restaurant.name, period, lines };
  }

  /** The payroll export of the closed period starting `start`, as CSV or XLSX. */
  async exportFile(auth: AuthContext, start: string, format: 'csv' | 'xlsx'): Promise<TPayrollFile> {
    const payroll = await this.payroll(auth, start);
    const name = exportFileName({
      restaurant: payroll.restaurant,
      title: 'Payroll',
      from: payroll.period.start,
      to: payroll.period.end,
      format,
    });
    const contentDisposition = attachmentHeader(name);
    if (format === 'xlsx') {
      return {
        contentDisposition,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await payrollXlsx(payroll.lines, 'Payroll'),
      };
    }
    return { contentDisposition, contentType: 'text/csv; charset=utf-8', body: payrollCsv(payroll.lines) };
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
