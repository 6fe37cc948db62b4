import { businessDayOf } from '@ra/shared/business-day/business-day';
import { addDays, endOfMonth } from '@ra/shared/business-day/calendar-day';
import { enumerateDays } from '@ra/shared/business-day/date-range';
import type { TDashboardTodayResponse } from '@ra/shared/dashboard/dashboard.schemas';
import type {
  TCalendarFigures,
  TOrderCalendarResponse,
  TOrderCalendarYearResponse,
} from '@ra/shared/dashboard/order-calendar.schemas';
import { averageCents } from '@ra/shared/reports/report-math';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { forbidden } from '../../lib/errors.ts';
import { gmtOffsetLabel, UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { comparisonPartialDay } from '@ra/shared/reports/partial-day';
import { systemClock, type Clock } from '../../lib/clock.ts';

/**
 * The order calendar is in the first fixed route set, shown to owners, agents and admins
 * (docs/decisions.md "Route groups"); anyone who may read the sales report may read it too.
 */
export function mayViewOrderCalendar(auth: AuthContext): boolean {
  return (
    auth.PagePermissions.viewSalesReport || auth.roles.some((r) => r === 'owner' || r === 'agent' || r === 'admin')
  );
}

const NO_FIGURES: TCalendarFigures = { orders: 0, parties: 0, guests: 0, netSalesCents: 0 };

function addFigures(a: TCalendarFigures, b: TCalendarFigures): TCalendarFigures {
  return {
    orders: a.orders + b.orders,
    parties: a.parties + b.parties,
    guests: a.guests + b.guests,
    netSalesCents: a.netSalesCents + b.netSalesCents,
  };
}

export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The label of the calendar: the zone its days follow, and which of its days is today. */
  private async calendarClock(auth: AuthContext, now: Date) {
    if (!mayViewOrderCalendar(auth)) throw forbidden();
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.clock(restaurantId);
    return {
      restaurantId,
      label: {
        timeZone: clock.timeZone ?? UNKNOWN_TIME_ZONE,
        GMT: gmtOffsetLabel(clock.timeZone, now),
        hourOffsetEndOfDay: clock.hourOffsetEndOfDay,
        today: clock.timeZone ? businessDayOf(now, clock.timeZone, clock.hourOffsetEndOfDay) : '',
      },
    };
  }

  async orderCalendar(auth: AuthContext, month: string, now: Date = this.clock.now()): Promise<TOrderCalendarResponse> {
    const { restaurantId, label } = await this.calendarClock(auth, now);
    const from = `${month}-01`;
    const to = endOfMonth(from);
    const byDay = await this.repo.days(restaurantId, from, to);
    const days = enumerateDays({ from, to }).map((day) => ({ day, ...(byDay.get(day) ?? NO_FIGURES) }));
    return { ...label, month, days, totals: days.reduce(addFigures, NO_FIGURES) };
  }

  /** The calendar's year view: each month's totals, so a year reads at a glance. */
  async orderCalendarYear(
    auth: AuthContext,
    year: string,
    now: Date = this.clock.now(),
  ): Promise<TOrderCalendarYearResponse> {
    const { restaurantId, label } = await this.calendarClock(auth, now);
    const byMonth = await this.repo.months(restaurantId, year);
    const months = Array.from({ length: 12 }, (_, i) => {
      const month = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { month, ...(byMonth.get(month) ?? NO_FIGURES) };
    });
    return { ...label, year, months, totals: months.reduce(addFigures, NO_FIGURES) };
  }

  /**
   * Dashboard home: today so far against the same weekday last week up to the same time into its
   * business day (so a Friday lunchtime is not compared with all of last Friday), the last 14
   * business days with today marked as partial, and the latest orders. A restaurant without a time
   * zone has no business day yet: figures are empty.
   */
  async today(auth: AuthContext, now: Date = this.clock.now()): Promise<TDashboardTodayResponse> {
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.clock(restaurantId);
    const latestOrders = await this.repo.latestOrders(restaurantId, 10);
    const timeZone = clock.timeZone;
    if (!timeZone) {
      const empty = {
        businessDay: '',
        until: now.toISOString(),
        netSalesCents: 0,
        orders: 0,
        guests: 0,
        averageCheckCents: 0,
        openOrders: 0,
      };
      return {
        timeZone: UNKNOWN_TIME_ZONE,
        asOf: now.toISOString(),
        today: empty,
        sameTimeLastWeek: empty,
        last14Days: [],
        latestOrders,
      };
    }
    const zoned = { timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay };
    const today = businessDayOf(now, timeZone, clock.hourOffsetEndOfDay);
    const lastWeek = comparisonPartialDay(today, now, zoned, -7);
    const from = addDays(today, -13);
    const [current, previous, days] = await Promise.all([
      this.repo.daySoFar(restaurantId, today, now),
      this.repo.daySoFar(restaurantId, lastWeek.day, lastWeek.until),
      this.repo.days(restaurantId, from, today),
    ]);
    const soFar = (businessDay: string, until: Date, s: typeof current) => ({
      businessDay,
      until: until.toISOString(),
      ...s,
      averageCheckCents: averageCents(s.netSalesCents, s.orders),
    });
    return {
      timeZone,
      asOf: now.toISOString(),
      today: soFar(today, now, current),
      sameTimeLastWeek: soFar(lastWeek.day, lastWeek.until, previous),
      last14Days: enumerateDays({ from, to: today }).map((day) => ({
        day,
        netSalesCents: days.get(day)?.netSalesCents ?? 0,
        orders: days.get(day)?.orders ?? 0,
        partial: day === today,
      })),
      latestOrders,
    };
  }
}
