import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { num, rowsOf, str, strOrNull } from '../../db/sql-util.ts';
import type { TCalendarFigures } from '@ra/shared/dashboard/order-calendar.schemas';
import type { TLatestOrder } from '@ra/shared/dashboard/dashboard.schemas';

export class DashboardRepository {
  constructor(private readonly db: Database) {}

  async clock(restaurantId: number): Promise<{ timeZone: string | null; hourOffsetEndOfDay: number }> {
    const [row] = await rowsOf(
      this.db,
      sql`select time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId}`,
    );
    return { timeZone: strOrNull(row?.time_zone), hourOffsetEndOfDay: num(row?.hour_offset_end_of_day) };
  }

  /** Per business day of the range, from the daily rollup. */
  async days(
    restaurantId: number,
    from: string,
    to: string,
  ): Promise<Map<string, { orders: number; parties: number; guests: number; netSalesCents: number }>> {
    const rows = await rowsOf(
      this.db,
      sql`select business_day::text as day, sum(order_count)::float8 as orders, sum(party_count)::float8 as parties,
            sum(guest_count)::float8 as guests, sum(net_sales_cents)::float8 as net
          from daily_sales where restaurant_id = ${restaurantId} and business_day between ${from}::date and ${to}::date
          group by business_day`,
    );
    return new Map(
      rows.map((r) => [
        str(r.day),
        { orders: num(r.orders), parties: num(r.parties), guests: num(r.guests), netSalesCents: num(r.net) },
      ]),
    );
  }

  /** Orders of one business day opened before `until`: "so far" needs the raw rows, not the day's rollup. */
  async daySoFar(
    restaurantId: number,
    day: string,
    until: Date,
  ): Promise<{ netSalesCents: number; orders: number; guests: number; openOrders: number }> {
    const [row] = await rowsOf(
      this.db,
      sql`select count(*) filter (where status = 'closed')::float8 as orders,
            coalesce(sum(party_size) filter (where status = 'closed'), 0)::float8 as guests,
            coalesce(sum(net_sales_cents) filter (where status = 'closed'), 0)::float8 as net,
            count(*) filter (where status = 'open')::float8 as open
          from orders where restaurant_id = ${restaurantId} and business_day = ${day}::date
            and opened_at < ${until.toISOString()}::timestamptz`,
    );
    return {
      netSalesCents: num(row?.net),
      orders: num(row?.orders),
      guests: num(row?.guests),
      openOrders: num(row?.open),
    };
  }

  /** Per month ('YYYY-MM') of a year, from the daily rollup. */
  async months(restaurantId: number, year: string): Promise<Map<string, TCalendarFigures>> {
    const rows = await rowsOf(
      this.db,
      sql`select to_char(business_day, 'YYYY-MM') as month, sum(order_count)::float8 as orders,
            sum(party_count)::float8 as parties, sum(guest_count)::float8 as guests, sum(net_sales_cents)::float8 as net
          from daily_sales where restaurant_id = ${restaurantId}
            and business_day between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date
          group by 1`,
    );
    return new Map(
      rows.map((r) => [
        str(r.month),
        { orders: num(r.orders), parties: num(r.parties), guests: num(r.guests), netSalesCents: num(r.net) },
      ]),
    );
  }

  async latestOrders(restaurantId: number, limit: number): Promise<TLatestOrder[]> {
    const rows = await rowsOf(
      this.db,
      sql`select id, pos_order_id, order_number, channel, status, party_size, server_name, total_cents,
            (extract(epoch from opened_at) * 1000)::float8 as opened_ms
          from orders where restaurant_id = ${restaurantId} order by opened_at desc, id desc limit ${limit}`,
    );
    return rows.map((r) => ({
      id: num(r.id),
      posOrderId: str(r.pos_order_id),
      orderNumber: strOrNull(r.order_number),
      channel: str(r.channel) as TLatestOrder['channel'],
      status: str(r.status) as TLatestOrder['status'],
      partySize: num(r.party_size),
      serverName: strOrNull(r.server_name),
      openedAt: new Date(num(r.opened_ms)).toISOString(),
      totalCents: num(r.total_cents),
    }));
  }
}
