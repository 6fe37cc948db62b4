import { normalizePhone } from '@ra/shared/customers/customers.schemas';
import { sql, type SQL } from 'drizzle-orm';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import type { TIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { AuditRepository, type TAuditEntry } from '../../db/audit.repository.ts';
import { buildOrderRows } from './order-rows.ts';
import { timeZoneRequired } from './orders.errors.ts';
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
import { arrayParam, num, rowsOf, str, strOrNull, unnestInsert, type TColumn } from '../../db/sql-util.ts';
import { OFFICE_REFUND_NET, REFUND_HOUR, refundTaxShares } from '../../db/refund-shares.ts';

export type TIngestResult = 'created' | 'updated' | 'unchanged';

export interface TIngestedOrder {
  posOrderId: string;
  orderId: number;
  businessDay: string;
  result: TIngestResult;
  /** First received after its business day had ended. */
  late: boolean;
}

/** The restaurant's clock as stored: the zone is null until someone chooses one. */
export interface TStoredClock {
  timeZone: string | null;
  hourOffsetEndOfDay: number;
}

/** A stored order that a changed push is about to replace. */
export interface TReplacement {
  posOrderId: string;
  orderId: number;
  before: { payload: TIngestOrderRequest; businessDay: string };
  after: { payload: TIngestOrderRequest; businessDay: string };
}

export interface TIngestContext {
  /** When the push arrived, by the server's Clock: the orders' created and updated times, and lateness. */
  now: Date;
  /**
   * Marks new orders whose business day had already ended at `now` as received late (the POS API
   * does; a history import, like the demo generator's, does not).
   */
  markLate?: boolean;
  actorUserId?: number | null;
  /** The paired device pushing with its own credential (issue 9); kept on the order. */
  deviceId?: number | null;
  ip?: string | null;
  /**
   * Vets each replacement with the restaurant and the order locked, before anything is written:
   * throws to refuse the whole batch, or answers details for the replacement's audit row. `today` is
   * the current business day by the restaurant's clock.
   */
  checkReplacement?: (replacement: TReplacement, today: string) => Record<string, unknown>;
  /**
   * Per order of the batch (same positions), the context of its own push when pushes of several
   * callers go in together (the POS group commit): overrides the fields above for that order.
   */
  each?: ReadonlyArray<TOrderContext>;
}

/** One push's own part of the context. */
export type TOrderContext = Pick<TIngestContext, 'now' | 'actorUserId' | 'deviceId' | 'ip' | 'checkReplacement'>;

type TWithOrderId<T> = T & { orderId: number };

/** What the orders row keeps about its own history. */
interface TOrderMeta {
  createdAt: string;
  updatedAt: string;
  receivedLate: boolean;
  version: number;
  deviceId: number | null;
}

const ORDER_COLUMNS: TColumn<TWithOrderId<TOrderRow> & TOrderMeta & { restaurantId: number }>[] = [
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
  { name: 'received_late', type: 'bool', value: (r) => r.receivedLate },
  { name: 'version', type: 'int4', value: (r) => r.version },
  { name: 'created_at', type: 'timestamptz', value: (r) => r.createdAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.updatedAt },
  { name: 'device_id', type: 'int4', value: (r) => r.deviceId },
  // The guest (issue 12): the phone as E.164, the customer list's key; an unparseable phone is dropped.
  { name: 'customer_phone', type: 'text', value: (r) => normalizePhone(r.payload.customer?.phone) },
  { name: 'customer_name', type: 'text', value: (r) => r.payload.customer?.name ?? null },
  { name: 'customer_language', type: 'text', value: (r) => r.payload.customer?.language ?? null },
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
  { name: 'rate_milli_percent', type: 'int4', value: (r) => r.rateMilliPercent },
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
  { name: 'net_cents', type: 'int8', value: (r) => r.netCents },
  { name: 'tax_cents', type: 'int8', value: (r) => r.taxCents },
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

/** The measures of daily_restaurant_sales: daily_sales over its channels, for the comparison across locations. */
const DAY_SUMS = [
  'order_count',
  'guest_count',
  'net_sales_cents',
  'refund_count',
  'refund_cents',
  'discount_cents',
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

  // One statement, one round trip per push: each rollup table's upsert is a data-modifying CTE, which
  // PostgreSQL runs exactly once on the statement's snapshot (none reads another's table). Every push
  // runs the same statement, so concurrent pushes still take rollup rows in one order. daily_sales and
  // its per-day sum over channels (daily_restaurant_sales) are upserted from one source (x), so the two
  // cannot disagree.
  await db.execute(sql`
    with x as (
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
      select r.restaurant_id, r.business_day, o.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        case when ${sql.raw(closed)} then -r.net_cents else 0 end, case when ${sql.raw(closed)} then -r.tax_cents else 0 end,
        0, 0, 0, 0, 1, r.amount_cents, 0, 0, 0, 0
      from refunds r join orders o on o.id = r.order_id
      where ${scoped(scope, 'r', 'order_id')}
    ), r0 as (
      insert into daily_sales as t (restaurant_id, business_day, channel, ${sql.raw(DAILY_SALES_SUMS.join(', '))})
      select restaurant_id, business_day, channel, ${sums(DAILY_SALES_SUMS)}
      from x
      group by restaurant_id, business_day, channel
      order by restaurant_id, business_day, channel
      on conflict (restaurant_id, business_day, channel) do update set ${increments('t', ROLLUP_MEASURES.daily_sales)}
      returning 1
    ),
    r0d as (
      insert into daily_restaurant_sales as t (restaurant_id, business_day, ${sql.raw(DAY_SUMS.join(', '))})
      select restaurant_id, business_day, ${sums(DAY_SUMS.map((c) => (c === 'discount_cents' ? 'item_discount_cents + order_discount_cents' : c)))}
      from x
      group by restaurant_id, business_day
      order by restaurant_id, business_day
      on conflict (restaurant_id, business_day) do update set ${increments('t', ROLLUP_MEASURES.daily_restaurant_sales)}
      returning 1
    ),
    r1 as (    insert into daily_item_sales as t
      (restaurant_id, business_day, category, pos_item_id, item_name, quantity, gross_cents, discount_cents, comp_cents, net_cents)
    select i.restaurant_id, i.business_day, i.category, i.pos_item_id, max(i.name),
      ${s} * sum(i.quantity), ${s} * sum(i.gross_cents), ${s} * sum(i.discount_cents),
      ${s} * sum(i.comp_cents), ${s} * sum(i.net_cents)
    from order_items i join orders o on o.id = i.order_id
    where ${scoped(scope, 'i', 'order_id')} and ${sql.raw(closed)} and not i.voided
    group by i.restaurant_id, i.business_day, i.category, i.pos_item_id
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, category, pos_item_id) do update set
      item_name = excluded.item_name, ${increments('t', ROLLUP_MEASURES.daily_item_sales)}
    returning 1),
    r2 as (    insert into daily_option_sales as t (restaurant_id, business_day, group_name, option_name, quantity, amount_cents)
    select op.restaurant_id, i.business_day, op.group_name, op.name,
      ${s} * sum(i.quantity * op.quantity), ${s} * sum(i.quantity * op.quantity * op.price_cents)
    from order_item_options op
      join order_items i on i.order_id = op.order_id and i.line_no = op.line_no
      join orders o on o.id = op.order_id
    where ${scoped(scope, 'op', 'order_id')} and ${sql.raw(closed)} and not i.voided
    group by op.restaurant_id, i.business_day, op.group_name, op.name
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, group_name, option_name) do update set
      ${increments('t', ROLLUP_MEASURES.daily_option_sales)}
    returning 1),
    r3 as (    insert into daily_discount_sales as t (restaurant_id, business_day, kind, name, count, amount_cents)
    select d.restaurant_id, o.business_day, d.kind, d.name, ${s} * count(*), ${s} * sum(d.amount_cents)
    from order_discounts d join orders o on o.id = d.order_id
    where ${scoped(scope, 'd', 'order_id')} and ${sql.raw(closed)}
    group by d.restaurant_id, o.business_day, d.kind, d.name
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, kind, name) do update set ${increments('t', ROLLUP_MEASURES.daily_discount_sales)}
    returning 1),
    r4 as (    insert into daily_tax_sales as t (restaurant_id, business_day, name, rate_milli_percent, taxable_cents, tax_cents)
    select restaurant_id, business_day, name, rate, ${s} * sum(taxable), ${s} * sum(tax)
    from (
      select tx.restaurant_id, o.business_day, tx.name, coalesce(tx.rate_milli_percent, -1) as rate,
        tx.taxable_cents as taxable, tx.tax_cents as tax
      from order_taxes tx join orders o on o.id = tx.order_id
      where ${scoped(scope, 'tx', 'order_id')} and ${sql.raw(closed)}
      union all
      select o.restaurant_id, o.business_day, '', -1, o.net_sales_cents, o.tax_cents
      from orders o
      where ${scoped(scope, 'o', 'id')} and ${sql.raw(closed)} and not o.has_tax_lines and o.tax_cents > 0
      union all
      select restaurant_id, business_day, name, rate, -taxable, -tax
      from (${refundTaxShares(sql`${scoped(scope, 'r', 'order_id')} and ${sql.raw(closed)}`)}) refunded
    ) x
    group by restaurant_id, business_day, name, rate
    order by 1, 2, 3, 4
    on conflict (restaurant_id, business_day, name, rate_milli_percent) do update set
      ${increments('t', ROLLUP_MEASURES.daily_tax_sales)}
    returning 1),
    r5 as (    insert into daily_payment_sales as t
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
      ${increments('t', ROLLUP_MEASURES.daily_payment_sales)}
    returning 1),
    r6 as (    insert into hourly_sales as t (restaurant_id, business_day, hour, order_count, guest_count, net_sales_cents)
    select restaurant_id, business_day, hour, ${s} * sum(n), ${s} * sum(guests), ${s} * sum(net)
    from (
      select o.restaurant_id, o.business_day, o.opened_hour as hour, 1 as n, o.party_size as guests,
        o.net_sales_cents as net
      from orders o
      where ${scoped(scope, 'o', 'id')} and ${sql.raw(closed)}
      union all
      select r.restaurant_id, r.business_day, ${REFUND_HOUR}, 0, 0, -r.net_cents
      from refunds r join orders o on o.id = r.order_id join restaurants rest on rest.id = r.restaurant_id
      where ${scoped(scope, 'r', 'order_id')} and ${sql.raw(closed)} and r.net_cents <> 0
    ) x
    group by restaurant_id, business_day, hour
    order by 1, 2, 3
    on conflict (restaurant_id, business_day, hour) do update set
      ${increments('t', ROLLUP_MEASURES.hourly_sales)}
    returning 1)
    select 1`);
}

/**
 * Back-office refunds (modules/refunds, issue 23) live in office_refunds; a succeeded one is also a
 * `refunds` row `office-<id>`. Rewriting an order's rows (a POS replacement) deletes that row with the
 * order, so it is written again here, with the payments' and order's refunded figures, before the
 * rollups are added. A POS that already sent the refund back under the same id is not counted twice.
 */
async function refileOfficeRefunds(tx: Database, restaurantId: number, orderIds: readonly number[]): Promise<void> {
  const ids = arrayParam(orderIds, 'int8');
  const inserted = await rowsOf(
    tx,
    sql`insert into refunds (restaurant_id, order_id, pos_refund_id, pos_payment_id, method, card_brand, card_last4,
          amount_cents, net_cents, tax_cents, reason, refunded_by, refunded_at, business_day)
        select f.restaurant_id, f.order_id, 'office-' || f.id, f.pos_payment_id, f.tender, f.card_brand, f.card_last4,
          f.amount_cents, ${OFFICE_REFUND_NET}, f.tax_cents, f.reason, f.requested_by_name, f.refunded_at, f.business_day
        from office_refunds f join orders o on o.id = f.order_id
        where f.restaurant_id = ${restaurantId} and f.order_id = any(${ids}) and f.status = 'succeeded'
          and not exists (select 1 from refunds r where r.order_id = f.order_id and r.pos_refund_id = 'office-' || f.id)
        returning order_id`,
  );
  if (inserted.length === 0) return;
  const touched = arrayParam([...new Set(inserted.map((r) => num(r.order_id)))], 'int8');
  await tx.execute(sql`update payments p set refunded_cents = coalesce((select sum(r.amount_cents) from refunds r
      where r.order_id = p.order_id and r.pos_payment_id = p.pos_payment_id), 0)
    where p.restaurant_id = ${restaurantId} and p.order_id = any(${touched})`);
  await tx.execute(sql`update orders o set refunded_cents = coalesce((select sum(r.amount_cents) from refunds r
      where r.order_id = o.id), 0)
    where o.restaurant_id = ${restaurantId} and o.id = any(${touched})`);
}

export const ROLLUP_TABLES = [
  'daily_sales',
  'daily_restaurant_sales',
  'daily_item_sales',
  'daily_option_sales',
  'daily_discount_sales',
  'daily_tax_sales',
  'daily_payment_sales',
  'hourly_sales',
] as const;

/** The summed columns of each rollup table (what `applyRollups` adds to or takes away from). */
const ROLLUP_MEASURES: Readonly<Record<(typeof ROLLUP_TABLES)[number], readonly string[]>> = {
  daily_sales: DAILY_SALES_SUMS,
  daily_restaurant_sales: DAY_SUMS,
  daily_item_sales: ['quantity', 'gross_cents', 'discount_cents', 'comp_cents', 'net_cents'],
  daily_option_sales: ['quantity', 'amount_cents'],
  daily_discount_sales: ['count', 'amount_cents'],
  daily_tax_sales: ['taxable_cents', 'tax_cents'],
  daily_payment_sales: ['count', 'amount_cents', 'tip_cents', 'refund_count', 'refund_cents'],
  hourly_sales: ['order_count', 'guest_count', 'net_sales_cents'],
};

/**
 * Above this share of a restaurant's orders moving, a clock change rebuilds every rollup from the
 * base rows instead of moving the moved orders' contributions (a new zone moves every order's hour).
 */
const INCREMENTAL_REFILE_MAX_SHARE = 0.2;

interface TStoredOrder {
  id: number;
  hash: string;
  payload: TIngestOrderRequest;
  businessDay: string;
  version: number;
  receivedLate: boolean;
  /** As PostgreSQL prints it, so writing it back keeps every microsecond. */
  createdAt: string;
  deviceId: number | null;
}

/**
 * The restaurant's zone and end-of-day hour. `share` holds the row until the transaction ends, so a
 * clock change (FOR UPDATE) waits for the writes filed by this clock; `update` is the clock change's.
 */
async function readClock(
  db: Database,
  restaurantId: number,
  lock: 'none' | 'share' | 'update',
): Promise<TStoredClock | undefined> {
  const suffix = lock === 'share' ? sql` for share` : lock === 'update' ? sql` for update` : sql``;
  const [row] = await rowsOf(
    db,
    sql`select time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId}${suffix}`,
  );
  if (!row) return undefined;
  return { timeZone: strOrNull(row.time_zone), hourOffsetEndOfDay: num(row.hour_offset_end_of_day) };
}

function requireZone(clock: TStoredClock | undefined): TRestaurantClock {
  if (!clock) throw notFound();
  if (!clock.timeZone) throw timeZoneRequired();
  return { timeZone: clock.timeZone, hourOffsetEndOfDay: clock.hourOffsetEndOfDay };
}

/** Every method takes the restaurant id first: callers pass the caller's own, never a client's. */
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  async findClock(restaurantId: number): Promise<TStoredClock | undefined> {
    return readClock(this.db, restaurantId, 'none');
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
   * is left alone ('unchanged'); a changed one is replaced: `context.checkReplacement` vets it, the
   * stored version is copied to order_versions, its old rollup contributions are taken away, its rows
   * rewritten under the same order id (keeping its created_at), the new contributions added, and an
   * audit row records who replaced it from where, with the order before and after.
   *
   * The restaurant row is read FOR SHARE first and the rows are built from its clock then: a change
   * of time zone or end-of-day hour (which holds the row FOR UPDATE while it re-files everything)
   * either finishes before and this batch is filed by the new clock, or waits for this batch and
   * re-files it too.
   */
  async ingestOrders(
    restaurantId: number,
    orders: readonly TIngestOrderRequest[],
    context: TIngestContext,
    build: (order: TIngestOrderRequest, clock: TRestaurantClock) => TOrderRows = buildOrderRows,
  ): Promise<TIngestedOrder[]> {
    if (orders.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const posIds = orders.map((order) => order.posOrderId);
      // One round trip: the restaurant's clock, read FOR SHARE (see above), and the locks that serialise
      // pushes of the same order (a POS retrying while the first push is still running), taken in a
      // fixed order so two batches cannot deadlock; other orders proceed in parallel.
      const [clockRow] = await rowsOf(
        tx,
        sql`select time_zone, hour_offset_end_of_day,
              (select count(pg_advisory_xact_lock(${restaurantId}, h))
               from (select distinct hashtext(x) as h from unnest(${arrayParam(posIds, 'text')}) x order by 1) locks
              ) as locked
            from restaurants where id = ${restaurantId} for share`,
      );
      const clock = requireZone(
        clockRow
          ? { timeZone: strOrNull(clockRow.time_zone), hourOffsetEndOfDay: num(clockRow.hour_offset_end_of_day) }
          : undefined,
      );
      const contextOf = (i: number): TIngestContext => ({ ...context, ...context.each?.[i] });
      const batch = orders.map((order) => build(order, clock));
      // One round trip, after the locks (a fresh snapshot): the stored versions of these orders, and an
      // id from the orders' sequence for each order that is not stored yet.
      const [stored] = await rowsOf(
        tx,
        sql`with e as (
              select id, pos_order_id, payload_hash, payload, business_day::text as business_day, version,
                received_late, created_at::text as created_at, device_id
              from orders
              where restaurant_id = ${restaurantId} and pos_order_id = any(${arrayParam(posIds, 'text')}))
            select (select coalesce(json_agg(e), '[]'::json) from e) as existing,
              (select coalesce(array_agg(nextval(pg_get_serial_sequence('orders', 'id'))::text), '{}')
               from generate_series(1, ${new Set(posIds).size}::int - (select count(*)::int from e))) as ids`,
      );
      const existing = new Map<string, TStoredOrder>();
      for (const row of (stored?.existing ?? []) as Array<Record<string, unknown>>) {
        existing.set(str(row.pos_order_id), {
          id: num(row.id),
          hash: str(row.payload_hash),
          payload: row.payload as TIngestOrderRequest,
          businessDay: str(row.business_day),
          version: num(row.version),
          receivedLate: row.received_late === true,
          createdAt: str(row.created_at),
          deviceId: row.device_id === null || row.device_id === undefined ? null : num(row.device_id),
        });
      }
      const newIds = ((stored?.ids ?? []) as unknown[]).map((id) => num(id));

      const results: TIngestedOrder[] = [];
      const toWrite: Array<TWithOrderId<TOrderRows> & { meta: TOrderMeta }> = [];
      const replaced: number[] = [];
      const audits: TAuditEntry[] = [];
      const seen = new Set<string>();
      let newCount = 0;
      const replacedBy: Array<{ id: number; by: number | null; ip: string | null; at: string }> = [];
      for (const [i, rows] of batch.entries()) {
        const c = contextOf(i);
        const today = businessDayOf(c.now, clock.timeZone, clock.hourOffsetEndOfDay);
        const now = c.now.toISOString();
        const { posOrderId, businessDay } = rows.order;
        if (seen.has(posOrderId)) throw new Error(`posOrderId ${posOrderId} twice in one batch`);
        seen.add(posOrderId);
        const old = existing.get(posOrderId);
        if (old && old.hash === rows.order.payloadHash) {
          results.push({ posOrderId, orderId: old.id, businessDay, result: 'unchanged', late: old.receivedLate });
          continue;
        }
        if (old) {
          const replacement: TReplacement = {
            posOrderId,
            orderId: old.id,
            before: { payload: old.payload, businessDay: old.businessDay },
            after: { payload: rows.order.payload, businessDay },
          };
          const details = c.checkReplacement?.(replacement, today) ?? {};
          replaced.push(old.id);
          replacedBy.push({ id: old.id, by: c.actorUserId ?? null, ip: c.ip ?? null, at: now });
          audits.push({
            restaurantId,
            actorUserId: c.actorUserId ?? null,
            action: 'order.replace',
            targetType: 'order',
            targetId: String(old.id),
            details: {
              posOrderId,
              version: old.version + 1,
              businessDay: { before: old.businessDay, after: businessDay },
              ...details,
              ...(c.deviceId ? { deviceId: c.deviceId } : {}),
              before: old.payload,
              after: rows.order.payload,
            },
            ...(c.ip ? { ip: c.ip } : {}),
            at: c.now,
          });
        } else newCount += 1;
        toWrite.push({
          ...rows,
          orderId: old?.id ?? 0,
          meta: {
            createdAt: old?.createdAt ?? now,
            updatedAt: now,
            receivedLate: old ? old.receivedLate : c.markLate === true && businessDay < today,
            version: old ? old.version + 1 : 1,
            // The device that sent the stored version; a push without one keeps the earlier device.
            deviceId: c.deviceId ?? old?.deviceId ?? null,
          },
        });
      }

      if (newCount > 0) {
        let next = 0;
        for (const rows of toWrite) if (rows.orderId === 0) rows.orderId = newIds[next++] ?? 0;
        if (next > newIds.length) throw new Error('fewer order ids than new orders');
      }

      if (replaced.length > 0) {
        const ids = arrayParam(replaced, 'int8');
        // The stored versions, as they were, before the rows are rewritten.
        await tx.execute(sql`
          insert into order_versions (restaurant_id, order_id, pos_order_id, version, business_day, status,
            net_sales_cents, total_cents, paid_cents, payload_hash, payload, received_at, replaced_at,
            replaced_by_user_id, replaced_from_ip)
          select o.restaurant_id, o.id, o.pos_order_id, o.version, o.business_day, o.status, o.net_sales_cents,
            o.total_cents, o.paid_cents, o.payload_hash, o.payload, o.updated_at, v.replaced_at, v.user_id, v.from_ip
          from orders o join unnest(${ids}, ${arrayParam(
            replacedBy.map((r) => r.at),
            'timestamptz',
          )}, ${arrayParam(
            replacedBy.map((r) => r.by),
            'int4',
          )}, ${arrayParam(
            replacedBy.map((r) => r.ip),
            'text',
          )}) v(order_id, replaced_at, user_id, from_ip) on v.order_id = o.id
          where o.restaurant_id = ${restaurantId} and o.id = any(${ids})`);
        await applyRollups(tx, -1, { restaurantId, orderIds: replaced });
        // Children go with the order (on delete cascade); the order keeps its id when re-inserted.
        await tx.execute(sql`delete from orders where restaurant_id = ${restaurantId} and id = any(${ids})`);
      }
      await this.insertRows(tx, restaurantId, toWrite);
      // A new order's id is fresh from the sequence: only a replaced order can have back-office refunds.
      if (replaced.length > 0) await refileOfficeRefunds(tx, restaurantId, replaced);
      await applyRollups(tx, 1, { restaurantId, orderIds: toWrite.map((r) => r.orderId) });
      await new AuditRepository(tx).recordMany(audits);

      const replacedSet = new Set(replaced);
      for (const rows of toWrite) {
        results.push({
          posOrderId: rows.order.posOrderId,
          orderId: rows.orderId,
          businessDay: rows.order.businessDay,
          result: replacedSet.has(rows.orderId) ? 'updated' : 'created',
          late: rows.meta.receivedLate,
        });
      }
      return results;
    });
  }

  private async insertRows(
    tx: Database,
    restaurantId: number,
    batch: ReadonlyArray<TWithOrderId<TOrderRows> & { meta: TOrderMeta }>,
  ) {
    if (batch.length === 0) return;
    const withIds = <T>(rows: (b: TWithOrderId<TOrderRows>) => readonly T[]) =>
      batch.flatMap((b) => rows(b).map((r) => ({ ...r, orderId: b.orderId, restaurantId })));
    const children: Array<[string, TColumn<never>[], unknown[]]> = [
      ['order_items', ITEM_COLUMNS as TColumn<never>[], withIds((b) => b.items)],
      ['order_item_options', OPTION_COLUMNS as TColumn<never>[], withIds((b) => b.options)],
      ['order_discounts', DISCOUNT_COLUMNS as TColumn<never>[], withIds((b) => b.discounts)],
      ['order_taxes', TAX_COLUMNS as TColumn<never>[], withIds((b) => b.taxes)],
      ['payments', PAYMENT_COLUMNS as TColumn<never>[], withIds((b) => b.payments)],
      ['refunds', REFUND_COLUMNS as TColumn<never>[], withIds((b) => b.refunds)],
    ];
    // One statement, one round trip: the orders and each child table are data-modifying CTEs (foreign
    // keys are checked at the end of the statement, when the orders rows are there).
    const inserts = [
      unnestInsert(
        'orders',
        ORDER_COLUMNS,
        batch.map((b) => ({ ...b.order, ...b.meta, orderId: b.orderId, restaurantId })),
      ),
      ...children
        .filter(([, , rows]) => rows.length > 0)
        .map(([table, columns, rows]) => unnestInsert(table, columns, rows as never[])),
    ];
    await tx.execute(
      sql`with ${sql.join(
        inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert} returning 1)`),
        sql`, `,
      )} select 1`,
    );
  }

  /**
   * Files payouts by (restaurant, kind, externalId): a repeat with the same figures is 'unchanged', a
   * changed one is 'updated' in place. Payouts have no rollup: a year holds a few hundred rows.
   */
  async upsertPayouts(
    restaurantId: number,
    payouts: readonly TPayoutRow[] | ((clock: TRestaurantClock) => readonly TPayoutRow[]),
  ): Promise<Array<{ externalId: string; result: TIngestResult }>> {
    if (Array.isArray(payouts) && payouts.length === 0) return [];
    return this.db.transaction(async (tx) => {
      // Rows to build from the restaurant's clock are built under the same lock as orders' (ingestOrders).
      const rows =
        typeof payouts === 'function'
          ? payouts(requireZone(await readClock(tx, restaurantId, 'share')))
          : (payouts as readonly TPayoutRow[]);
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
   * its (new) clock and brings its rollups in line, in one transaction (a savepoint of `db` when
   * `db` is already one: the clock change runs it in its own transaction, after saving the setting).
   * The restaurant row is held FOR UPDATE, so pushes wait and are then filed by the new clock. An
   * instant's business day is computed in SQL the way `businessDayOf` does it (the local date of
   * local time minus the offset); only rows whose day or hour moves are written.
   *
   * A new end-of-day hour moves only the orders of the hour in between: their contributions are
   * taken away under the old days and added under the new ones, and rollup rows left at zero are
   * removed, which ends exactly where a rebuild from the base rows would. When most orders move (a
   * new zone moves every order's local hour), every rollup is rebuilt from the base rows.
   */
  async rebuildRollups(restaurantId: number, db: Database = this.db): Promise<void> {
    await db.transaction(async (tx) => {
      const stored = await readClock(tx, restaurantId, 'update');
      // A restaurant without a zone has no orders to move.
      if (!stored?.timeZone) return;
      const { timeZone: tz, hourOffsetEndOfDay: offset } = stored;
      const dayOf = (column: string) =>
        sql`((${sql.raw(column)} at time zone ${tz}) - make_interval(hours => ${offset}::int))::date`;
      const hourOf = sql`extract(hour from opened_at at time zone ${tz})::int`;
      const orderMoves = sql`(business_day <> ${dayOf('opened_at')} or opened_hour <> ${hourOf})`;

      const moved = (
        await rowsOf(
          tx,
          sql`select id from orders where restaurant_id = ${restaurantId} and ${orderMoves}
              union select order_id from payments
                where restaurant_id = ${restaurantId} and business_day <> ${dayOf('paid_at')}
              union select order_id from refunds
                where restaurant_id = ${restaurantId} and business_day <> ${dayOf('refunded_at')}`,
        )
      ).map((r) => num(r.id));
      const [total] = await rowsOf(
        tx,
        sql`select count(*)::int as n from orders where restaurant_id = ${restaurantId}`,
      );
      const incremental = moved.length <= INCREMENTAL_REFILE_MAX_SHARE * num(total?.n);
      if (incremental && moved.length > 0) await applyRollups(tx, -1, { restaurantId, orderIds: moved });

      await tx.execute(sql`update orders set business_day = ${dayOf('opened_at')}, opened_hour = ${hourOf}
        where restaurant_id = ${restaurantId} and ${orderMoves}`);
      await tx.execute(sql`update order_items i set business_day = o.business_day from orders o
        where i.restaurant_id = ${restaurantId} and o.id = i.order_id and i.business_day <> o.business_day`);
      for (const [table, column] of [
        ['payments', 'paid_at'],
        ['refunds', 'refunded_at'],
        ['payouts', 'paid_at'],
      ] as const) {
        await tx.execute(sql`update ${sql.raw(table)} set business_day = ${dayOf(column)}
          where restaurant_id = ${restaurantId} and business_day <> ${dayOf(column)}`);
      }

      if (incremental) {
        if (moved.length === 0) return;
        await applyRollups(tx, 1, { restaurantId, orderIds: moved });
        for (const table of ROLLUP_TABLES) {
          // A day of daily_restaurant_sales exists exactly when daily_sales has a row that day (its
          // figures may all be 0 while daily_sales counts an open order), as a rebuild files it.
          const gone =
            table === 'daily_restaurant_sales'
              ? sql`not exists (select 1 from daily_sales s where s.restaurant_id = t.restaurant_id
                  and s.business_day = t.business_day)`
              : sql.raw(ROLLUP_MEASURES[table].map((c) => `${c} = 0`).join(' and '));
          await tx.execute(sql`delete from ${sql.raw(table)} t where t.restaurant_id = ${restaurantId} and ${gone}`);
        }
        return;
      }
      for (const table of ROLLUP_TABLES) {
        await tx.execute(sql`delete from ${sql.raw(table)} where restaurant_id = ${restaurantId}`);
      }
      await applyRollups(tx, 1, { restaurantId, orderIds: 'all' });
    });
  }
}
