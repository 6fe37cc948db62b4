import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { addDays, daysBetween } from '@ra/shared/business-day/calendar-day';
import { LABOR_MAX_DAYS, type TLaborResponse } from '@ra/shared/work-hours/work-hours.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { FieldError } from '../../lib/errors.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import type { TimesheetService } from './timesheet.service.ts';
import { MAX_SHEET_DAYS, restaurantOf } from './work-hours.rules.ts';

/** Labour cost against net sales (the analytic center), worked out as the timesheet does. */
export class LaborService {
  constructor(
    private readonly settings: WorkHoursSettingsService,
    private readonly timesheet: TimesheetService,
  ) {}

  /**
   * Labour cost and net sales per business day and per hour of the day over from..to (at most
   * LABOR_MAX_DAYS), worked out as the timesheet does, in sheets of at most MAX_SHEET_DAYS days.
   */
  async labor(auth: AuthContext, fromDay: string, toDay: string): Promise<TLaborResponse> {
    const restaurantId = restaurantOf(auth);
    if (daysBetween(fromDay, toDay) >= LABOR_MAX_DAYS) {
      throw new FieldError('to', `Ask for at most ${LABOR_MAX_DAYS} days`);
    }
    const ctx = await this.settings.context(restaurantId);
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const days: TLaborResponse['days'] = [];
    const laborByHour = new Array<number>(24).fill(0);
    const salesByHour = new Array<number>(24).fill(0);
    for (let start = fromDay; start <= toDay; start = addDays(start, MAX_SHEET_DAYS)) {
      const last = addDays(start, MAX_SHEET_DAYS - 1);
      const end = last < toDay ? last : toDay;
      const sheet = (
        await this.timesheet.workDuration(
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
}
