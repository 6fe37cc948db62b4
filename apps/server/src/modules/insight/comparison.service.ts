import { addDays } from '@ra/shared/business-day/calendar-day';
import { ERROR_CODES } from '@ra/shared/errors';
import {
  figuresOf,
  LABOR_TOTAL_MAX,
  previousRange,
  type TComparisonExportQuery,
  type TComparisonFigures,
  type TComparisonQuery,
  type TComparisonResponse,
  type TComparisonRow,
  type TTrendPoint,
} from '@ra/shared/insight/insight.schemas';
import { daysInRange } from '@ra/shared/business-day/date-range';
import { INSIGHT_MESSAGES } from '@ra/shared/insight/insight.messages';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  ComparisonRepository,
  TComparisonSumsRow,
  TPeriodSums,
  TRanges,
  TReach,
} from './comparison.repository.ts';

/** Labour of one restaurant for the current and previous period (the work-hours module's api). */
export type TLaborPort = (
  restaurantId: number,
  periods: ReadonlyArray<{ from: string; to: string }>,
) => Promise<number[]>;

/** How many restaurants' labour is worked out at once (each is a few queries). */
const LABOR_CONCURRENCY = 8;

const figures = (s: TPeriodSums, laborCents: number | null): TComparisonFigures => figuresOf({ ...s, laborCents });

/**
 * The comparison across locations (issue 24): who may see it, which restaurants, and the figures.
 * Platform staff see every restaurant; an agent or a group owner signed in above restaurant level sees
 * their subtree (a team member: the restaurants assigned to them). A restaurant-level account sees one
 * restaurant, so it is refused.
 */
export class ComparisonService {
  constructor(
    private readonly repo: ComparisonRepository,
    private readonly labor: TLaborPort,
  ) {}

  async reach(auth: AuthContext, q?: string): Promise<TReach> {
    if (auth.isAdmin) return { path: '/', restaurantIds: null, q };
    if (!auth.isAgent) {
      throw new AppError(403, ERROR_CODES.forbidden, INSIGHT_MESSAGES['insight.notSeveral'].en);
    }
    const member = await this.repo.teamMember(auth.userId);
    const restaurantIds = member && member.teamRole === 'member' ? member.restaurantIds : null;
    return { path: auth.node.path, restaurantIds, q };
  }

  private ranges(query: { from: string; to: string }): TRanges {
    const current = { from: query.from, to: query.to };
    return { current, previous: previousRange(current) };
  }

  /** Labour of each restaurant for both periods, a few restaurants at a time. */
  private async laborOf(ids: readonly number[], ranges: TRanges): Promise<Map<number, [number, number]>> {
    const out = new Map<number, [number, number]>();
    for (let i = 0; i < ids.length; i += LABOR_CONCURRENCY) {
      const chunk = ids.slice(i, i + LABOR_CONCURRENCY);
      const results = await Promise.all(chunk.map((id) => this.labor(id, [ranges.current, ranges.previous])));
      chunk.forEach((id, k) => out.set(id, [results[k]?.[0] ?? 0, results[k]?.[1] ?? 0]));
    }
    return out;
  }

  /** `labor` undefined: not worked out for this row (a file of more than LABOR_TOTAL_MAX restaurants). */
  private rowOf(row: TComparisonSumsRow, labor: [number, number] | undefined): TComparisonRow {
    return {
      restaurantId: row.restaurantId,
      xid: row.xid,
      name: row.name,
      timeZone: row.timeZone,
      current: figures(row.current, labor ? labor[0] : null),
      previous: figures(row.previous, labor ? labor[1] : null),
    };
  }

  async comparison(auth: AuthContext, query: TComparisonQuery): Promise<TComparisonResponse> {
    const reach = await this.reach(auth, query.q);
    const ranges = this.ranges(query);
    const offset = (query.page - 1) * query.pageSize;
    const [page, trend] = await Promise.all([
      this.repo.page(reach, ranges, query.sort, query.order, query.pageSize, offset),
      this.trend(reach, ranges),
    ]);
    const counted = page.totals ? { total: page.total, totals: page.totals } : await this.repo.totals(reach, ranges);
    const complete = query.labor && counted.total <= LABOR_TOTAL_MAX;
    const ids = complete ? await this.repo.ids(reach) : query.labor ? page.rows.map((r) => r.restaurantId) : [];
    const labor = await this.laborOf(ids, ranges);
    const laborSum = (k: 0 | 1) => [...labor.values()].reduce((s, l) => s + l[k], 0);
    return {
      range: ranges.current,
      previousRange: ranges.previous,
      total: counted.total,
      page: query.page,
      pageSize: query.pageSize,
      rows: page.rows.map((row) => this.rowOf(row, labor.get(row.restaurantId))),
      totals: {
        current: figures(counted.totals.current, complete ? laborSum(0) : null),
        previous: figures(counted.totals.previous, complete ? laborSum(1) : null),
      },
      laborTotalsComplete: complete,
      trend,
    };
  }

  /**
   * Every row (the export) with the totals over them; labour for each row when the file holds at most
   * LABOR_TOTAL_MAX restaurants (labour is worked out shift by shift, too slow for thousands at once).
   */
  async all(auth: AuthContext, query: TComparisonExportQuery) {
    const reach = await this.reach(auth, query.q);
    const ranges = this.ranges(query);
    const page = await this.repo.page(reach, ranges, query.sort, query.order, null, 0);
    const withLabor = page.rows.length <= LABOR_TOTAL_MAX;
    const labor = withLabor
      ? await this.laborOf(
          page.rows.map((r) => r.restaurantId),
          ranges,
        )
      : new Map<number, [number, number]>();
    const rows = page.rows.map((row) => this.rowOf(row, labor.get(row.restaurantId)));
    const laborSum = (k: 0 | 1) => [...labor.values()].reduce((s, l) => s + l[k], 0);
    const none: TPeriodSums = {
      netSalesCents: 0,
      orders: 0,
      guests: 0,
      refundsCents: 0,
      refundCount: 0,
      discountsCents: 0,
    };
    return {
      ranges,
      rows,
      totals: {
        current: figures(page.totals?.current ?? none, withLabor ? laborSum(0) : null),
        previous: figures(page.totals?.previous ?? none, withLabor ? laborSum(1) : null),
      },
    };
  }

  /** Day-by-day sums over every restaurant in reach, both periods lined up by day index. */
  private async trend(reach: TReach, ranges: TRanges): Promise<TComparisonResponse['trend']> {
    const byDay = await this.repo.daily(reach, ranges.previous.from, ranges.current.to);
    const series = (range: { from: string; to: string }): TTrendPoint[] => {
      const n = daysInRange(range);
      const points: TTrendPoint[] = [];
      for (let index = 0; index < n; index++) {
        const day = addDays(range.from, index);
        const s = byDay.get(day);
        const f = figuresOf({
          netSalesCents: s?.netSalesCents ?? 0,
          orders: s?.orders ?? 0,
          guests: s?.guests ?? 0,
          laborCents: null,
          refundsCents: s?.refundsCents ?? 0,
          refundCount: s?.refundCount ?? 0,
          discountsCents: s?.discountsCents ?? 0,
        });
        points.push({
          index,
          day,
          netSalesCents: f.netSalesCents,
          orders: f.orders,
          guests: f.guests,
          averageCheckCents: f.averageCheckCents,
          refundsCents: f.refundsCents,
          discountsCents: f.discountsCents,
        });
      }
      return points;
    };
    return { current: series(ranges.current), previous: series(ranges.previous) };
  }
}
