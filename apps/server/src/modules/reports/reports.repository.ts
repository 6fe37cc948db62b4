import { sql, type SQL } from 'drizzle-orm';
import type { TDayRange } from '@ra/shared/business-day/date-range';
import type { TCompsVoidsSortKey, TPayoutSortKey, TSortOrder } from '@ra/shared/reports/reports.schemas';
import type { Database } from '../../db/client.ts';
import { REFUND_HOUR, refundTaxShares } from '../../db/refund-shares.ts';
import { num, rowsOf, str, strOrNull } from '../../db/sql-util.ts';
import type { TFileContext } from '../../lib/exports/table-export.ts';

/**
 * Sales report reads. Every figure comes from the per-day rollups (db/schema/orders-rollups.ts), so a
 * year touches a few hundred rows per dimension; the event lists (comps/voids, payouts) page through
 * indexed base rows. Every query is bounded by (restaurant_id, business_day), the leading columns of
 * each primary key or index.
 */

export interface TSalesSums {
  orderCount: number;
  guestCount: number;
  partyCount: number;
  grossSalesCents: number;
  itemDiscountCents: number;
  orderDiscountCents: number;
  compCents: number;
  compQuantity: number;
  voidCents: number;
  voidQuantity: number;
  netSalesCents: number;
  taxCents: number;
  serviceChargeCents: number;
  tipCents: number;
  paymentCount: number;
  paidCents: number;
  refundCount: number;
  refundCents: number;
  openOrderCount: number;
  voidedOrderCount: number;
  turnSeconds: number;
  turnCount: number;
}

export const SALES_SUM_COLUMNS: ReadonlyArray<readonly [keyof TSalesSums, string]> = [
  ['orderCount', 'order_count'],
  ['guestCount', 'guest_count'],
  ['partyCount', 'party_count'],
  ['grossSalesCents', 'gross_sales_cents'],
  ['itemDiscountCents', 'item_discount_cents'],
  ['orderDiscountCents', 'order_discount_cents'],
  ['compCents', 'comp_cents'],
  ['compQuantity', 'comp_quantity'],
  ['voidCents', 'void_cents'],
  ['voidQuantity', 'void_quantity'],
  ['netSalesCents', 'net_sales_cents'],
  ['taxCents', 'tax_cents'],
  ['serviceChargeCents', 'service_charge_cents'],
  ['tipCents', 'tip_cents'],
  ['paymentCount', 'payment_count'],
  ['paidCents', 'paid_cents'],
  ['refundCount', 'refund_count'],
  ['refundCents', 'refund_cents'],
  ['openOrderCount', 'open_order_count'],
  ['voidedOrderCount', 'voided_order_count'],
  ['turnSeconds', 'turn_seconds'],
  ['turnCount', 'turn_count'],
];

export function emptySums(): TSalesSums {
  return Object.fromEntries(SALES_SUM_COLUMNS.map(([key]) => [key, 0])) as unknown as TSalesSums;
}

export function addSums(a: TSalesSums, b: TSalesSums): TSalesSums {
  const out = emptySums();
  for (const [key] of SALES_SUM_COLUMNS) out[key] = a[key] + b[key];
  return out;
}

const sumList = sql.raw(SALES_SUM_COLUMNS.map(([, c]) => `coalesce(sum(${c}::float8), 0) as ${c}`).join(', '));

function sumsOf(row: Record<string, unknown>): TSalesSums {
  const out = emptySums();
  for (const [key, column] of SALES_SUM_COLUMNS) out[key] = num(row[column]);
  return out;
}

const inRange = (range: TDayRange) => sql`business_day between ${range.from}::date and ${range.to}::date`;

/** An order as it stood at `at` (ISO): closed by then. Same test as `salesByChannelUntil`. */
const closedBy = (at: string) => sql`o.status = 'closed' and o.closed_at < ${at}::timestamptz`;

/**
 * The rows a section sums over a range. Whole days come from the rollup (`rollup(days)` selects its
 * columns for the days given); when the range's last day counts only up to `until` (a comparison
 * period cut at the same time as a day in progress, shared reports/same-time.ts), that day comes
 * instead from the base rows as they stood then (`asOf(day, at)`, the same columns): orders counted
 * only if closed by then, payments and refunds only if made by then, the rollup's definitions
 * otherwise (orders.repository applyRollups).
 */
function rowsUpTo(
  range: TDayRange,
  until: Date | null | undefined,
  rollup: (days: SQL) => SQL,
  asOf: (day: string, at: string) => SQL,
): SQL {
  if (!until) return rollup(inRange(range));
  const earlierDays = sql`business_day >= ${range.from}::date and business_day < ${range.to}::date`;
  return sql`${rollup(earlierDays)} union all ${asOf(range.to, until.toISOString())}`;
}

export interface TItemSums {
  itemId: string;
  itemName: string;
  category: string;
  quantity: number;
  grossCents: number;
  discountCents: number;
  compCents: number;
  netCents: number;
}

/** A page of an event list in a chosen order; `limit` null for every row (exports). */
interface TListPage<TSortKey extends string> {
  limit: number | null;
  offset: number;
  sort: TSortKey;
  order: TSortOrder;
}

/**
 * ORDER BY terms per sort key, fixed here so a request only ever picks one of them (never SQL of its
 * own). Each list ends with its primary key, so rows that tie (same amount, same minute) keep one order
 * and paging neither repeats nor skips a row.
 */
const DIRECTION: Record<TSortOrder, SQL> = { asc: sql`asc nulls last`, desc: sql`desc nulls last` };
const TIEBREAK: Record<TSortOrder, SQL> = { asc: sql`asc`, desc: sql`desc` };

/**
 * Sorting by time goes by business day first: the business day follows the clock within a
 * restaurant, and (restaurant_id, business_day, time) is how the rows are indexed, so a year of
 * comps/voids or payouts pages straight off the index instead of sorting every row in the range.
 */
function compsVoidsOrder(key: TCompsVoidsSortKey, order: TSortOrder): SQL {
  const dir = DIRECTION[order];
  const terms: Record<TCompsVoidsSortKey, SQL> = {
    // plain asc/desc (not "nulls last"): only that matches a forward or backward index scan
    at: sql`i.business_day ${TIEBREAK[order]}, i.comp_void_at ${TIEBREAK[order]}`,
    kind: sql`i.comp_void_kind ${dir}`,
    itemName: sql`lower(i.name) ${dir}`,
    quantity: sql`i.quantity ${dir}`,
    amountCents: sql`i.gross_cents ${dir}`,
    by: sql`lower(i.comp_void_by) ${dir}`,
  };
  return terms[key];
}

function payoutsOrder(key: TPayoutSortKey, order: TSortOrder): SQL {
  const dir = DIRECTION[order];
  const terms: Record<TPayoutSortKey, SQL> = {
    at: sql`business_day ${TIEBREAK[order]}, paid_at ${TIEBREAK[order]}`,
    kind: sql`kind ${dir}`,
    amountCents: sql`amount_cents ${dir}`,
  };
  return terms[key];
}
function limitOffset(page: { limit: number | null; offset: number }): SQL {
  return sql`${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`;
}

async function fileContextOf(db: Database, restaurantId: number): Promise<TFileContext> {
  const [row] = await rowsOf(
    db,
    sql`select name, time_zone, config->>'tipWord' as tip_word, config->>'tipWordZh' as tip_word_zh
        from restaurants where id = ${restaurantId}`,
  );
  return {
    restaurant: str(row?.name ?? ''),
    timeZone: strOrNull(row?.time_zone),
    tipWording: { tipWord: strOrNull(row?.tip_word), tipWordZh: strOrNull(row?.tip_word_zh) },
  };
}

/**
 * The latest business day on or before `onOrBefore` with at least one closed order, or null: where a
 * report opened before the day's first sale starts instead of an empty today (docs/decisions.md
 * "Reports open on the last day with sales"). One read of the daily rollup's primary-key range.
 */
async function lastSalesDayOf(db: Database, restaurantId: number, onOrBefore: string): Promise<string | null> {
  const [row] = await rowsOf(
    db,
    sql`select max(business_day)::text as day from daily_sales
        where restaurant_id = ${restaurantId} and business_day <= ${onOrBefore}::date and order_count > 0`,
  );
  return strOrNull(row?.day);
}

export class ReportsRepository {
  constructor(private readonly db: Database) {}

  lastSalesDay(restaurantId: number, onOrBefore: string): Promise<string | null> {
    return lastSalesDayOf(this.db, restaurantId, onOrBefore);
  }

  fileContext(restaurantId: number): Promise<TFileContext> {
    return fileContextOf(this.db, restaurantId);
  }

  async clock(restaurantId: number): Promise<{ timeZone: string | null; hourOffsetEndOfDay: number }> {
    const [row] = await rowsOf(
      this.db,
      sql`select time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId}`,
    );
    return { timeZone: strOrNull(row?.time_zone), hourOffsetEndOfDay: num(row?.hour_offset_end_of_day) };
  }

  async salesByChannel(restaurantId: number, range: TDayRange): Promise<Map<string, TSalesSums>> {
    const rows = await rowsOf(
      this.db,
      sql`select channel, ${sumList} from daily_sales
          where restaurant_id = ${restaurantId} and ${inRange(range)} group by channel`,
    );
    return new Map(rows.map((row) => [str(row.channel), sumsOf(row)]));
  }

  /**
   * One business day's sums by channel as they stood at `until`, from the orders themselves (the
   * rollup only knows the whole day): orders opened by then, counted as closed or voided only if they
   * were by then (open otherwise), payments and refunds made by then. Same definitions as the rollup
   * (orders.repository applyRollups).
   */
  async salesByChannelUntil(restaurantId: number, day: string, until: Date): Promise<Map<string, TSalesSums>> {
    const at = until.toISOString();
    const closed = sql`(o.status = 'closed' and o.closed_at < ${at}::timestamptz)`;
    const voided = sql`(o.status = 'voided' and coalesce(o.voided_at, o.opened_at) < ${at}::timestamptz)`;
    const ifClosed = (column: string) => sql`case when ${closed} then ${sql.raw(`o.${column}`)} else 0 end`;
    const rows = await rowsOf(
      this.db,
      sql`select channel, ${sumList} from (
            select o.channel,
              (${closed})::int as order_count,
              ${ifClosed('party_size')} as guest_count,
              (${closed} and o.party_size > 0)::int as party_count,
              ${ifClosed('gross_sales_cents')} as gross_sales_cents,
              ${ifClosed('item_discount_cents')} as item_discount_cents,
              ${ifClosed('order_discount_cents')} as order_discount_cents,
              ${ifClosed('comp_cents')} as comp_cents,
              ${ifClosed('comp_quantity')} as comp_quantity,
              case when ${closed} or ${voided} then o.void_cents else 0 end as void_cents,
              case when ${closed} or ${voided} then o.void_quantity else 0 end as void_quantity,
              ${ifClosed('net_sales_cents')} as net_sales_cents,
              ${ifClosed('tax_cents')} as tax_cents,
              ${ifClosed('service_charge_cents')} as service_charge_cents,
              ${ifClosed('tip_cents')} as tip_cents,
              0 as payment_count, 0::int8 as paid_cents, 0 as refund_count, 0::int8 as refund_cents,
              (not ${closed} and not ${voided})::int as open_order_count,
              (${voided})::int as voided_order_count,
              case when ${closed} and o.channel = 'dineIn'
                then floor(extract(epoch from (o.closed_at - o.opened_at)))::int8 else 0 end as turn_seconds,
              (${closed} and o.channel = 'dineIn')::int as turn_count
            from orders o
            where o.restaurant_id = ${restaurantId} and o.business_day = ${day}::date
              and o.opened_at < ${at}::timestamptz
            union all
            select o.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, p.amount_cents, 0, 0, 0, 0, 0, 0
            from payments p join orders o on o.id = p.order_id
            where p.restaurant_id = ${restaurantId} and p.business_day = ${day}::date and p.paid_at < ${at}::timestamptz
            union all
            select o.channel, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
              case when ${closed} then -r.net_cents else 0 end, case when ${closed} then -r.tax_cents else 0 end,
              0, 0, 0, 0, 1, r.amount_cents, 0, 0, 0, 0
            from refunds r join orders o on o.id = r.order_id
            where r.restaurant_id = ${restaurantId} and r.business_day = ${day}::date
              and r.refunded_at < ${at}::timestamptz
          ) x group by channel`,
    );
    return new Map(rows.map((row) => [str(row.channel), sumsOf(row)]));
  }

  async salesByDay(restaurantId: number, range: TDayRange): Promise<Map<string, TSalesSums>> {
    const rows = await rowsOf(
      this.db,
      sql`select business_day::text as day, ${sumList} from daily_sales
          where restaurant_id = ${restaurantId} and ${inRange(range)} group by business_day`,
    );
    return new Map(rows.map((row) => [str(row.day), sumsOf(row)]));
  }

  async salesByHour(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<Array<{ hour: number; orders: number; guests: number; netSalesCents: number }>> {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select hour, order_count, guest_count, net_sales_cents from hourly_sales
          where restaurant_id = ${restaurantId} and ${days}`,
      (day, at) => sql`select o.opened_hour, 1, o.party_size, o.net_sales_cents from orders o
          where o.restaurant_id = ${restaurantId} and o.business_day = ${day}::date and ${closedBy(at)}
          union all
          select ${REFUND_HOUR}, 0, 0, -r.net_cents
          from refunds r join orders o on o.id = r.order_id join restaurants rest on rest.id = r.restaurant_id
          where r.restaurant_id = ${restaurantId} and r.business_day = ${day}::date
            and r.refunded_at < ${at}::timestamptz and ${closedBy(at)}`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select hour, sum(order_count::float8) as orders, sum(guest_count::float8) as guests,
            sum(net_sales_cents::float8) as net
          from (${source}) x group by hour`,
    );
    return rows.map((r) => ({
      hour: num(r.hour),
      orders: num(r.orders),
      guests: num(r.guests),
      netSalesCents: num(r.net),
    }));
  }

  /** Weekday (0 = Sunday, of the business day) x local hour, for the busiest-hours heat map. */
  async salesByWeekdayHour(
    restaurantId: number,
    range: TDayRange,
  ): Promise<Array<{ weekday: number; hour: number; orders: number; netSalesCents: number }>> {
    const rows = await rowsOf(
      this.db,
      sql`select extract(dow from business_day)::int as weekday, hour, sum(order_count::float8) as orders,
            sum(net_sales_cents::float8) as net
          from hourly_sales where restaurant_id = ${restaurantId} and ${inRange(range)} group by 1, 2`,
    );
    return rows.map((r) => ({
      weekday: num(r.weekday),
      hour: num(r.hour),
      orders: num(r.orders),
      netSalesCents: num(r.net),
    }));
  }

  async itemSales(restaurantId: number, range: TDayRange, until?: Date | null): Promise<TItemSums[]> {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select business_day, pos_item_id, category, item_name, quantity, gross_cents, discount_cents,
            comp_cents, net_cents
          from daily_item_sales where restaurant_id = ${restaurantId} and ${days}`,
      (day, at) => sql`select i.business_day, i.pos_item_id, i.category, i.name, i.quantity, i.gross_cents,
            i.discount_cents, i.comp_cents, i.net_cents
          from order_items i join orders o on o.id = i.order_id
          where i.restaurant_id = ${restaurantId} and i.business_day = ${day}::date and ${closedBy(at)}
            and not i.voided`,
    );
    const rows = await rowsOf(
      this.db,
      // The item's latest name in the range, in case the menu renamed it ('YYYY-MM-DD' sorts by date).
      sql`select pos_item_id, category, substr(max(business_day::text || item_name), 11) as item_name,
            sum(quantity::float8) as quantity, sum(gross_cents::float8) as gross, sum(discount_cents::float8) as discount,
            sum(comp_cents::float8) as comp, sum(net_cents::float8) as net
          from (${source}) x
          group by pos_item_id, category`,
    );
    return rows
      .map((r) => ({
        itemId: str(r.pos_item_id),
        itemName: str(r.item_name),
        category: str(r.category),
        quantity: num(r.quantity),
        grossCents: num(r.gross),
        discountCents: num(r.discount),
        compCents: num(r.comp),
        netCents: num(r.net),
      }))
      .filter((r) => r.quantity !== 0 || r.grossCents !== 0);
  }

  async optionSales(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<Array<{ group: string; optionName: string; quantity: number; amountCents: number }>> {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select group_name, option_name, quantity, amount_cents from daily_option_sales
          where restaurant_id = ${restaurantId} and ${days}`,
      (day, at) => sql`select op.group_name, op.name, i.quantity * op.quantity,
            i.quantity * op.quantity * op.price_cents
          from order_item_options op
            join order_items i on i.order_id = op.order_id and i.line_no = op.line_no
            join orders o on o.id = op.order_id
          where op.restaurant_id = ${restaurantId} and i.business_day = ${day}::date and ${closedBy(at)}
            and not i.voided`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select group_name, option_name, sum(quantity::float8) as quantity, sum(amount_cents::float8) as amount
          from (${source}) x
          group by group_name, option_name`,
    );
    return rows
      .map((r) => ({
        group: str(r.group_name),
        optionName: str(r.option_name),
        quantity: num(r.quantity),
        amountCents: num(r.amount),
      }))
      .filter((r) => r.quantity !== 0);
  }

  async paymentMethods(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<
    Array<{
      method: string;
      cardBrand: string | null;
      count: number;
      amountCents: number;
      tipCents: number;
      refundCount: number;
      refundCents: number;
    }>
  > {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select method, card_brand, count, amount_cents, tip_cents, refund_count, refund_cents
          from daily_payment_sales where restaurant_id = ${restaurantId} and ${days}`,
      (day, at) => sql`select p.method, coalesce(p.card_brand, ''), 1, p.amount_cents, p.tip_cents, 0, 0::int8
          from payments p
          where p.restaurant_id = ${restaurantId} and p.business_day = ${day}::date and p.paid_at < ${at}::timestamptz
          union all
          select r.method, coalesce(r.card_brand, ''), 0, 0, 0, 1, r.amount_cents
          from refunds r
          where r.restaurant_id = ${restaurantId} and r.business_day = ${day}::date
            and r.refunded_at < ${at}::timestamptz`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select method, card_brand, sum(count::float8) as n, sum(amount_cents::float8) as amount,
            sum(tip_cents::float8) as tip, sum(refund_count::float8) as refund_n, sum(refund_cents::float8) as refund
          from (${source}) x
          group by method, card_brand`,
    );
    return rows
      .map((r) => ({
        method: str(r.method),
        cardBrand: str(r.card_brand) === '' ? null : str(r.card_brand),
        count: num(r.n),
        amountCents: num(r.amount),
        tipCents: num(r.tip),
        refundCount: num(r.refund_n),
        refundCents: num(r.refund),
      }))
      .filter((r) => r.count !== 0 || r.refundCount !== 0);
  }

  async discounts(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<Array<{ name: string; kind: string; count: number; amountCents: number }>> {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select name, kind, count, amount_cents from daily_discount_sales
          where restaurant_id = ${restaurantId} and ${days}`,
      (day, at) => sql`select d.name, d.kind, 1, d.amount_cents
          from order_discounts d join orders o on o.id = d.order_id
          where d.restaurant_id = ${restaurantId} and o.business_day = ${day}::date and ${closedBy(at)}`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select name, kind, sum(count::float8) as n, sum(amount_cents::float8) as amount
          from (${source}) x
          group by name, kind`,
    );
    return rows
      .map((r) => ({ name: str(r.name), kind: str(r.kind), count: num(r.n), amountCents: num(r.amount) }))
      .filter((r) => r.count !== 0);
  }

  async taxes(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<Array<{ name: string | null; rateMilliPercent: number | null; taxableCents: number; taxCents: number }>> {
    const source = rowsUpTo(
      range,
      until,
      (days) => sql`select name, rate_milli_percent, taxable_cents, tax_cents from daily_tax_sales
          where restaurant_id = ${restaurantId} and ${days}`,
      // orders whose POS sent no tax lines count under no name, as in the rollup
      (day, at) => sql`select tx.name, coalesce(tx.rate_milli_percent, -1), tx.taxable_cents, tx.tax_cents
          from order_taxes tx join orders o on o.id = tx.order_id
          where tx.restaurant_id = ${restaurantId} and o.business_day = ${day}::date and ${closedBy(at)}
          union all
          select '', -1, o.net_sales_cents, o.tax_cents from orders o
          where o.restaurant_id = ${restaurantId} and o.business_day = ${day}::date and ${closedBy(at)}
            and not o.has_tax_lines and o.tax_cents > 0
          union all
          select name, rate, -taxable, -tax from (${refundTaxShares(
            sql`r.restaurant_id = ${restaurantId} and r.business_day = ${day}::date
              and r.refunded_at < ${at}::timestamptz and ${closedBy(at)}`,
          )}) refunded`,
    );
    const rows = await rowsOf(
      this.db,
      sql`select name, rate_milli_percent, sum(taxable_cents::float8) as taxable, sum(tax_cents::float8) as tax
          from (${source}) x
          group by name, rate_milli_percent`,
    );
    return rows
      .map((r) => ({
        name: str(r.name) === '' ? null : str(r.name),
        rateMilliPercent: num(r.rate_milli_percent) < 0 ? null : num(r.rate_milli_percent),
        taxableCents: num(r.taxable),
        taxCents: num(r.tax),
      }))
      .filter((r) => r.taxableCents !== 0 || r.taxCents !== 0);
  }

  /** Comped and voided lines in the asked order (ties by order and line, the key). */
  async compsVoids(
    restaurantId: number,
    range: TDayRange,
    page: TListPage<TCompsVoidsSortKey>,
  ): Promise<{
    total: number;
    rows: Array<{
      kind: 'comp' | 'void';
      posOrderId: string;
      orderNumber: string | null;
      itemName: string;
      quantity: number;
      amountCents: number;
      by: string;
      reason: string;
      atMs: number;
    }>;
  }> {
    const where = sql`i.restaurant_id = ${restaurantId} and i.business_day between ${range.from}::date and ${range.to}::date
      and i.comp_void_kind is not null`;
    const [countRow] = await rowsOf(this.db, sql`select count(*)::float8 as n from order_items i where ${where}`);
    const rows = await rowsOf(
      this.db,
      sql`select i.comp_void_kind, o.pos_order_id, o.order_number, i.name, i.quantity, i.gross_cents,
            i.comp_void_by, i.comp_void_reason, (extract(epoch from i.comp_void_at) * 1000)::float8 as at_ms
          from order_items i join orders o on o.id = i.order_id
          where ${where}
          order by ${compsVoidsOrder(page.sort, page.order)},
            i.order_id ${TIEBREAK[page.order]}, i.line_no ${TIEBREAK[page.order]}
          ${limitOffset(page)}`,
    );
    return {
      total: num(countRow?.n),
      rows: rows.map((r) => ({
        kind: str(r.comp_void_kind) as 'comp' | 'void',
        posOrderId: str(r.pos_order_id),
        orderNumber: strOrNull(r.order_number),
        itemName: str(r.name),
        quantity: num(r.quantity),
        amountCents: num(r.gross_cents),
        by: str(r.comp_void_by),
        reason: str(r.comp_void_reason),
        atMs: num(r.at_ms),
      })),
    };
  }

  async payoutTotals(
    restaurantId: number,
    range: TDayRange,
    until?: Date | null,
  ): Promise<{ cashCount: number; cashCents: number; depositCount: number; depositCents: number }> {
    // payouts are base rows: a last day counted up to `until` keeps those paid by then
    const upTo = until
      ? sql`and (business_day < ${range.to}::date or paid_at < ${until.toISOString()}::timestamptz)`
      : sql``;
    const [row] = await rowsOf(
      this.db,
      sql`select count(*) filter (where kind = 'cash')::float8 as cash_n,
            coalesce(sum(amount_cents) filter (where kind = 'cash'), 0)::float8 as cash,
            count(*) filter (where kind = 'deposit')::float8 as deposit_n,
            coalesce(sum(amount_cents) filter (where kind = 'deposit'), 0)::float8 as deposit
          from payouts where restaurant_id = ${restaurantId} and ${inRange(range)} ${upTo}`,
    );
    return {
      cashCount: num(row?.cash_n),
      cashCents: num(row?.cash),
      depositCount: num(row?.deposit_n),
      depositCents: num(row?.deposit),
    };
  }

  /** Cash payouts and deposits in the asked order (ties by id). */
  async payouts(
    restaurantId: number,
    range: TDayRange,
    page: TListPage<TPayoutSortKey>,
  ): Promise<
    Array<{ kind: 'cash' | 'deposit'; atMs: number; amountCents: number; reason: string | null; by: string | null }>
  > {
    const rows = await rowsOf(
      this.db,
      sql`select kind, (extract(epoch from paid_at) * 1000)::float8 as at_ms, amount_cents, reason, paid_by
          from payouts where restaurant_id = ${restaurantId} and ${inRange(range)}
          order by ${payoutsOrder(page.sort, page.order)}, id ${TIEBREAK[page.order]}
          ${limitOffset(page)}`,
    );
    return rows.map((r) => ({
      kind: str(r.kind) as 'cash' | 'deposit',
      atMs: num(r.at_ms),
      amountCents: num(r.amount_cents),
      reason: strOrNull(r.reason),
      by: strOrNull(r.paid_by),
    }));
  }

  /**
   * The summary computed from the raw order, payment and refund rows instead of the rollups: what a
   * report without rollups would run. Used by tests (rollups must agree with it) and by the
   * benchmark (how much faster the rollups are).
   */
  async rawSalesByChannel(restaurantId: number, range: TDayRange): Promise<Map<string, TSalesSums>> {
    const day = sql`between ${range.from}::date and ${range.to}::date`;
    const rows = await rowsOf(
      this.db,
      sql`select channel,
            coalesce(sum(order_count::float8), 0) as order_count, coalesce(sum(guest_count::float8), 0) as guest_count,
            coalesce(sum(party_count::float8), 0) as party_count,
            coalesce(sum(gross_sales_cents::float8), 0) as gross_sales_cents,
            coalesce(sum(item_discount_cents::float8), 0) as item_discount_cents,
            coalesce(sum(order_discount_cents::float8), 0) as order_discount_cents,
            coalesce(sum(comp_cents::float8), 0) as comp_cents, coalesce(sum(comp_quantity::float8), 0) as comp_quantity,
            coalesce(sum(void_cents::float8), 0) as void_cents, coalesce(sum(void_quantity::float8), 0) as void_quantity,
            coalesce(sum(net_sales_cents::float8), 0) as net_sales_cents, coalesce(sum(tax_cents::float8), 0) as tax_cents,
            coalesce(sum(service_charge_cents::float8), 0) as service_charge_cents,
            coalesce(sum(tip_cents::float8), 0) as tip_cents,
            coalesce(sum(payment_count::float8), 0) as payment_count, coalesce(sum(paid_cents::float8), 0) as paid_cents,
            coalesce(sum(refund_count::float8), 0) as refund_count, coalesce(sum(refund_cents::float8), 0) as refund_cents,
            coalesce(sum(open_order_count::float8), 0) as open_order_count,
            coalesce(sum(voided_order_count::float8), 0) as voided_order_count,
            coalesce(sum(turn_seconds::float8), 0) as turn_seconds, coalesce(sum(turn_count::float8), 0) as turn_count
          from (
            select o.channel,
              (o.status = 'closed')::int as order_count,
              case when o.status = 'closed' then o.party_size else 0 end as guest_count,
              (o.status = 'closed' and o.party_size > 0)::int as party_count,
              case when o.status = 'closed' then o.gross_sales_cents end as gross_sales_cents,
              case when o.status = 'closed' then o.item_discount_cents end as item_discount_cents,
              case when o.status = 'closed' then o.order_discount_cents end as order_discount_cents,
              case when o.status = 'closed' then o.comp_cents end as comp_cents,
              case when o.status = 'closed' then o.comp_quantity end as comp_quantity,
              case when o.status <> 'open' then o.void_cents end as void_cents,
              case when o.status <> 'open' then o.void_quantity end as void_quantity,
              case when o.status = 'closed' then o.net_sales_cents end as net_sales_cents,
              case when o.status = 'closed' then o.tax_cents end as tax_cents,
              case when o.status = 'closed' then o.service_charge_cents end as service_charge_cents,
              case when o.status = 'closed' then o.tip_cents end as tip_cents,
              0 as payment_count, 0::int8 as paid_cents, 0 as refund_count, 0::int8 as refund_cents,
              (o.status = 'open')::int as open_order_count, (o.status = 'voided')::int as voided_order_count,
              case when o.status = 'closed' and o.channel = 'dineIn'
                then floor(extract(epoch from (o.closed_at - o.opened_at)))::int8 end as turn_seconds,
              (o.status = 'closed' and o.channel = 'dineIn')::int as turn_count
            from orders o where o.restaurant_id = ${restaurantId} and o.business_day ${day}
            union all
            select o.channel, 0, 0, 0, null, null, null, null, null, null, null, null, null, null, null,
              1, p.amount_cents, 0, 0, 0, 0, null, 0
            from payments p join orders o on o.id = p.order_id
            where p.restaurant_id = ${restaurantId} and p.business_day ${day}
            union all
            select o.channel, 0, 0, 0, null, null, null, null, null, null, null,
              case when o.status = 'closed' then -r.net_cents end, case when o.status = 'closed' then -r.tax_cents end,
              null, null, 0, 0, 1, r.amount_cents, 0, 0, null, 0
            from refunds r join orders o on o.id = r.order_id
            where r.restaurant_id = ${restaurantId} and r.business_day ${day}
          ) x group by channel`,
    );
    return new Map(rows.map((row) => [str(row.channel), sumsOf(row)]));
  }
}
