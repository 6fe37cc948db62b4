import { sql, type SQL } from 'drizzle-orm';
import type { TComparisonSort } from '@ra/shared/insight/insight.schemas';
import type { Database } from '../../db/client.ts';
import { arrayParam, dayOf, num, rowsOf, str, strOrNull, type TRow } from '../../db/sql-util.ts';

/** The restaurants a caller reaches: a subtree, and for an agent team member only those assigned. */
export interface TReach {
  path: string;
  restaurantIds: number[] | null;
  q?: string | undefined;
}

/** Sums of one period from the rollups. */
export interface TPeriodSums {
  netSalesCents: number;
  orders: number;
  guests: number;
  refundsCents: number;
  refundCount: number;
  discountsCents: number;
}

export interface TComparisonSumsRow {
  restaurantId: number;
  xid: string;
  name: string;
  timeZone: string | null;
  current: TPeriodSums;
  previous: TPeriodSums;
}

export interface TRanges {
  current: { from: string; to: string };
  previous: { from: string; to: string };
}

const SORT_SQL: Record<TComparisonSort, SQL> = {
  name: sql`lower(s.name)`,
  netSales: sql`coalesce(d.c_net, 0)`,
  orders: sql`coalesce(d.c_orders, 0)`,
  guests: sql`coalesce(d.c_guests, 0)`,
  averageCheck: sql`coalesce(d.c_net, 0)::float8 / nullif(d.c_orders, 0)`,
  refunds: sql`coalesce(d.c_refunds, 0)`,
  discounts: sql`coalesce(d.c_discounts, 0)`,
  netSalesChange: sql`(coalesce(d.c_net, 0) - coalesce(d.p_net, 0))::float8 / nullif(abs(d.p_net), 0)`,
};

const sumsOf = (row: TRow, p: 'c' | 'p'): TPeriodSums => ({
  netSalesCents: num(row[`${p}_net`]),
  orders: num(row[`${p}_orders`]),
  guests: num(row[`${p}_guests`]),
  refundsCents: num(row[`${p}_refunds`]),
  refundCount: num(row[`${p}_refund_count`]),
  discountsCents: num(row[`${p}_discounts`]),
});

/**
 * The only place with the comparison's SQL. It reads the per-restaurant daily rollup (db/schema/comparison-days.ts),
 * never the order rows, and every query is limited to the caller's reach.
 */
export class ComparisonRepository {
  constructor(private readonly db: Database) {}

  /** An agent team member's role and, for a 'member', the restaurants assigned to them. */
  async teamMember(userId: number): Promise<{ teamRole: string; restaurantIds: number[] } | null> {
    const [row] = await rowsOf(this.db, sql`select team_role from agent_team_members where user_id = ${userId}`);
    if (!row) return null;
    const ids = await rowsOf(
      this.db,
      sql`select restaurant_id from agent_member_restaurants where user_id = ${userId} order by restaurant_id`,
    );
    return { teamRole: str(row.team_role), restaurantIds: ids.map((r) => num(r.restaurant_id)) };
  }

  private scope(reach: TReach): SQL {
    const parts: SQL[] = [sql`n.path like ${`${reach.path}%`}`];
    if (reach.restaurantIds !== null) parts.push(sql`r.id = any(${arrayParam(reach.restaurantIds, 'int')})`);
    if (reach.q) {
      const like = `%${reach.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(sql`(lower(r.name) like ${like} or lower(coalesce(r.fullname, '')) like ${like})`);
    }
    return sql.join(parts, sql` and `);
  }

  /** Per-restaurant sums of both periods, as a CTE pair `s` (restaurants) and `d` (sums). */
  private withSums(reach: TReach, ranges: TRanges): SQL {
    const { current: c, previous: p } = ranges;
    const inC = sql`ds.business_day between ${c.from}::date and ${c.to}::date`;
    const inP = sql`ds.business_day between ${p.from}::date and ${p.to}::date`;
    return sql`with s as (
        select r.id, n.xid, r.name, r.time_zone from restaurants r join nodes n on n.id = r.node_id
        where ${this.scope(reach)}
      ), d as (
        select ds.restaurant_id,
          sum(ds.net_sales_cents) filter (where ${inC}) as c_net,
          sum(ds.order_count) filter (where ${inC}) as c_orders,
          sum(ds.guest_count) filter (where ${inC}) as c_guests,
          sum(ds.refund_cents) filter (where ${inC}) as c_refunds,
          sum(ds.refund_count) filter (where ${inC}) as c_refund_count,
          sum(ds.discount_cents) filter (where ${inC}) as c_discounts,
          sum(ds.net_sales_cents) filter (where ${inP}) as p_net,
          sum(ds.order_count) filter (where ${inP}) as p_orders,
          sum(ds.guest_count) filter (where ${inP}) as p_guests,
          sum(ds.refund_cents) filter (where ${inP}) as p_refunds,
          sum(ds.refund_count) filter (where ${inP}) as p_refund_count,
          sum(ds.discount_cents) filter (where ${inP}) as p_discounts
        from daily_restaurant_sales ds
        where ds.restaurant_id in (select id from s) and ds.business_day between ${p.from}::date and ${c.to}::date
        group by ds.restaurant_id
      )`;
  }

  /**
   * One page of restaurants, sorted, with the number that match and the sums over all of them
   * (window sums, computed in the same pass). `limit` null: every row (exports).
   */
  async page(
    reach: TReach,
    ranges: TRanges,
    sort: TComparisonSort,
    order: 'asc' | 'desc',
    limit: number | null,
    offset: number,
  ): Promise<{
    rows: TComparisonSumsRow[];
    total: number;
    totals: { current: TPeriodSums; previous: TPeriodSums } | null;
  }> {
    const dir = order === 'asc' ? sql`asc` : sql`desc`;
    const cols = ['net', 'orders', 'guests', 'refunds', 'refund_count', 'discounts'];
    const windowSums = sql.raw(
      ['c', 'p'].flatMap((p) => cols.map((c) => `coalesce(sum(d.${p}_${c}) over (), 0) as t_${p}_${c}`)).join(', '),
    );
    const rows = await rowsOf(
      this.db,
      sql`${this.withSums(reach, ranges)}
        select s.id, s.xid, s.name, s.time_zone, d.*, count(*) over () as total, ${windowSums}
        from s left join d on d.restaurant_id = s.id
        order by ${SORT_SQL[sort]} ${dir} nulls last, lower(s.name), s.id
        ${limit === null ? sql`` : sql`limit ${limit} offset ${offset}`}`,
    );
    const first = rows[0];
    const totalsOf = (row: TRow) => ({
      current: sumsOf(Object.fromEntries(cols.map((c) => [`c_${c}`, row[`t_c_${c}`]])), 'c'),
      previous: sumsOf(Object.fromEntries(cols.map((c) => [`p_${c}`, row[`t_p_${c}`]])), 'p'),
    });
    return {
      rows: rows.map((row) => ({
        restaurantId: num(row.id),
        xid: str(row.xid),
        name: str(row.name),
        timeZone: strOrNull(row.time_zone),
        current: sumsOf(row, 'c'),
        previous: sumsOf(row, 'p'),
      })),
      total: first ? num(first.total) : 0,
      totals: first ? totalsOf(first) : null,
    };
  }

  /** Totals and count alone (a page past the end has no row to carry them). */
  async totals(reach: TReach, ranges: TRanges) {
    const [row] = await rowsOf(
      this.db,
      sql`${this.withSums(reach, ranges)}
        select count(*) as total,
          coalesce(sum(d.c_net), 0) as c_net, coalesce(sum(d.c_orders), 0) as c_orders,
          coalesce(sum(d.c_guests), 0) as c_guests, coalesce(sum(d.c_refunds), 0) as c_refunds,
          coalesce(sum(d.c_refund_count), 0) as c_refund_count, coalesce(sum(d.c_discounts), 0) as c_discounts,
          coalesce(sum(d.p_net), 0) as p_net, coalesce(sum(d.p_orders), 0) as p_orders,
          coalesce(sum(d.p_guests), 0) as p_guests, coalesce(sum(d.p_refunds), 0) as p_refunds,
          coalesce(sum(d.p_refund_count), 0) as p_refund_count, coalesce(sum(d.p_discounts), 0) as p_discounts
        from s left join d on d.restaurant_id = s.id`,
    );
    return {
      total: num(row?.total),
      totals: { current: sumsOf(row ?? {}, 'c'), previous: sumsOf(row ?? {}, 'p') },
    };
  }

  /** Every restaurant id in reach (for labour totals of a small group). */
  async ids(reach: TReach): Promise<number[]> {
    const rows = await rowsOf(
      this.db,
      sql`select r.id from restaurants r join nodes n on n.id = r.node_id where ${this.scope(reach)} order by r.id`,
    );
    return rows.map((r) => num(r.id));
  }

  /** Sums per business day over every restaurant in reach, from `from` to `to`. */
  async daily(reach: TReach, from: string, to: string) {
    const rows = await rowsOf(
      this.db,
      sql`select ds.business_day as day, sum(ds.net_sales_cents) as net, sum(ds.order_count) as orders,
                 sum(ds.guest_count) as guests, sum(ds.refund_cents) as refunds, sum(ds.refund_count) as refund_count,
                 sum(ds.discount_cents) as discounts
          from daily_restaurant_sales ds
          where ds.restaurant_id in (select r.id from restaurants r join nodes n on n.id = r.node_id where ${this.scope(reach)})
            and ds.business_day between ${from}::date and ${to}::date
          group by ds.business_day`,
    );
    return new Map(
      rows.map((row) => [
        dayOf(row.day),
        {
          netSalesCents: num(row.net),
          orders: num(row.orders),
          guests: num(row.guests),
          refundsCents: num(row.refunds),
          refundCount: num(row.refund_count),
          discountsCents: num(row.discounts),
        } satisfies TPeriodSums,
      ]),
    );
  }
}
