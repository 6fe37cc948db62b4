import { enumerateDays, startOfWeek, type TDayRange } from '@ra/shared/business-day/date-range';
import {
  ORDER_CHANNELS,
  type TCardBrand,
  type TDiscountKind,
  type TPaymentMethod,
} from '@ra/shared/orders/orders.schemas';
import { averageCents } from '@ra/shared/reports/report-math';
import type {
  TCompsVoidsQuery,
  TCompsVoidsResponse,
  TDiscountsResponse,
  TOperationFigures,
  TOperationResponse,
  TPaymentMethodsResponse,
  TPayoutsQuery,
  TPayoutsResponse,
  TReportQuery,
  TSalesFigures,
  TSalesSummaryResponse,
  TSalesTrendsResponse,
  TTaxesResponse,
  TTrendPoint,
  TTrendsQuery,
} from '@ra/shared/reports/reports.schemas';
import { addDays } from '@ra/shared/business-day/calendar-day';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { addSums, emptySums, type ReportsRepository, type TSalesSums } from './reports.repository.ts';
import { giftCardSalesLine, type TGiftcardSalesPort } from './giftcard-sales.ts';
import { byAmountThenName, type ReportPeriods, type TPeriodQuery } from './report-periods.ts';

/** Exports read every row of an event list; a year of a busy restaurant's comps and voids fits. */
export const EXPORT_ROW_LIMIT = 100_000;

/** The summary figures of SPEC 2 "salesSummary" from rollup sums (definitions: docs/decisions.md "Totals"). */
export function salesFigures(s: TSalesSums): TSalesFigures {
  return {
    grossSalesCents: s.grossSalesCents,
    discountCents: s.itemDiscountCents + s.orderDiscountCents,
    compCents: s.compCents,
    voidCents: s.voidCents,
    netSalesCents: s.netSalesCents,
    taxCents: s.taxCents,
    serviceChargeCents: s.serviceChargeCents,
    tipCents: s.tipCents,
    refundCents: s.refundCents,
    totalCollectedCents: s.paidCents - s.refundCents,
    orderCount: s.orderCount,
    guestCount: s.guestCount,
    averageCheckCents: averageCents(s.netSalesCents, s.orderCount),
    averageGuestCents: averageCents(s.netSalesCents, s.guestCount),
  };
}

function operationFigures(s: TSalesSums): TOperationFigures {
  return {
    orderCount: s.orderCount,
    guestCount: s.guestCount,
    averageCheckCents: averageCents(s.netSalesCents, s.orderCount),
    averageGuestCents: averageCents(s.netSalesCents, s.guestCount),
    averageTurnMinutes: s.turnCount > 0 ? Math.round((s.turnSeconds / s.turnCount / 60) * 10) / 10 : null,
    openOrderCount: s.openOrderCount,
    voidedOrderCount: s.voidedOrderCount,
    refundCount: s.refundCount,
  };
}

const total = (map: Map<string, TSalesSums>) => [...map.values()].reduce(addSums, emptySums());

const label = {
  hour: (hour: number) => `${String(hour).padStart(2, '0')}:00`,
  day: (day: string) => day.slice(5),
  month: (day: string) => day.slice(0, 7),
};

/**
 * The sales report (SPEC 2 "/salesReport", SPEC 6 viewSalesReport). Every section answers the range
 * and its comparison period (`comparisonRange` of the picker's preset), for the caller's restaurant.
 */
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepository,
    /** The asked period and its comparison period, cut at the same time when today is in progress. */
    private readonly periods: ReportPeriods,
    /** The gift card ledger's loads (giftcards module), for the summary's liability line. */
    private readonly giftcardSales: TGiftcardSalesPort,
  ) {}

  /**
   * Sales by channel of both periods; a period ending with the business day in progress is compared
   * with its comparison period up to the same time into that period's last day (shared same-time.ts),
   * so at 03:45 today is not set against all of yesterday.
   */
  private async salesOfBothPeriods(restaurantId: number, query: TPeriodQuery) {
    return this.periods.both(restaurantId, query, (r, until) => this.salesByChannel(restaurantId, r, until));
  }

  /** Sales by channel of a range whose last day counts up to `until` (whole when null). */
  private async salesByChannel(restaurantId: number, r: TDayRange, until: Date | null) {
    if (!until) return this.repo.salesByChannel(restaurantId, r);
    const [whole, lastDay] = await Promise.all([
      r.from < r.to ? this.repo.salesByChannel(restaurantId, { from: r.from, to: addDays(r.to, -1) }) : null,
      this.repo.salesByChannelUntil(restaurantId, r.to, until),
    ]);
    const out = new Map(whole ?? []);
    for (const [channel, sums] of lastDay) out.set(channel, addSums(out.get(channel) ?? emptySums(), sums));
    return out;
  }

  /** Sales by business day of a range whose last day counts up to `until` (whole when null). */
  private async salesByDay(restaurantId: number, r: TDayRange, until: Date | null) {
    if (!until) return this.repo.salesByDay(restaurantId, r);
    const [whole, lastDay] = await Promise.all([
      r.from < r.to ? this.repo.salesByDay(restaurantId, { from: r.from, to: addDays(r.to, -1) }) : null,
      this.repo.salesByChannelUntil(restaurantId, r.to, until),
    ]);
    return new Map([...(whole ?? []), [r.to, total(lastDay)]]);
  }

  async salesSummary(auth: AuthContext, query: TReportQuery): Promise<TSalesSummaryResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.salesOfBothPeriods(restaurantId, query);
    const giftCardSales = await giftCardSalesLine(
      this.giftcardSales,
      restaurantId,
      await this.repo.clock(restaurantId),
      { range, previousRange, sameTime },
    );
    return {
      range,
      previousRange,
      sameTime,
      lastSalesDay: await this.repo.lastSalesDay(restaurantId, range.to),
      giftCardSales,
      current: salesFigures(total(current)),
      previous: previous ? salesFigures(total(previous)) : null,
      byChannel: ORDER_CHANNELS.map((channel) => ({
        channel,
        current: salesFigures(current.get(channel) ?? emptySums()),
        previous: previous ? salesFigures(previous.get(channel) ?? emptySums()) : null,
      })),
    };
  }

  async operation(auth: AuthContext, query: TReportQuery): Promise<TOperationResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.salesOfBothPeriods(restaurantId, query);
    return {
      range,
      previousRange,
      sameTime,
      current: operationFigures(total(current)),
      previous: previous ? operationFigures(total(previous)) : null,
    };
  }

  async salesTrends(auth: AuthContext, query: TTrendsQuery): Promise<TSalesTrendsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const hourOffsetEndOfDay =
      query.granularity === 'hour' ? (await this.repo.clock(restaurantId)).hourOffsetEndOfDay : 0;
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.trendPoints(restaurantId, r, query.granularity, hourOffsetEndOfDay, until),
    );
    return {
      range,
      previousRange,
      sameTime,
      granularity: query.granularity,
      points: current,
      // Aligned by position with `points`, padded with empty buckets when the comparison period has
      // fewer weeks or months (so point i always has a previous i).
      previousPoints: previous
        ? current.map((_, i) => previous[i] ?? { key: '', label: '', netSalesCents: 0, orders: 0, guests: 0 })
        : null,
    };
  }

  private async trendPoints(
    restaurantId: number,
    range: TDayRange,
    granularity: TTrendsQuery['granularity'],
    hourOffsetEndOfDay: number,
    until: Date | null,
  ): Promise<TTrendPoint[]> {
    if (granularity === 'hour') {
      const byHour = new Map((await this.repo.salesByHour(restaurantId, range, until)).map((h) => [h.hour, h]));
      // A business day reads from its first hour (the end-of-day offset) round to the last.
      return Array.from({ length: 24 }, (_, i) => {
        const hour = (hourOffsetEndOfDay + i) % 24;
        const h = byHour.get(hour);
        return {
          key: String(hour).padStart(2, '0'),
          label: label.hour(hour),
          netSalesCents: h?.netSalesCents ?? 0,
          orders: h?.orders ?? 0,
          guests: h?.guests ?? 0,
        };
      });
    }
    const byDay = await this.salesByDay(restaurantId, range, until);
    const buckets = new Map<string, TTrendPoint>();
    for (const day of enumerateDays(range)) {
      const key = granularity === 'day' ? day : granularity === 'week' ? startOfWeek(day) : day.slice(0, 7);
      let point = buckets.get(key);
      if (!point) {
        point = {
          key,
          label: granularity === 'month' ? label.month(key) : label.day(key),
          netSalesCents: 0,
          orders: 0,
          guests: 0,
        };
        buckets.set(key, point);
      }
      const s = byDay.get(day);
      if (s) {
        point.netSalesCents += s.netSalesCents;
        point.orders += s.orderCount;
        point.guests += s.guestCount;
      }
    }
    return [...buckets.values()];
  }

  async paymentMethods(auth: AuthContext, query: TReportQuery): Promise<TPaymentMethodsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.paymentMethods(restaurantId, r, until),
    );
    const rowOf = (r: (typeof current)[number]) => ({
      method: r.method as TPaymentMethod,
      cardBrand: r.cardBrand as TCardBrand | null,
      count: r.count,
      amountCents: r.amountCents,
      tipCents: r.tipCents,
      refundCount: r.refundCount,
      refundCents: r.refundCents,
      netCents: r.amountCents - r.refundCents,
    });
    const totalsOf = (rows: typeof current) =>
      rows.map(rowOf).reduce(
        (t, r) => ({
          count: t.count + r.count,
          amountCents: t.amountCents + r.amountCents,
          tipCents: t.tipCents + r.tipCents,
          refundCount: t.refundCount + r.refundCount,
          refundCents: t.refundCents + r.refundCents,
          netCents: t.netCents + r.netCents,
        }),
        { count: 0, amountCents: 0, tipCents: 0, refundCount: 0, refundCents: 0, netCents: 0 },
      );
    const methodOrder = (m: string) => ['card', 'cash', 'giftCard', 'thirdParty', 'other'].indexOf(m);
    return {
      range,
      previousRange,
      sameTime,
      rows: current
        .map(rowOf)
        .sort((a, b) => methodOrder(a.method) - methodOrder(b.method) || b.amountCents - a.amountCents),
      totals: totalsOf(current),
      previousTotals: previous ? totalsOf(previous) : null,
    };
  }

  async discounts(auth: AuthContext, query: TReportQuery): Promise<TDiscountsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.discounts(restaurantId, r, until),
    );
    const totalsOf = (rows: typeof current) =>
      rows.reduce((t, r) => ({ count: t.count + r.count, amountCents: t.amountCents + r.amountCents }), {
        count: 0,
        amountCents: 0,
      });
    return {
      range,
      previousRange,
      sameTime,
      rows: current
        .map((r) => ({ name: r.name, kind: r.kind as TDiscountKind, count: r.count, amountCents: r.amountCents }))
        .sort(
          byAmountThenName(
            (r) => r.amountCents,
            (r) => r.name,
          ),
        ),
      totals: totalsOf(current),
      previousTotals: previous ? totalsOf(previous) : null,
    };
  }

  async taxes(auth: AuthContext, query: TReportQuery): Promise<TTaxesResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.taxes(restaurantId, r, until),
    );
    const totalsOf = (rows: typeof current) =>
      rows.reduce((t, r) => ({ taxableCents: t.taxableCents + r.taxableCents, taxCents: t.taxCents + r.taxCents }), {
        taxableCents: 0,
        taxCents: 0,
      });
    return {
      range,
      previousRange,
      sameTime,
      rows: [...current].sort(
        byAmountThenName(
          (r) => r.taxCents,
          (r) => r.name ?? '',
        ),
      ),
      totals: totalsOf(current),
      previousTotals: previous ? totalsOf(previous) : null,
    };
  }

  async compsVoids(auth: AuthContext, query: TCompsVoidsQuery, all = false): Promise<TCompsVoidsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange } = this.periods.of(query);
    const limit = all ? EXPORT_ROW_LIMIT : query.pageSize;
    const offset = all ? 0 : (query.page - 1) * query.pageSize;
    const totalsOf = (s: TSalesSums) => ({
      compQuantity: s.compQuantity,
      compCents: s.compCents,
      voidQuantity: s.voidQuantity,
      voidCents: s.voidCents,
      refundCount: s.refundCount,
      refundCents: s.refundCents,
    });
    const [list, { sameTime, current, previous }] = await Promise.all([
      this.repo.compsVoids(restaurantId, range, { limit, offset, sort: query.sort, order: query.order }),
      this.salesOfBothPeriods(restaurantId, query),
    ]);
    return {
      range,
      previousRange,
      sameTime,
      rows: list.rows.map(({ atMs, ...r }) => ({ ...r, at: new Date(atMs).toISOString() })),
      totals: totalsOf(total(current)),
      previousTotals: previous ? totalsOf(total(previous)) : null,
      page: all ? 1 : query.page,
      pageSize: all ? Math.max(1, list.rows.length) : query.pageSize,
      total: list.total,
    };
  }

  async payouts(auth: AuthContext, query: TPayoutsQuery, all = false): Promise<TPayoutsResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange } = this.periods.of(query);
    const limit = all ? EXPORT_ROW_LIMIT : query.pageSize;
    const offset = all ? 0 : (query.page - 1) * query.pageSize;
    const [rows, { sameTime, current: totals, previous: previousTotals }] = await Promise.all([
      this.repo.payouts(restaurantId, range, { limit, offset, sort: query.sort, order: query.order }),
      this.periods.both(restaurantId, query, (r, until) => this.repo.payoutTotals(restaurantId, r, until)),
    ]);
    return {
      range,
      previousRange,
      sameTime,
      rows: rows.map(({ atMs, ...r }) => ({ ...r, at: new Date(atMs).toISOString() })),
      totals,
      previousTotals,
      page: all ? 1 : query.page,
      pageSize: all ? Math.max(1, rows.length) : query.pageSize,
      total: totals.cashCount + totals.depositCount,
    };
  }
}
