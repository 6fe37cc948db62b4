import { sql, type SQL } from 'drizzle-orm';
import type { TCustomerFilter, TCustomerRow } from '@ra/shared/customers/customers.schemas';
import type { Database } from '../../db/client.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { affectedRows, arrayParam, num, rowsOf, strOrNull, type TRow } from '../../db/sql-util.ts';

/** A timestamp as the list has always shown it (whole seconds when the driver gives a Date). */
export const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

const RANGE_DAYS: Record<TCustomerFilter['range'], number | null> = {
  '1m': 30,
  '3m': 91,
  '6m': 182,
  '1y': 365,
  all: null,
};
const SORT_COLUMNS = { points: 'c.points', lastOrderAt: 'c.last_order_at', totalOrders: 'c.total_orders' } as const;

function customerRow(r: TRow): TCustomerRow {
  return {
    id: num(r.id),
    phone: String(r.phone),
    name: strOrNull(r.name),
    language: r.language === 'zh' ? 'zh' : 'en',
    firstOrderAt: iso(r.first_order_at)!,
    lastOrderAt: iso(r.last_order_at)!,
    totalOrders: num(r.total_orders),
    totalSpentCents: num(r.total_spent_cents),
    points: num(r.points),
    favouriteItem: strOrNull(r.favourite_item),
    optedOut: r.opted_out === true,
  };
}

/** Who a campaign goes to: chosen ids, or every result of a filter. */
export type TAudienceQuery = { ids: number[] } | { filter: TCustomerFilter };

/**
 * The only place with the customer list's SQL (tables customers, customer_settings, sms_opt_outs and
 * the orders they are built from). Every query is filtered by the restaurant the caller passes.
 */
export class CustomersRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with this repository and the audit log bound to it (`tx` for callbacks). */
  transaction<T>(work: (repo: CustomersRepository, audit: AuditRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new CustomersRepository(tx), new AuditRepository(tx), tx));
  }

  /**
   * Rebuilds the restaurant's customers from its orders in one transaction (the rules are in
   * CustomersService.recompute); answers how many customer rows were written or dropped.
   */
  async rebuild(restaurantId: number, now: Date): Promise<number> {
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`insert into customer_settings (restaurant_id) values (${restaurantId})
        on conflict (restaurant_id) do nothing`);
      const upserted = await tx.execute(sql`
        with o as (
          select id, customer_phone as phone, customer_name, customer_language, opened_at, status,
            net_sales_cents, total_cents, refunded_cents
          from orders where restaurant_id = ${restaurantId} and customer_phone is not null
        ),
        agg as (
          select phone, min(opened_at) as first_at, max(opened_at) as last_at,
            count(*) filter (where status <> 'voided')::int as total_orders,
            coalesce(sum(greatest(total_cents - refunded_cents, 0)) filter (where status <> 'voided'), 0) as spent,
            coalesce(sum(greatest(net_sales_cents - refunded_cents, 0)) filter (where status <> 'voided'), 0) as net
          from o group by phone
        ),
        who as (
          select distinct on (phone) phone, customer_name, customer_language from o
          where customer_name is not null or customer_language is not null
          order by phone, opened_at desc
        ),
        fav as (
          select distinct on (o.phone) o.phone, i.name
          from o join order_items i on i.restaurant_id = ${restaurantId} and i.order_id = o.id
          where o.status <> 'voided' and not i.voided
          group by o.phone, i.name
          order by o.phone, sum(i.quantity) desc, i.name
        ),
        rule as (select points_per_dollar from customer_settings where restaurant_id = ${restaurantId})
        insert into customers (restaurant_id, phone, name, language, first_order_at, last_order_at, total_orders,
          total_spent_cents, points, favourite_item, updated_at)
        select ${restaurantId}, agg.phone, who.customer_name, coalesce(who.customer_language, 'en'), agg.first_at,
          agg.last_at, agg.total_orders, agg.spent, (floor(agg.net / 100) * (select points_per_dollar from rule))::int,
          fav.name, ${at}::timestamptz
        from agg left join who on who.phone = agg.phone left join fav on fav.phone = agg.phone
        on conflict (restaurant_id, phone) do update set name = excluded.name, language = excluded.language,
          first_order_at = excluded.first_order_at, last_order_at = excluded.last_order_at,
          total_orders = excluded.total_orders, total_spent_cents = excluded.total_spent_cents,
          points = excluded.points, favourite_item = excluded.favourite_item, updated_at = excluded.updated_at`);
      const deleted = await tx.execute(sql`delete from customers c where c.restaurant_id = ${restaurantId}
        and not exists (select 1 from orders o where o.restaurant_id = ${restaurantId} and o.customer_phone = c.phone)`);
      await tx.execute(
        sql`update customer_settings set computed_at = ${at}::timestamptz where restaurant_id = ${restaurantId}`,
      );
      return affectedRows(upserted) + affectedRows(deleted);
    });
  }

  /** The planner's estimate of the customers table's rows; negative when it was never analyzed. */
  async estimatedRows(): Promise<number> {
    const [table] = await rowsOf(this.db, sql`select reltuples from pg_class where oid = 'customers'::regclass`);
    return Number(table?.reltuples ?? -1);
  }

  /** Gathers the planner's statistics on customers. */
  async analyze(): Promise<void> {
    await this.db.execute(sql`analyze customers`);
  }

  /** The WHERE of a filter, for the list and for "every result of a filter" in a campaign. */
  private where(restaurantId: number, filter: TCustomerFilter, now: Date): SQL {
    const nowMs = now.getTime();
    const parts: SQL[] = [sql`c.restaurant_id = ${restaurantId}`];
    const days = RANGE_DAYS[filter.range];
    if (days !== null)
      parts.push(sql`c.last_order_at >= ${new Date(nowMs - days * 86_400_000).toISOString()}::timestamptz`);
    if (filter.spentMin !== undefined) parts.push(sql`c.total_spent_cents >= ${filter.spentMin}`);
    if (filter.spentMax !== undefined) parts.push(sql`c.total_spent_cents <= ${filter.spentMax}`);
    if (filter.ordersMin !== undefined) parts.push(sql`c.total_orders >= ${filter.ordersMin}`);
    if (filter.ordersMax !== undefined) parts.push(sql`c.total_orders <= ${filter.ordersMax}`);
    if (filter.notSeenDays !== undefined)
      parts.push(
        sql`c.last_order_at < ${new Date(nowMs - filter.notSeenDays * 86_400_000).toISOString()}::timestamptz`,
      );
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      parts.push(sql`(c.phone like ${like} or c.name ilike ${like})`);
    }
    return sql.join(parts, sql` and `);
  }

  private orderBy(filter: TCustomerFilter): SQL {
    const dir = filter.order === 'asc' ? 'asc' : 'desc';
    return sql.raw(`${SORT_COLUMNS[filter.sort]} ${dir}, c.id ${dir}`);
  }

  /** Matching customers in the filter's order, `limit` from `offset`. */
  async page(restaurantId: number, filter: TCustomerFilter, now: Date, limit: number, offset: number) {
    const rows = await rowsOf(
      this.db,
      sql`select c.*, (o.phone is not null) as opted_out from customers c left join sms_opt_outs o on o.phone = c.phone
        where ${this.where(restaurantId, filter, now)} order by ${this.orderBy(filter)}
        limit ${limit} offset ${offset}`,
    );
    return rows.map(customerRow);
  }

  /** When the list was last rebuilt (null: never). */
  async computedAt(restaurantId: number): Promise<string | null> {
    const [settings] = await rowsOf(
      this.db,
      sql`select computed_at from customer_settings where restaurant_id = ${restaurantId}`,
    );
    return iso(settings?.computed_at);
  }

  /** Customers whose name, any case with spaces collapsed, is one of `names` (already normalised). */
  async byNormalNames(restaurantId: number, names: string[], limit: number) {
    const rows = await rowsOf(
      this.db,
      sql`select id, name, phone from customers
        where restaurant_id = ${restaurantId}
          and lower(regexp_replace(btrim(name), '\s+', ' ', 'g')) = any(${arrayParam(names, 'text')})
        order by name, id limit ${limit}`,
    );
    return rows.map((r) => ({ id: num(r.id), name: String(r.name), phone: String(r.phone) }));
  }

  /** Customers matching a filter, counted up to `cap` + 1. */
  async countUpTo(restaurantId: number, filter: TCustomerFilter, now: Date, cap: number): Promise<number> {
    const [count] = await rowsOf(
      this.db,
      sql`select count(*)::int as n from (select 1 from customers c where ${this.where(restaurantId, filter, now)}
        limit ${cap + 1}) x`,
    );
    return num(count?.n);
  }

  /** A campaign's audience, `limit` at most: by id in id order, or a filter in its own order. */
  async audience(restaurantId: number, audience: TAudienceQuery, now: Date, limit: number) {
    const where =
      'ids' in audience
        ? sql`c.restaurant_id = ${restaurantId} and c.id = any(${arrayParam(audience.ids, 'int8')})`
        : this.where(restaurantId, audience.filter, now);
    const order = 'ids' in audience ? sql`c.id` : this.orderBy(audience.filter);
    const rows = await rowsOf(
      this.db,
      sql`select c.id, c.phone, c.language, (o.phone is not null) as opted_out
        from customers c left join sms_opt_outs o on o.phone = c.phone
        where ${where} order by ${order} limit ${limit}`,
    );
    return rows.map((r) => ({
      id: num(r.id),
      phone: String(r.phone),
      language: r.language === 'zh' ? ('zh' as const) : ('en' as const),
      optedOut: r.opted_out === true,
    }));
  }

  async customer(restaurantId: number, id: number): Promise<TCustomerRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select c.*, (o.phone is not null) as opted_out from customers c left join sms_opt_outs o on o.phone = c.phone
        where c.restaurant_id = ${restaurantId} and c.id = ${id}`,
    );
    return row ? customerRow(row) : undefined;
  }

  /** The restaurant's latest 100 orders from a phone. */
  async ordersOf(restaurantId: number, phone: string) {
    const orders = await rowsOf(
      this.db,
      sql`select id, order_number, opened_at, status, net_sales_cents, total_cents, refunded_cents from orders
        where restaurant_id = ${restaurantId} and customer_phone = ${phone}
        order by opened_at desc limit 100`,
    );
    return orders.map((o) => ({
      id: num(o.id),
      orderNumber: strOrNull(o.order_number),
      openedAt: iso(o.opened_at)!,
      status: String(o.status),
      netSalesCents: num(o.net_sales_cents),
      totalCents: num(o.total_cents),
      refundedCents: num(o.refunded_cents),
    }));
  }

  /** A phone's latest 100 opt-outs and opt-ins. */
  async optHistory(phone: string) {
    const history = await rowsOf(
      this.db,
      sql`select kind, body, at from sms_opt_events where phone = ${phone} order by at desc, id desc limit 100`,
    );
    return history.map((h) => ({
      kind: h.kind === 'optIn' ? ('optIn' as const) : ('optOut' as const),
      body: String(h.body),
      at: iso(h.at)!,
    }));
  }

  /** The restaurant's points rule, or null when it never set one. */
  async pointsPerDollar(restaurantId: number): Promise<number | null> {
    const [row] = await rowsOf(
      this.db,
      sql`select points_per_dollar from customer_settings where restaurant_id = ${restaurantId}`,
    );
    return row ? num(row.points_per_dollar) : null;
  }

  async savePointsPerDollar(restaurantId: number, pointsPerDollar: number): Promise<void> {
    await this.db
      .execute(sql`insert into customer_settings (restaurant_id, points_per_dollar) values (${restaurantId}, ${pointsPerDollar})
        on conflict (restaurant_id) do update set points_per_dollar = excluded.points_per_dollar`);
  }
}
