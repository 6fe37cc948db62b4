import { addDays } from '@ra/shared/business-day/calendar-day';
import { enumerateDays, startOfWeek, type TDayRange } from '@ra/shared/business-day/date-range';
import { averageCents, changeRatio } from '@ra/shared/reports/report-math';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { ReportsRepository, TSalesSums } from '../reports/reports.repository.ts';
import type { TAnalyticsOverviewResponse } from './analytics.schemas.ts';

const TOP_N = 10;

/** The analytic center (SPEC 2 "/analyticCenter/index", SPEC 6 viewAnalyticCenter), read from the rollups. */
export class AnalyticsService {
  constructor(private readonly repo: ReportsRepository) {}

  private async figures(restaurantId: number, range: TDayRange, loaded?: Promise<Map<string, TSalesSums>>) {
    const byDay = await (loaded ?? this.repo.salesByDay(restaurantId, range));
    let netSalesCents = 0;
    let orders = 0;
    let guests = 0;
    for (const s of byDay.values()) {
      netSalesCents += s.netSalesCents;
      orders += s.orderCount;
      guests += s.guestCount;
    }
    return { range, netSalesCents, orders, guests, averageCheckCents: averageCents(netSalesCents, orders) };
  }

  private async compare(
    restaurantId: number,
    current: TDayRange,
    previous: TDayRange,
    loaded?: Promise<Map<string, TSalesSums>>,
  ) {
    const [c, p] = await Promise.all([
      this.figures(restaurantId, current, loaded),
      this.figures(restaurantId, previous),
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

  async overview(auth: AuthContext, range: TDayRange): Promise<TAnalyticsOverviewResponse> {
    const restaurantId = requireRestaurantId(auth);
    const lastWeek = { from: addDays(range.to, -6), to: range.to };
    const weekBefore = { from: addDays(range.to, -13), to: addDays(range.to, -7) };
    const yearBefore = { from: addDays(range.from, -364), to: addDays(range.to, -364) };
    // The range's days are read once and serve the year-over-year figures and the weekly trend.
    const rangeDays = this.repo.salesByDay(restaurantId, range);
    const [weekOverWeek, yearOverYear, cells, items, byDay] = await Promise.all([
      this.compare(restaurantId, lastWeek, weekBefore),
      this.compare(restaurantId, range, yearBefore, rangeDays),
      this.repo.salesByWeekdayHour(restaurantId, range),
      this.repo.itemSales(restaurantId, range),
      rangeDays,
    ]);
    const cellMap = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
    const heatmap = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      for (let hour = 0; hour < 24; hour += 1) {
        const c = cellMap.get(`${weekday}:${hour}`);
        heatmap.push({ weekday, hour, orders: c?.orders ?? 0, netSalesCents: c?.netSalesCents ?? 0 });
      }
    }
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
    const weeks = new Map<string, { orders: number; netSalesCents: number }>();
    for (const day of enumerateDays(range)) {
      const week = startOfWeek(day);
      const w = weeks.get(week) ?? { orders: 0, netSalesCents: 0 };
      const s = byDay.get(day);
      if (s) {
        w.orders += s.orderCount;
        w.netSalesCents += s.netSalesCents;
      }
      weeks.set(week, w);
    }
    return {
      range,
      weekOverWeek,
      yearOverYear,
      heatmap,
      topItems: ranked.slice(0, TOP_N),
      bottomItems: ranked.slice(-TOP_N).reverse(),
      averageCheckTrend: [...weeks.entries()].map(([week, w]) => ({
        week,
        ...w,
        averageCheckCents: averageCents(w.netSalesCents, w.orders),
      })),
    };
  }
}
