import type {
  TCategorySalesResponse,
  TItemSalesResponse,
  TOptionSalesResponse,
  TReportQuery,
} from '@ra/shared/reports/reports.schemas';
import { shareOf } from '@ra/shared/reports/report-math';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import { byAmountThenName, type ReportPeriods } from './report-periods.ts';
import type { ReportsRepository } from './reports.repository.ts';

/**
 * The sales report's item, category and option (modifier) sections (SPEC 2 "/salesReport"): each row
 * with its share of the period's total and, when comparing, its figures in the comparison period.
 */
export class ItemSalesService {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly periods: ReportPeriods,
  ) {}

  async itemSales(auth: AuthContext, query: TReportQuery): Promise<TItemSalesResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.itemSales(restaurantId, r, until),
    );
    const totalsOf = (rows: typeof current) =>
      rows.reduce(
        (t, r) => ({
          quantity: t.quantity + r.quantity,
          grossCents: t.grossCents + r.grossCents,
          discountCents: t.discountCents + r.discountCents,
          compCents: t.compCents + r.compCents,
          netCents: t.netCents + r.netCents,
        }),
        { quantity: 0, grossCents: 0, discountCents: 0, compCents: 0, netCents: 0 },
      );
    const totals = totalsOf(current);
    const prior = new Map((previous ?? []).map((r) => [`${r.itemId}\u0000${r.category}`, r]));
    return {
      range,
      previousRange,
      sameTime,
      rows: current
        .map((r) => {
          const p = prior.get(`${r.itemId}\u0000${r.category}`);
          return {
            ...r,
            share: shareOf(r.netCents, totals.netCents),
            previousQuantity: previous ? (p?.quantity ?? 0) : null,
            previousNetCents: previous ? (p?.netCents ?? 0) : null,
          };
        })
        .sort(
          byAmountThenName(
            (r) => r.netCents,
            (r) => r.itemName,
          ),
        ),
      totals,
      previousTotals: previous ? totalsOf(previous) : null,
    };
  }

  async categorySales(auth: AuthContext, query: TReportQuery): Promise<TCategorySalesResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.itemSales(restaurantId, r, until),
    );
    type TTotals = { quantity: number; grossCents: number; discountCents: number; compCents: number; netCents: number };
    const zero = (): TTotals => ({ quantity: 0, grossCents: 0, discountCents: 0, compCents: 0, netCents: 0 });
    const group = (rows: typeof current) => {
      const map = new Map<string, TTotals>();
      for (const r of rows) {
        const c = map.get(r.category) ?? zero();
        c.quantity += r.quantity;
        c.grossCents += r.grossCents;
        c.discountCents += r.discountCents;
        c.compCents += r.compCents;
        c.netCents += r.netCents;
        map.set(r.category, c);
      }
      return map;
    };
    const sumAll = (map: Map<string, TTotals>) =>
      [...map.values()].reduce(
        (t, c) => ({
          quantity: t.quantity + c.quantity,
          grossCents: t.grossCents + c.grossCents,
          discountCents: t.discountCents + c.discountCents,
          compCents: t.compCents + c.compCents,
          netCents: t.netCents + c.netCents,
        }),
        zero(),
      );
    const byCategory = group(current);
    const prior = previous ? group(previous) : null;
    const totals = sumAll(byCategory);
    return {
      range,
      previousRange,
      sameTime,
      rows: [...byCategory.entries()]
        .map(([category, c]) => ({
          category,
          ...c,
          share: shareOf(c.netCents, totals.netCents),
          previousQuantity: prior ? (prior.get(category)?.quantity ?? 0) : null,
          previousNetCents: prior ? (prior.get(category)?.netCents ?? 0) : null,
        }))
        .sort(
          byAmountThenName(
            (r) => r.netCents,
            (r) => r.category,
          ),
        ),
      totals,
      previousTotals: prior ? sumAll(prior) : null,
    };
  }

  async optionSales(auth: AuthContext, query: TReportQuery): Promise<TOptionSalesResponse> {
    const restaurantId = requireRestaurantId(auth);
    const { range, previousRange, sameTime, current, previous } = await this.periods.both(
      restaurantId,
      query,
      (r, until) => this.repo.optionSales(restaurantId, r, until),
    );
    const totalsOf = (rows: typeof current) =>
      rows.reduce((t, r) => ({ quantity: t.quantity + r.quantity, amountCents: t.amountCents + r.amountCents }), {
        quantity: 0,
        amountCents: 0,
      });
    const totals = totalsOf(current);
    const prior = new Map((previous ?? []).map((r) => [`${r.group}\u0000${r.optionName}`, r]));
    return {
      range,
      previousRange,
      sameTime,
      rows: current
        .map((r) => {
          const p = prior.get(`${r.group}\u0000${r.optionName}`);
          return {
            optionName: r.optionName,
            group: r.group,
            quantity: r.quantity,
            amountCents: r.amountCents,
            share: shareOf(r.amountCents, totals.amountCents),
            previousQuantity: previous ? (p?.quantity ?? 0) : null,
            previousAmountCents: previous ? (p?.amountCents ?? 0) : null,
          };
        })
        .sort(
          (a, b) => b.quantity - a.quantity || b.amountCents - a.amountCents || (a.optionName < b.optionName ? -1 : 1),
        ),
      totals,
      previousTotals: previous ? totalsOf(previous) : null,
    };
  }
}
