import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { overtimeWindow } from '@ra/shared/work-hours/pay-period';
import { buildTimesheet } from '@ra/shared/work-hours/timesheet';
import type { Clock } from '../../lib/clock.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import type { WorkHoursRepository } from './work-hours.repository.ts';
import { MAX_SHEET_DAYS, toFacts } from './work-hours.rules.ts';

/**
 * Labour cost of a whole restaurant over business days, worked out as the timesheet does (rounding,
 * breaks, overtime under the restaurant's rules, each shift's wage), for other modules (the comparison
 * across locations). The caller has already decided the restaurant is in reach: no person is involved.
 */
export class LaborCostService {
  constructor(
    private readonly repo: WorkHoursRepository,
    private readonly settings: WorkHoursSettingsService,
    private readonly clock: Clock,
  ) {}

  /** Labour cents per period asked for, in the order asked, for one restaurant. */
  async laborCents(restaurantId: number, periods: ReadonlyArray<{ from: string; to: string }>): Promise<number[]> {
    const ctx = await this.settings.context(restaurantId);
    const { timeZone, hourOffsetEndOfDay } = ctx.clock;
    const now = this.clock.now().getTime();
    const out: number[] = [];
    for (const range of periods) {
      let cents = 0;
      for (let start = range.from; start <= range.to; start = addDays(start, MAX_SHEET_DAYS)) {
        const last = addDays(start, MAX_SHEET_DAYS - 1);
        const period = { start, end: last < range.to ? last : range.to };
        const window = overtimeWindow(period, ctx.settings.periodAnchor);
        const rows = await this.repo.shiftsStartingBetween(
          restaurantId,
          businessDayBounds(window.start, timeZone, hourOffsetEndOfDay).start,
          businessDayBounds(window.end, timeZone, hourOffsetEndOfDay).end,
        );
        if (rows.length === 0) continue;
        const people = [...new Set(rows.map((r) => r.userId))];
        const sheet = buildTimesheet({
          period,
          anchor: ctx.settings.periodAnchor,
          rules: ctx.settings.overtimeRules,
          clock: ctx.clock,
          now,
          employees: people.map((userId) => ({ userId, xid: String(userId), name: '' })),
          shifts: rows.map(toFacts),
        });
        for (const c of Object.values(sheet.laborCents)) cents += c;
      }
      out.push(cents);
    }
    return out;
  }
}
