import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { addDays, endOfMonth } from '@ra/shared/business-day/calendar-day';
import { enumerateDays } from '@ra/shared/business-day/date-range';
import { averageCents } from '@ra/shared/reports/report-math';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { forbidden } from '../../lib/errors.ts';
import { gmtOffsetLabel, UNKNOWN_TIME_ZONE } from '../../lib/time-zone.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import type { TDashboardTodayResponse, TOrderCalendarResponse } from './dashboard.schemas.ts';
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

export class DashboardService {
  constructor(
    private readonly repo: DashboardRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  async orderCalendar(auth: AuthContext, month: string, now: Date = this.clock.now()): Promise<TOrderCalendarResponse> {
    if (!mayViewOrderCalendar(auth)) throw forbidden();
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.clock(restaurantId);
    const from = `${month}-01`;
    const to = endOfMonth(from);
    const byDay = await this.repo.days(restaurantId, from, to);
    const days = enumerateDays({ from, to }).map((day) => ({
      day,
      ...(byDay.get(day) ?? { orders: 0, parties: 0, guests: 0, netSalesCents: 0 }),
    }));
    return {
      month,
      timeZone: clock.timeZone ?? UNKNOWN_TIME_ZONE,
      GMT: gmtOffsetLabel(clock.timeZone, now),
      hourOffsetEndOfDay: clock.hourOffsetEndOfDay,
      days,
      totals: days.reduce(
        (t, d) => ({
          orders: t.orders + d.orders,
          parties: t.parties + d.parties,
          guests: t.guests + d.guests,
          netSalesCents: t.netSalesCents + d.netSalesCents,
        }),
        { orders: 0, parties: 0, guests: 0, netSalesCents: 0 },
      ),
    };
  }

  /**
   * Dashboard home: today so far against the same weekday last week up to the same local time (so a
   * Friday lunchtime is not compared with all of last Friday), the last 14 business days and the
   * latest orders. A restaurant without a time zone has no business day yet: figures are empty.
   */
  async today(auth: AuthContext, now: Date = this.clock.now()): Promise<TDashboardTodayResponse> {
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.clock(restaurantId);
    const latestOrders = await this.repo.latestOrders(restaurantId, 10);
    const timeZone = clock.timeZone;
    if (!timeZone) {
      const empty = { businessDay: '', netSalesCents: 0, orders: 0, guests: 0, averageCheckCents: 0, openOrders: 0 };
      return {
        timeZone: UNKNOWN_TIME_ZONE,
        asOf: now.toISOString(),
        today: empty,
        sameTimeLastWeek: empty,
        last14Days: [],
        latestOrders,
      };
    }
    const today = businessDayOf(now, timeZone, clock.hourOffsetEndOfDay);
    const lastWeek = addDays(today, -7);
    // The same time into the business day, measured from each day's own start (days differ in
    // length across a daylight-saving change).
    const elapsed = now.getTime() - businessDayBounds(today, timeZone, clock.hourOffsetEndOfDay).start.getTime();
    const lastWeekUntil = new Date(
      businessDayBounds(lastWeek, timeZone, clock.hourOffsetEndOfDay).start.getTime() + elapsed,
    );
    const from = addDays(today, -13);
    const [current, previous, days] = await Promise.all([
      this.repo.daySoFar(restaurantId, today, now),
      this.repo.daySoFar(restaurantId, lastWeek, lastWeekUntil),
      this.repo.days(restaurantId, from, today),
    ]);
    const soFar = (businessDay: string, s: typeof current) => ({
      businessDay,
      ...s,
      averageCheckCents: averageCents(s.netSalesCents, s.orders),
    });
    return {
      timeZone,
      asOf: now.toISOString(),
      today: soFar(today, current),
      sameTimeLastWeek: soFar(lastWeek, previous),
      last14Days: enumerateDays({ from, to: today }).map((day) => ({
        day,
        netSalesCents: days.get(day)?.netSalesCents ?? 0,
        orders: days.get(day)?.orders ?? 0,
      })),
      latestOrders,
    };
  }
}
