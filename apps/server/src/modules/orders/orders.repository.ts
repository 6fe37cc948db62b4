import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type {
  TDiscountRow,
  TItemRow,
  TOptionRow,
  TOrderRow,
  TOrderRows,
  TPaymentRow,
  TPayoutRow,
  TRefundRow,
  TRestaurantClock,
  TTaxRow,
} from './order-rows.ts';
import { arrayParam, num, rowsOf, str, strOrNull, unnestInsert, type TColumn } from './sql-util.ts';

export type TIngestResult = 'created' | 'updated' | 'unchanged';

export interface TIngestedOrder {
  posOrderId: string;
  orderId: number;
  businessDay: string;
  result: TIngestResult;
}

type TWithOrderId<T> = T & { orderId: number };

const ORDER_COLUMNS: TColumn<TWithOrderId<TOrderRow> & { restaurantId: number }>[] = [
  { name: 'id', type: 'int8', value: (r) => r.orderId },
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'pos_order_id', type: 'text', value: (r) => r.posOrderId },
  { name: 'order_number', type: 'text', value: (r) => r.orderNumber },
  { name: 'channel', type: 'text', value: (r) => r.channel },
  { name: 'delivery_platform', type: 'text', value: (r) => r.deliveryPlatform },
  { name: 'table_name', type: 'text', value: (r) => r.tableName },
  { name: 'party_size', type: 'int4', value: (r) => r.partySize },
  { name: 'server_id', type: 'text', value: (r) => r.serverId },
  { name: 'server_name', type: 'text', value: (r) => r.serverName },
  { name: 'status', type: 'text', value: (r) => r.status },
  { name: 'opened_at', type: 'timestamptz', value: (r) => r.openedAt },
  { name: 'closed_at', type: 'timestamptz', value: (r) => r.closedAt },
  { name: 'business_day', type: 'date', value: (r) => r.businessDay },
  { name: 'opened_hour', type: 'int4', value: (r) => r.openedHour },
  { name: 'voided_by', type: 'text', value: (r) => r.voidedBy },
  { name: 'voided_reason', type: 'text', value: (r) => r.voidedReason },
  { name: 'voided_at', type: 'timestamptz', value: (r) => r.voidedAt },
  { name: 'gross_sales_cents', type: 'int8', value: (r) => r.grossSalesCents },
  { name: 'item_discount_cents', type: 'int8', value: (r) => r.itemDiscountCents },
  { name: 'order_discount_cents', type: 'int8', value: (r) => r.orderDiscountCents },
  { name: 'comp_cents', type: 'int8', value: (r) => r.compCents },
  { name: 'void_cents', type: 'int8', value: (r) => r.voidCents },
  { name: 'net_sales_cents', type: 'int8', value: (r) => r.netSalesCents },
  { name: 'tax_cents', type: 'int8', value: (r) => r.taxCents },
  { name: 'service_charge_cents', type: 'int8', value: (r) => r.serviceChargeCents },
  { name: 'tip_cents', type: 'int8', value: (r) => r.tipCents },
  { name: 'total_cents', type: 'int8', value: (r) => r.totalCents },
  { name: 'paid_cents', type: 'int8', value: (r) => r.paidCents },
  { name: 'refunded_cents', type: 'int8', value: (r) => r.refundedCents },
  { name: 'comp_quantity', type: 'int4', value: (r) => r.compQuantity },
  { name: 'void_quantity', type: 'int4', value: (r) => r.voidQuantity },
  { name: 'has_tax_lines', type: 'bool', value: (r) => r.hasTaxLines },
  { name: 'payload_hash', type: 'text', value: (r) => r.payloadHash },
  { name: 'payload', type: 'jsonb', value: (r) => JSON.stringify(r.payload) },
];

type TChild<T> = TWithOrderId<T> & { restaurantId: number };

const ITEM_COLUMNS: TColumn<TChild<TItemRow>>[] = [
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'line_no', type: 'int4', value: (r) => r.lineNo },
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'pos_item_id', type: 'text', value: (r) => r.posItemId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'category', type: 'text', value: (r) => r.category },
  { name: 'quantity', type: 'int4', value: (r) => r.quantity },
  { name: 'unit_price_cents', type: 'int8', value: (r) => r.unitPriceCents },
  { name: 'options_cents', type: 'int8', value: (r) => r.optionsCents },
  { name: 'gross_cents', type: 'int8', value: (r) => r.grossCents },
  { name: 'line_discount_cents', type: 'int8', value: (r) => r.lineDiscountCents },
  { name: 'discount_cents', type: 'int8', value: (r) => r.discountCents },
  { name: 'comp_cents', type: 'int8', value: (r) => r.compCents },
  { name: 'net_cents', type: 'int8', value: (r) => r.netCents },
  { name: 'tax_cents', type: 'int8', value: (r) => r.taxCents },
  { name: 'voided', type: 'bool', value: (r) => r.voided },
  { name: 'comped', type: 'bool', value: (r) => r.comped },
  { name: 'comp_void_kind', type: 'text', value: (r) => r.compVoidKind },
  { name: 'comp_void_by', type: 'text', value: (r) => r.compVoidBy },
  { name: 'comp_void_reason', type: 'text', value: (r) => r.compVoidReason },
  { name: 'comp_void_at', type: 'timestamptz', value: (r) => r.compVoidAt },
  { name: 'business_day', type: 'date', value: (r) => r.businessDay },
];

const OPTION_COLUMNS: TColumn<TChild<TOptionRow>>[] = [
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'line_no', type: 'int4', value: (r) => r.lineNo },
  { name: 'option_no', type: 'int4', value: (r) => r.optionNo },
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'group_name', type: 'text', value: (r) => r.groupName },
  { name: 'price_cents', type: 'int8', value: (r) => r.priceCents },
  { name: 'quantity', type: 'int4', value: (r) => r.quantity },
];

const DISCOUNT_COLUMNS: TColumn<TChild<TDiscountRow>>[] = [
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'discount_no', type: 'int4', value: (r) => r.discountNo },
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'line_no', type: 'int4', value: (r) => r.lineNo },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'kind', type: 'text', value: (r) => r.kind },
  { name: 'coupon_code', type: 'text', value: (r) => r.couponCode },
  { name: 'amount_cents', type: 'int8', value: (r) => r.amountCents },
  { name: 'applied_by', type: 'text', value: (r) => r.appliedBy },
];

const TAX_COLUMNS: TColumn<TChild<TTaxRow>>[] = [
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'tax_no', type: 'int4', value: (r) => r.taxNo },
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'rate_basis_points', type: 'int4', value: (r) => r.rateBasisPoints },
  { name: 'taxable_cents', type: 'int8', value: (r) => r.taxableCents },
  { name: 'tax_cents', type: 'int8', value: (r) => r.taxCents },
];

const PAYMENT_COLUMNS: TColumn<TChild<TPaymentRow>>[] = [
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'pos_payment_id', type: 'text', value: (r) => r.posPaymentId },
  { name: 'method', type: 'text', value: (r) => r.method },
  { name: 'card_brand', type: 'text', value: (r) => r.cardBrand },
  { name: 'card_last4', type: 'text', value: (r) => r.cardLast4 },
  { name: 'amount_cents', type: 'int8', value: (r) => r.amountCents },
  { name: 'tip_cents', type: 'int8', value: (r) => r.tipCents },
  { name: 'refunded_cents', type: 'int8', value: (r) => r.refundedCents },
  { name: 'paid_at', type: 'timestamptz', value: (r) => r.paidAt },
  { name: 'business_day', type: 'date', value: (r) => r.businessDay },
];

const REFUND_COLUMNS: TColumn<TChild<TRefundRow>>[] = [
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'order_id', type: 'int8', value: (r) => r.orderId },
  { name: 'pos_refund_id', type: 'text', value: (r) => r.posRefundId },
  { name: 'pos_payment_id', type: 'text', value: (r) => r.posPaymentId },
  { name: 'method', type: 'text', value: (r) => r.method },
  { name: 'card_brand', type: 'text', value: (r) => r.cardBrand },
  { name: 'card_last4', type: 'text', value: (r) => r.cardLast4 },
  { name: 'amount_cents', type: 'int8', value: (r) => r.amountCents },
  { name: 'reason', type: 'text', value: (r) => r.reason },
  { name: 'refunded_by', type: 'text', value: (r) => r.refundedBy },
  { name: 'refunded_at', type: 'timestamptz', value: (r) => r.refundedAt },
  { name: 'business_day', type: 'date', value: (r) => r.businessDay },
];

const PAYOUT_COLUMNS: TColumn<TPayoutRow & { restaurantId: number }>[] = [
  { name: 'restaurant_id', type: 'int4', value: (r) => r.restaurantId },
  { name: 'kind', type: 'text', value: (r) => r.kind },
  { name: 'external_id', type: 'text', value: (r) => r.externalId },
  { name: 'amount_cents', type: 'int8', value: (r) => r.amountCents },
  { name: 'reason', type: 'text', value: (r) => r.reason },
  { name: 'paid_by', type: 'text', value: (r) => r.paidBy },
  { name: 'paid_at', type: 'timestamptz', value: (r) => r.paidAt },
  { name: 'business_day', type: 'date', value: (r) => r.businessDay },
];

/** Which orders' contributions to add or take away: some orders, or all of a restaurant's. */
type TScope = { restaurantId: number; orderIds: readonly number[] | 'all' };

/** `alias.restaurant_id = r [and alias.<orderColumn> = any(ids)]`: the tenant first, for the index. */
function scoped(scope: TScope, alias: string, orderColumn: string): SQL {
  const tenant = sql`${sql.raw(alias)}.restaurant_id = ${scope.restaurantId}`;
  if (scope.orderIds === 'all') return tenant;
  return sql`${tenant} and ${sql.raw(`${alias}.${orderColumn}`)} = any(${arrayParam(scope.orderIds, 'int8')})`;
}

function increments(table: string, columns: readonly string[]): SQL {
  return sql.raw(columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));
}

const DAILY_SALES_SUMS = [
  'order_count',
  'guest_count',
  'party_count',
  'gross_sales_cents',
  'item_discount_cents',
  'order_discount_cents',
  'comp_cents',
  'comp_quantity',
  'void_cents',
  'void_quantity',
  'net_sales_cents',
  'tax_cents',
  'service_charge_cents',
  'tip_cents',
  'payment_count',
  'paid_cents',
  'refund_count',
  'refund_cents',
  'open_order_count',
  'voided_order_count',
  'turn_seconds',
  'turn_count',
] as const;

/**
 * Adds (sign 1) or takes away (sign -1) the scope's orders' contributions to every rollup table, in
 * the caller's transaction. Set-based: one statement per rollup table whatever the number of orders,
 * and rows are upserted in key order so concurrent pushes lock rollup rows in the same order.
 * The same statements rebuild a restaurant's rollups from scratch (scope 'all'), so the incremental
 * path and the rebuild cannot disagree on a definition.
 */
export async function applyRollups(db: Database, sign: 1 | -1, scope: TScope): Promise<void> {
  if (scope.orderIds !== 'all' && scope.orderIds.length === 0) return;
  const s = sql.raw(sign === 1 ? '1' : '-1');
  const sums = (columns: readonly string[]) => sql.raw(columns.map((c) => `${sign} * sum(${c})`).join(', '));
  const closed = `o.status = 'closed'`;
  const closedOrVoided = `o.status in ('closed', 'voided')`;

  await db.execute(sql`
    insert into daily_sales as t (restaurant_id, business_day, channel, ${sql.raw(DAILY_SALES_SUMS.join(', '))})
    select restaurant_id, business_day, channel, ${sums(DAILY_SALES_SUMS)}
    from (
      select o.restaurant_id, o.business_day, o.channel,
        (${sql.raw(closed)})::int as order_count,
        case when ${sql.raw(closed)} then o.party_size else 0 end as guest_count,
        (${sql.raw(closed)} and o.party_size > 0)::int as party_count,
        case when ${sql.raw(closed)} then o.gross_sales_cents else 0 end as gross_sales_cents,
        case when ${sql.raw(closed)} then o.item_discount_cents else 0 end as item_discount_cents,
        case when ${sql.raw(closed)} then o.order_discount_cents else 0 end as order_discount_cents,
        case when ${sql.raw(closed)} then o.comp_cents else 0 end as comp_cents,
        case when ${sql.raw(closed)} then o.comp_quantity else 0 end as comp_quantity,
        case when ${sql.raw(closedOrVoided)} then o.void_cents else 0 end as void_cents,
        case when ${sql.raw(closedOrVoided)} then o.void_quantity else 0 end as void_quantity,
        case when ${sql.raw(closed)} then o.net_sales_cents else 0 end as net_sales_cents,
        case when ${sql.raw(closed)} then o.tax_cents else 0 end as tax_cents,
        case when ${sql.raw(closed)} then o.service_charge_cents else 0 end as service_charge_cents,
        case when ${sql.raw(closed)} then o.tip_cents else 0 end as tip_cents,
        0 as payment_count, 0::int8 as paid_cents, 0 as refund_count, 0::int8 as refund_cents,
        (o.status = 'open')::int as open_order_count,
        (o.status = 'voided')::int as voided_order_count,
        case when ${sql.raw(closed)} and o.channel = 'dineIn'
          then floor(extract(epoch from (o.closed_at - o.opened_at)))::int8 else 0 end as turn_seconds,
        (${sql.raw(closed)} and o.channel = 'dineIn')::int as turn_count
      from orders o where ${scoped(scope, 'o', 'id')}
      union all
      select p.restaurant_id, p.business_day, o.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, p.amount_cents, 0, 0, 0, 0, 0, 0
      from payments p join orders o on o.id = p.order_id
      where ${scoped(scope, 'p', 'order_id')}
      union all
      select r.restaurant_id, r.business_day, o.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 1, r.amount_cents, 0, 0, 0, 0
      from refunds r join orders o on o.id = r.order_id
      where ${scoped(scope, 'r', 'order_id')}
    ) x
    group by restaurant_id, business_day, channel
    order by restaurant_id, business_day, channel
    on conflict (restaurant_id, business_day, channel) do update set ${increments('t', DAILY_SALES_SUMS)}`);

  await db.execute(sql`
    insert into daily_item_sales as t
      (restaurant_id, business_day, category, pos_item_id, item_name, quantity, gross_cents, discount_cents, comp_cents, net_cents)
    select i.restaurant_id, i.business_day, i.category, i.pos_item_id, max(i.name),
      ${s} * sum(i.quantity), ${s} * sum(i.gross_cents), ${s} * sum(i.discount_cents),
      ${s} * sum(i.comp_cents), ${s} * sum(i.net_cents)
    from order_items i join orders o on o.id = i.order_id
    where ${scoped(scope, 'i', 'order_id')} and ${sql.raw(closed)} and not i.voided
    group by i.restaurant_id, i.business_day, i.category, i.pos_item_id
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, category, pos_item_id) do update set
      item_name = excluded.item_name, ${increments('t', ['quantity', 'gross_cents', 'discount_cents', 'comp_cents', 'net_cents'])}`);

  await db.execute(sql`
    insert into daily_option_sales as t (restaurant_id, business_day, group_name, option_name, quantity, amount_cents)
    select op.restaurant_id, i.business_day, op.group_name, op.name,
      ${s} * sum(i.quantity * op.quantity), ${s} * sum(i.quantity * op.quantity * op.price_cents)
    from order_item_options op
      join order_items i on i.order_id = op.order_id and i.line_no = op.line_no
      join orders o on o.id = op.order_id
    where ${scoped(scope, 'op', 'order_id')} and ${sql.raw(closed)} and not i.voided
    group by op.restaurant_id, i.business_day, op.group_name, op.name
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, group_name, option_name) do update set
      ${increments('t', ['quantity', 'amount_cents'])}`);

  await db.execute(sql`
    insert into daily_discount_sales as t (restaurant_id, business_day, kind, name, count, amount_cents)
    select d.restaurant_id, o.business_day, d.kind, d.name, ${s} * count(*), ${s} * sum(d.amount_cents)
    from order_discounts d join orders o on o.id = d.order_id
    where ${scoped(scope, 'd', 'order_id')} and ${sql.raw(closed)}
    group by d.restaurant_id, o.business_day, d.kind, d.name
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, kind, name) do update set ${increments('t', ['count', 'amount_cents'])}`);

  await db.execute(sql`
    insert into daily_tax_sales as t (restaurant_id, business_day, name, rate_basis_points, taxable_cents, tax_cents)
    select restaurant_id, business_day, name, rate, ${s} * sum(taxable), ${s} * sum(tax)
    from (
      select tx.restaurant_id, o.business_day, tx.name, coalesce(tx.rate_basis_points, -1) as rate,
        tx.taxable_cents as taxable, tx.tax_cents as tax
      from order_taxes tx join orders o on o.id = tx.order_id
      where ${scoped(scope, 'tx', 'order_id')} and ${sql.raw(closed)}
      union all
      select o.restaurant_id, o.business_day, '', -1, o.net_sales_cents, o.tax_cents
      from orders o
      where ${scoped(scope, 'o', 'id')} and ${sql.raw(closed)} and not o.has_tax_lines and o.tax_cents > 0
    ) x
    group by restaurant_id, business_day, name, rate
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, name, rate_basis_points) do update set
      ${increments('t', ['taxable_cents', 'tax_cents'])}`);

  await db.execute(sql`
    insert into daily_payment_sales as t
      (restaurant_id, business_day, method, card_brand, count, amount_cents, tip_cents, refund_count, refund_cents)
    select restaurant_id, business_day, method, brand,
      ${s} * sum(n), ${s} * sum(amount), ${s} * sum(tip), ${s} * sum(refund_n), ${s} * sum(refund_amount)
    from (
      select p.restaurant_id, p.business_day, p.method, coalesce(p.card_brand, '') as brand,
        1 as n, p.amount_cents as amount, p.tip_cents as tip, 0 as refund_n, 0::int8 as refund_amount
      from payments p where ${scoped(scope, 'p', 'order_id')}
      union all
      select r.restaurant_id, r.business_day, r.method, coalesce(r.card_brand, ''), 0, 0, 0, 1, r.amount_cents
      from refunds r where ${scoped(scope, 'r', 'order_id')}
    ) x
    group by restaurant_id, business_day, method, brand
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, method, card_brand) do update set
      ${increments('t', ['count', 'amount_cents', 'tip_cents', 'refund_count', 'refund_cents'])}`);

  await db.execute(sql`
    insert into hourly_sales as t (restaurant_id, business_day, hour, order_count, guest_count, net_sales_cents)
    select o.restaurant_id, o.business_day, o.opened_hour, ${s} * count(*), ${s} * sum(o.party_size),
      ${s} * sum(o.net_sales_cents)
    from orders o
    where ${scoped(scope, 'o', 'id')} and ${sql.raw(closed)}
    group by o.restaurant_id, o.business_day, o.opened_hour
    order by 1, 2, 3
    on conflict (restaurant_id, business_day, hour) do update set
      ${increments('t', ['order_count', 'guest_count', 'net_sales_cents'])}`);
}

export const ROLLUP_TABLES = [
  'daily_sales',
  'daily_item_sales',
  'daily_option_sales',
  'daily_discount_sales',
  'daily_tax_sales',
  'daily_payment_sales',
  'hourly_sales',
] as const;

/** Every method takes the restaurant id first: callers pass the caller's own, never a client's. */
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  async findClock(restaurantId: number): Promise<{ timeZone: string | null; hourOffsetEndOfDay: number } | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId}`,
    );
    if (!row) return undefined;
    return { timeZone: strOrNull(row.time_zone), hourOffsetEndOfDay: num(row.hour_offset_end_of_day) };
  }

  /** Restaurants with what the demo generator needs; the busiest (first) is the lowest id. */
  async listRestaurantsForDemo(): Promise<
    Array<{
      id: number;
      name: string;
      timeZone: string | null;
      hourOffsetEndOfDay: number;
      weekly: Array<{ day: number; closed: boolean; open: string; close: string }>;
    }>
  > {
    const rows = await rowsOf(
      this.db,
      sql`select id, name, time_zone, hour_offset_end_of_day, business_hours from restaurants order by id`,
    );
    return rows.map((row) => ({
      id: num(row.id),
      name: str(row.name),
      timeZone: strOrNull(row.time_zone),
      hourOffsetEndOfDay: num(row.hour_offset_end_of_day),
      weekly: ((row.business_hours as { weekly?: unknown } | null)?.weekly ?? []) as Array<{
        day: number;
        closed: boolean;
        open: string;
        close: string;
      }>,
    }));
  }

  /**
   * Files a batch of orders in one transaction, all or nothing (a failing row, e.g. a constraint,
   * rolls back every order of the batch and its rollup changes). Per order, by (restaurant,
   * posOrderId): new ones are inserted; one whose validated payload hashes the same as the stored one
   * is left alone ('unchanged'); a changed one is replaced: its old rollup contributions are taken
   * away, its rows rewritten under the same order id, and the new contributions added.
   */
  async ingestOrders(restaurantId: number, batch: readonly TOrderRows[]): Promise<TIngestedOrder[]> {
    if (batch.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const posIds = batch.map((b) => b.order.posOrderId);
      // Serialises pushes of the same order (a POS retrying while the first push is still running),
      // in a fixed order so two batches cannot deadlock; other orders proceed in parallel.
      await tx.execute(sql`
        select pg_advisory_xact_lock(${restaurantId}, h)
        from (select distinct hashtext(x) as h from unnest(${arrayParam(posIds, 'text')}) x order by 1) locks`);
      const existing = new Map<string, { id: number; hash: string; createdAt: string }>();
      for (const row of await rowsOf(
        tx,
        sql`select id, pos_order_id, payload_hash, created_at from orders
            where restaurant_id = ${restaurantId} and pos_order_id = any(${arrayParam(posIds, 'text')})`,
      )) {
        existing.set(str(row.pos_order_id), {
          id: num(row.id),
          hash: str(row.payload_hash),
          createdAt: str(row.created_at),
        });
      }

      const results: TIngestedOrder[] = [];
      const toWrite: TWithOrderId<TOrderRows>[] = [];
      const replaced: number[] = [];
      const seen = new Set<string>();
      let newCount = 0;
      for (const rows of batch) {
        if (seen.has(rows.order.posOrderId)) throw new Error(`posOrderId ${rows.order.posOrderId} twice in one batch`);
        seen.add(rows.order.posOrderId);
        const old = existing.get(rows.order.posOrderId);
        if (old && old.hash === rows.order.payloadHash) {
          results.push({
            posOrderId: rows.order.posOrderId,
            orderId: old.id,
            businessDay: rows.order.businessDay,
            result: 'unchanged',
          });
          continue;
        }
        if (old) replaced.push(old.id);
        else newCount += 1;
        toWrite.push({ ...rows, orderId: old?.id ?? 0 });
      }

      if (newCount > 0) {
        const ids = await rowsOf(
          tx,
          sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id from generate_series(1, ${newCount})`,
        );
        let next = 0;
        for (const rows of toWrite) if (rows.orderId === 0) rows.orderId = num(ids[next++]?.id);
      }

      if (replaced.length > 0) {
        await applyRollups(tx, -1, { restaurantId, orderIds: replaced });
        // Children go with the order (on delete cascade); the order keeps its id when re-inserted.
        await tx.execute(
          sql`delete from orders where restaurant_id = ${restaurantId} and id = any(${arrayParam(replaced, 'int8')})`,
        );
      }
      await this.insertRows(tx, restaurantId, toWrite);
      await applyRollups(tx, 1, { restaurantId, orderIds: toWrite.map((r) => r.orderId) });

      const replacedSet = new Set(replaced);
      for (const rows of toWrite) {
        results.push({
          posOrderId: rows.order.posOrderId,
          orderId: rows.orderId,
          businessDay: rows.order.businessDay,
          result: replacedSet.has(rows.orderId) ? 'updated' : 'created',
        });
      }
      return results;
    });
  }

  private async insertRows(tx: Database, restaurantId: number, batch: readonly TWithOrderId<TOrderRows>[]) {
    if (batch.length === 0) return;
    const withIds = <T>(rows: (b: TWithOrderId<TOrderRows>) => readonly T[]) =>
      batch.flatMap((b) => rows(b).map((r) => ({ ...r, orderId: b.orderId, restaurantId })));
    await tx.execute(
      unnestInsert(
        'orders',
        ORDER_COLUMNS,
        batch.map((b) => ({ ...b.order, orderId: b.orderId, restaurantId })),
      ),
    );
    const children: Array<[string, TColumn<never>[], unknown[]]> = [
      ['order_items', ITEM_COLUMNS as TColumn<never>[], withIds((b) => b.items)],
      ['order_item_options', OPTION_COLUMNS as TColumn<never>[], withIds((b) => b.options)],
      ['order_discounts', DISCOUNT_COLUMNS as TColumn<never>[], withIds((b) => b.discounts)],
      ['order_taxes', TAX_COLUMNS as TColumn<never>[], withIds((b) => b.taxes)],
      ['payments', PAYMENT_COLUMNS as TColumn<never>[], withIds((b) => b.payments)],
      ['refunds', REFUND_COLUMNS as TColumn<never>[], withIds((b) => b.refunds)],
    ];
    for (const [table, columns, rows] of children) {
      if (rows.length > 0) await tx.execute(unnestInsert(table, columns, rows as never[]));
    }
  }

  /**
   * Files payouts by (restaurant, kind, externalId): a repeat with the same figures is 'unchanged', a
   * changed one is 'updated' in place. Payouts have no rollup: a year holds a few hundred rows.
   */
  async upsertPayouts(
    restaurantId: number,
    rows: readonly TPayoutRow[],
  ): Promise<Array<{ externalId: string; result: TIngestResult }>> {
    if (rows.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const before = new Map<string, string>();
      for (const row of await rowsOf(
        tx,
        sql`select kind, external_id, amount_cents, reason, paid_by, (extract(epoch from paid_at) * 1000)::float8 as at_ms
            from payouts where restaurant_id = ${restaurantId}
              and external_id = any(${arrayParam(
                rows.map((r) => r.externalId),
                'text',
              )}) for update`,
      )) {
        before.set(
          `${str(row.kind)}:${str(row.external_id)}`,
          JSON.stringify([num(row.amount_cents), strOrNull(row.reason), strOrNull(row.paid_by), num(row.at_ms)]),
        );
      }
      await tx.execute(sql`
        ${unnestInsert(
          'payouts',
          PAYOUT_COLUMNS,
          rows.map((r) => ({ ...r, restaurantId })),
        )}
        on conflict (restaurant_id, kind, external_id) do update set
          amount_cents = excluded.amount_cents, reason = excluded.reason, paid_by = excluded.paid_by,
          paid_at = excluded.paid_at, business_day = excluded.business_day`);
      return rows.map((r) => {
        const old = before.get(`${r.kind}:${r.externalId}`);
        const now = JSON.stringify([r.amountCents, r.reason, r.paidBy, Date.parse(r.paidAt)]);
        return {
          externalId: r.externalId,
          result: old === undefined ? 'created' : old === now ? 'unchanged' : 'updated',
        };
      });
    });
  }

  /**
   * Re-files every order, payment, refund and payout of the restaurant under the business days of
   * its (new) clock and rebuilds its rollups from the base rows, in one transaction. Needed when the
   * restaurant changes time zone or hourOffsetEndOfDay; an instant's business day is computed in SQL
   * the way `businessDayOf` does it (the local date of local time minus the offset).
   */
  async rebuildRollups(restaurantId: number, clock: TRestaurantClock): Promise<void> {
    const { timeZone: tz, hourOffsetEndOfDay: offset } = clock;
    const dayOf = (column: string) =>
      sql`((${sql.raw(column)} at time zone ${tz}) - make_interval(hours => ${offset}::int))::date`;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`update orders set business_day = ${dayOf('opened_at')},
        opened_hour = extract(hour from opened_at at time zone ${tz})::int where restaurant_id = ${restaurantId}`);
      await tx.execute(sql`update order_items i set business_day = o.business_day from orders o
        where i.restaurant_id = ${restaurantId} and o.id = i.order_id and i.business_day <> o.business_day`);
      await tx.execute(
        sql`update payments set business_day = ${dayOf('paid_at')} where restaurant_id = ${restaurantId}`,
      );
      await tx.execute(
        sql`update refunds set business_day = ${dayOf('refunded_at')} where restaurant_id = ${restaurantId}`,
      );
      await tx.execute(
        sql`update payouts set business_day = ${dayOf('paid_at')} where restaurant_id = ${restaurantId}`,
      );
      for (const table of ROLLUP_TABLES) {
        await tx.execute(sql`delete from ${sql.raw(table)} where restaurant_id = ${restaurantId}`);
      }
      await applyRollups(tx, 1, { restaurantId, orderIds: 'all' });
    });
  }
}
