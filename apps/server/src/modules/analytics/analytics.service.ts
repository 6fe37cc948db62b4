import { businessDayOf, zonedParts } from '@ra/shared/business-day/business-day';
import { addDays, weekdayOf } from '@ra/shared/business-day/calendar-day';
import { enumerateDays, startOfWeek, type TDayRange } from '@ra/shared/business-day/date-range';
import type { TAnalyticsOverviewResponse, TPeriodFigures } from '@ra/shared/analytics/analytics.schemas';
import { averageCents, changeRatio } from '@ra/shared/reports/report-math';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { comparisonPartialDay, type TPartialDay } from '@ra/shared/reports/partial-day';
import type { TDashboardApi } from '../dashboard/dashboard.module.ts';
import type { TReportsApi, TSalesSums } from '../reports/reports.module.ts';

const TOP_N = 10;

/** One decimal: "12.5 orders a day". */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Where a period's figures come from: whole days from the rollup, a partial day from its orders. */
type TSoFarSource = Pick<TDashboardApi, 'daySoFar'>;

/**
 * The analytic center (SPEC 2 "/analyticCenter/index", SPEC 6 viewAnalyticCenter), read from the
 * rollups. A range that reaches today compares like with like: today counts up to now, the
 * comparison period's matching day up to the same time (the dashboard's rule), and days after today
 * count on neither side.
 */
export class AnalyticsService {
  constructor(
    private readonly repo: TReportsApi,
    private readonly soFar: TSoFarSource,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * The figures of a period whose day `partial.day` counts only up to `partial.until`, and whose
   * days after it count not at all (they are still to come on the current side).
   */
  private async figures(
    restaurantId: number,
    range: TDayRange,
    partial: TPartialDay | null,
    loaded?: Promise<Map<string, TSalesSums>>,
  ): Promise<TPeriodFigures> {
    const cut = partial && partial.day >= range.from && partial.day <= range.to ? partial : null;
    const [byDay, part] = await Promise.all([
      loaded ?? this.repo.salesByDay(restaurantId, range),
      cut ? this.soFar.daySoFar(restaurantId, cut.day, cut.until) : null,
    ]);
    let netSalesCents = part?.netSalesCents ?? 0;
    let orders = part?.orders ?? 0;
    let guests = part?.guests ?? 0;
    for (const [day, s] of byDay) {
      if (cut && day >= cut.day) continue;
      netSalesCents += s.netSalesCents;
      orders += s.orderCount;
      guests += s.guestCount;
    }
    return {
      range,
      partial: cut ? { day: cut.day, until: cut.until.toISOString() } : null,
      netSalesCents,
      orders,
      guests,
      averageCheckCents: averageCents(netSalesCents, orders),
    };
  }

  private async compare(
    restaurantId: number,
    current: TDayRange,
    shiftDays: number,
    today: { day: string; now: Date; clock: { timeZone: string; hourOffsetEndOfDay: number } } | null,
    loaded?: Promise<Map<string, TSalesSums>>,
  ) {
    const previous = { from: addDays(current.from, shiftDays), to: addDays(current.to, shiftDays) };
    const inProgress = today !== null && today.day >= current.from && today.day <= current.to;
    const [c, p] = await Promise.all([
      this.figures(restaurantId, current, inProgress ? { day: today.day, until: today.now } : null, loaded),
      this.figures(
        restaurantId,
        previous,
        inProgress ? comparisonPartialDay(today.day, today.now, today.clock, shiftDays) : null,
      ),
    ]);
    return {
      current: c,
      previous: p,
      change: {
        netSales: changeRatio(c.netSalesCents, p.netSalesCents),
        orders: changeRatio(c.orders, p.orders),
        guests: changeRatio(c.guests, p.guests),
        averageCheck: changeRatio(c.averageCheckCents, p.averageCheckCents),
      },
    };
  }

  /**
   * Orders by weekday and hour as an average a day: each cell's orders over the days that reached
   * that hour. Today counts only for its hours that are over (the hour in progress and those to come
   * would read as quiet hours), days after today not at all (they have no orders yet); the days
   * before count whole.
   */
  private async heatmap(
    restaurantId: number,
    range: TDayRange,
    today: { day: string; now: Date; clock: { timeZone: string; hourOffsetEndOfDay: number } } | null,
  ): Promise<TAnalyticsOverviewResponse['heatmap']> {
    const holdsToday = today !== null && today.day >= range.from && today.day <= range.to;
    const lastWholeDay = today && today.day <= range.to ? addDays(today.day, -1) : range.to;
    const wholeDays = lastWholeDay >= range.from ? enumerateDays({ from: range.from, to: lastWholeDay }) : [];
    const [cells, todayHours] = await Promise.all([
      this.repo.salesByWeekdayHour(restaurantId, range),
      holdsToday ? this.repo.salesByHour(restaurantId, { from: today.day, to: today.day }) : [],
    ]);
    const key = (weekday: number, hour: number) => weekday * 24 + hour;
    const orders = new Array<number>(7 * 24).fill(0);
    const net = new Array<number>(7 * 24).fill(0);
    const days = new Array<number>(7 * 24).fill(0);
    const add = (to: number[], k: number, n: number) => {
      to[k] = (to[k] ?? 0) + n;
    };
    for (const c of cells) {
      add(orders, key(c.weekday, c.hour), c.orders);
      add(net, key(c.weekday, c.hour), c.netSalesCents);
    }
    for (const day of wholeDays) {
      for (let hour = 0; hour < 24; hour += 1) add(days, key(weekdayOf(day), hour), 1);
    }
    if (holdsToday) {
      // hours in business-day order: the day starts at the end-of-day hour
      const { hourOffsetEndOfDay, timeZone } = today.clock;
      const intoDay = (hour: number) => (hour - hourOffsetEndOfDay + 24) % 24;
      const hourNow = intoDay(zonedParts(today.now, timeZone).hour);
      const weekday = weekdayOf(today.day);
      const over = (hour: number) => intoDay(hour) < hourNow;
      for (let hour = 0; hour < 24; hour += 1) if (over(hour)) add(days, key(weekday, hour), 1);
      // orders of the hour in progress wait until it is over, like the hours still to come
      for (const h of todayHours) {
        if (over(h.hour)) continue;
        add(orders, key(weekday, h.hour), -h.orders);
        add(net, key(weekday, h.hour), -h.netSalesCents);
      }
    }
    const heatmap = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const k = key(weekday, hour);
        heatmap.push({
          weekday,
          hour,
          orders: orders[k]!,
          netSalesCents: net[k]!,
          days: days[k]!,
          averageOrders: days[k]! > 0 ? oneDecimal(orders[k]! / days[k]!) : 0,
        });
      }
    }
    return heatmap;
  }

  async overview(
    auth: AuthContext,
    range: TDayRange,
    now: Date = this.clock.now(),
  ): Promise<TAnalyticsOverviewResponse> {
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.clock(restaurantId);
    const today = clock.timeZone
      ? {
          day: businessDayOf(now, clock.timeZone, clock.hourOffsetEndOfDay),
          now,
          clock: { timeZone: clock.timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay },
        }
      : null;
    // A range holding today and running past it ends at today: days still to come are neither a
    // week to compare nor a week with a $0 average check.
    const reachesToday = today !== null && today.day >= range.from && today.day <= range.to;
    const end = reachesToday ? today.day : range.to;
    const lastWeek = { from: addDays(end, -6), to: end };
    // The range's days are read once and serve the year-over-year figures and the weekly trend.
    const rangeDays = this.repo.salesByDay(restaurantId, range);
    const [weekOverWeek, yearOverYear, heatmap, items, byDay] = await Promise.all([
      this.compare(restaurantId, lastWeek, -7, today),
      // 52 weeks back, so Fridays meet Fridays
      this.compare(restaurantId, range, -364, today, rangeDays),
      this.heatmap(restaurantId, range, today),
      this.repo.itemSales(restaurantId, range),
      rangeDays,
    ]);
    // One row per item (an item recategorised in the range is merged under its latest category).
    const merged = new Map<
      string,
      { itemId: string; itemName: string; category: string; quantity: number; netCents: number }
    >();
    for (const i of items) {
      const m = merged.get(i.itemId);
      if (m) {
        m.quantity += i.quantity;
        m.netCents += i.netCents;
      } else
        merged.set(i.itemId, {
          itemId: i.itemId,
          itemName: i.itemName,
          category: i.category,
          quantity: i.quantity,
          netCents: i.netCents,
        });
    }
    const ranked = [...merged.values()].sort(
      (a, b) => b.netCents - a.netCents || b.quantity - a.quantity || (a.itemId < b.itemId ? -1 : 1),
    );
    const weeks = new Map<string, { days: number; inProgress: boolean; orders: number; netSalesCents: number }>();
    for (const day of enumerateDays(range)) {
      if (reachesToday && day > today.day) break;
      const week = startOfWeek(day);
      const w = weeks.get(week) ?? { days: 0, inProgress: false, orders: 0, netSalesCents: 0 };
      w.days += 1;
      if (reachesToday && day === today.day) w.inProgress = true;
      const s = byDay.get(day);
      if (s) {
        w.orders += s.orderCount;
        w.netSalesCents += s.netSalesCents;
      }
      weeks.set(week, w);
    }
    return {
      range,
      today: today?.day ?? null,
      weekOverWeek,
      yearOverYear,
      heatmap,
      topItems: ranked.slice(0, TOP_N),
      bottomItems: ranked.slice(-TOP_N).reverse(),
      averageCheckTrend: [...weeks.entries()].map(([week, w]) => ({
        week,
        ...w,
        averageCheckCents: w.orders > 0 ? averageCents(w.netSalesCents, w.orders) : null,
      })),
    };
  }
}
