import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { num, rowsOf, str, strOrNull } from '../../db/sql-util.ts';
import type { TOrderDetail, TTransactionRow, TTransactionsQuery } from '@ra/shared/transactions/transactions.schemas';

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
const iso = (value: unknown) => new Date(num(value)).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

/**
 * Payments and refunds of one restaurant as one list. Each branch of the union is filtered on its own
 * (restaurant_id, business_day) index before the two are merged, sorted and paged.
 */
export class TransactionsRepository {
  constructor(private readonly db: Database) {}

  /**
   * With `pageEnd`, each branch is sorted and cut to the first `pageEnd` rows on its own, so a page
   * of a year reads two short ordered index scans instead of sorting every payment of the year.
   */
  private union(restaurantId: number, q: TTransactionsQuery, pageEnd?: number): SQL | null {
    const branch = (kind: 'payment' | 'refund') => {
      const a = kind === 'payment' ? 'p' : 'r';
      const filters: SQL[] = [
        sql`${sql.raw(a)}.restaurant_id = ${restaurantId}`,
        sql`${sql.raw(a)}.business_day between ${q.from}::date and ${q.to}::date`,
      ];
      if (q.method) filters.push(sql`${sql.raw(a)}.method = ${q.method}`);
      if (q.minCents !== undefined) filters.push(sql`${sql.raw(a)}.amount_cents >= ${q.minCents}`);
      if (q.maxCents !== undefined) filters.push(sql`${sql.raw(a)}.amount_cents <= ${q.maxCents}`);
      if (q.status && kind === 'payment') {
        filters.push(
          q.status === 'completed'
            ? sql`p.refunded_cents = 0`
            : q.status === 'refunded'
              ? sql`p.refunded_cents >= p.amount_cents`
              : sql`p.refunded_cents > 0 and p.refunded_cents < p.amount_cents`,
        );
      }
      if (q.q) {
        const term = q.q;
        const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filters.push(sql`(o.order_number = ${term} or o.pos_order_id like ${`${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
          or ${sql.raw(a)}.card_last4 = ${term} or o.server_name ilike ${like})`);
      }
      const where = sql.join(filters, sql` and `);
      const at = kind === 'payment' ? 'paid_at' : 'refunded_at';
      const branchOrder = {
        '-at': `${a}.business_day desc, ${a}.${at} desc, ${a}.id desc`,
        at: `${a}.business_day asc, ${a}.${at} asc, ${a}.id asc`,
        '-amount': `${a}.amount_cents desc, ${a}.${at} desc, ${a}.id desc`,
        amount: `${a}.amount_cents asc, ${a}.${at} desc, ${a}.id desc`,
      }[q.sort];
      const cut = pageEnd === undefined ? sql`` : sql` order by ${sql.raw(branchOrder)} limit ${pageEnd}`;
      const select =
        kind === 'payment'
          ? sql`select 'payment' as kind, p.id, p.order_id, o.pos_order_id, o.order_number, o.channel, o.server_name,
              p.method, p.card_brand, p.card_last4, p.amount_cents, p.tip_cents, p.refunded_cents,
              ${ms('p.paid_at')} as at_ms, p.paid_at as at, p.business_day as bday, p.business_day::text as business_day,
              null::text as reason, null::text as by_name
            from payments p join orders o on o.id = p.order_id where ${where}${cut}`
          : sql`select 'refund' as kind, r.id, r.order_id, o.pos_order_id, o.order_number, o.channel, o.server_name,
              r.method, r.card_brand, r.card_last4, r.amount_cents, 0::int8 as tip_cents, 0::int8 as refunded_cents,
              ${ms('r.refunded_at')} as at_ms, r.refunded_at as at, r.business_day as bday, r.business_day::text as business_day,
              r.reason, r.refunded_by as by_name
            from refunds r join orders o on o.id = r.order_id where ${where}${cut}`;
      return sql`(${select})`;
    };
    // A status filter other than 'completed' only matches payments; refunds are always completed.
    const kinds = (['payment', 'refund'] as const).filter(
      (k) => (!q.kind || q.kind === k) && !(k === 'refund' && q.status && q.status !== 'completed'),
    );
    if (kinds.length === 0) return null;
    return sql.join(kinds.map(branch), sql` union all `);
  }

  async list(
    restaurantId: number,
    q: TTransactionsQuery,
  ): Promise<{
    rows: TTransactionRow[];
    total: number;
    totals: { paymentCount: number; paymentCents: number; refundCount: number; refundCents: number };
  }> {
    const union = this.union(restaurantId, q);
    if (!union)
      return { rows: [], total: 0, totals: { paymentCount: 0, paymentCents: 0, refundCount: 0, refundCents: 0 } };
    // A business day follows from its instant, so (business day, time) sorts like time alone but lets
    // each branch read its (restaurant_id, business_day, at) index in order and stop after one page.
    const order = {
      '-at': sql`bday desc, at desc, kind, id desc`,
      at: sql`bday asc, at asc, kind, id asc`,
      '-amount': sql`amount_cents desc, at desc, id desc`,
      amount: sql`amount_cents asc, at desc, id desc`,
    }[q.sort];
    // Without row-level filters the totals come from the daily payment rollup (a year is a few
    // thousand rows instead of every payment); search, status and amount filters need the rows.
    const rowLevel =
      q.q !== undefined || q.status !== undefined || q.minCents !== undefined || q.maxCents !== undefined;
    const totalsQuery = rowLevel
      ? sql`select count(*) filter (where kind = 'payment')::float8 as pn,
              coalesce(sum(amount_cents) filter (where kind = 'payment'), 0)::float8 as pc,
              count(*) filter (where kind = 'refund')::float8 as rn,
              coalesce(sum(amount_cents) filter (where kind = 'refund'), 0)::float8 as rc
            from (${union}) t`
      : sql`select ${q.kind === 'refund' ? sql`0` : sql`coalesce(sum(count), 0)`}::float8 as pn,
              ${q.kind === 'refund' ? sql`0` : sql`coalesce(sum(amount_cents), 0)`}::float8 as pc,
              ${q.kind === 'payment' ? sql`0` : sql`coalesce(sum(refund_count), 0)`}::float8 as rn,
              ${q.kind === 'payment' ? sql`0` : sql`coalesce(sum(refund_cents), 0)`}::float8 as rc
            from daily_payment_sales where restaurant_id = ${restaurantId}
              and business_day between ${q.from}::date and ${q.to}::date
              ${q.method ? sql`and method = ${q.method}` : sql``}`;
    const offset = (q.page - 1) * q.pageSize;
    const page = this.union(restaurantId, q, offset + q.pageSize) ?? union;
    const [rows, [agg]] = await Promise.all([
      rowsOf(this.db, sql`select * from (${page}) t order by ${order} limit ${q.pageSize} offset ${offset}`),
      rowsOf(this.db, totalsQuery),
    ]);
    return {
      total: num(agg?.pn) + num(agg?.rn),
      totals: {
        paymentCount: num(agg?.pn),
        paymentCents: num(agg?.pc),
        refundCount: num(agg?.rn),
        refundCents: num(agg?.rc),
      },
      rows: rows.map((r) => {
        const kind = str(r.kind) as 'payment' | 'refund';
        const amount = num(r.amount_cents);
        const refunded = num(r.refunded_cents);
        return {
          key: `${kind}-${num(r.id)}`,
          kind,
          id: num(r.id),
          orderId: num(r.order_id),
          posOrderId: str(r.pos_order_id),
          orderNumber: strOrNull(r.order_number),
          channel: str(r.channel) as TTransactionRow['channel'],
          serverName: strOrNull(r.server_name),
          method: str(r.method) as TTransactionRow['method'],
          cardBrand: strOrNull(r.card_brand) as TTransactionRow['cardBrand'],
          cardLast4: strOrNull(r.card_last4),
          amountCents: amount,
          tipCents: num(r.tip_cents),
          refundedCents: refunded,
          status:
            kind === 'refund' || refunded === 0 ? 'completed' : refunded >= amount ? 'refunded' : 'partiallyRefunded',
          at: iso(r.at_ms),
          businessDay: str(r.business_day),
          reason: strOrNull(r.reason),
          by: strOrNull(r.by_name),
        };
      }),
    };
  }

  /** The order with everything on it, or undefined when it is not this restaurant's. */
  async orderDetail(restaurantId: number, orderId: number): Promise<TOrderDetail | undefined> {
    const [o] = await rowsOf(
      this.db,
      sql`select *, ${ms('opened_at')} as opened_ms, ${ms('closed_at')} as closed_ms, ${ms('voided_at')} as voided_ms,
            business_day::text as day
          from orders where restaurant_id = ${restaurantId} and id = ${orderId}`,
    );
    if (!o) return undefined;
    const scope = sql`restaurant_id = ${restaurantId} and order_id = ${orderId}`;
    const [items, options, discounts, taxes, payments, refunds] = await Promise.all([
      rowsOf(this.db, sql`select *, ${ms('comp_void_at')} as cv_ms from order_items where ${scope} order by line_no`),
      rowsOf(this.db, sql`select * from order_item_options where ${scope} order by line_no, option_no`),
      rowsOf(this.db, sql`select * from order_discounts where ${scope} order by discount_no`),
      rowsOf(this.db, sql`select * from order_taxes where ${scope} order by tax_no`),
      rowsOf(this.db, sql`select *, ${ms('paid_at')} as at_ms from payments where ${scope} order by paid_at, id`),
      rowsOf(
        this.db,
        sql`select *, ${ms('refunded_at')} as at_ms from refunds where ${scope} order by refunded_at, id`,
      ),
    ]);
    const action = (kind: string, row: Record<string, unknown>) =>
      str(row.comp_void_kind) === kind && !(kind === 'void' && !row.voided)
        ? { by: str(row.comp_void_by), reason: str(row.comp_void_reason), at: iso(row.cv_ms) }
        : null;
    return {
      id: num(o.id),
      posOrderId: str(o.pos_order_id),
      orderNumber: strOrNull(o.order_number),
      channel: str(o.channel) as TOrderDetail['channel'],
      deliveryPlatform: strOrNull(o.delivery_platform),
      tableName: strOrNull(o.table_name),
      partySize: num(o.party_size),
      serverName: strOrNull(o.server_name),
      status: str(o.status) as TOrderDetail['status'],
      openedAt: iso(o.opened_ms),
      closedAt: isoOrNull(o.closed_ms),
      businessDay: str(o.day),
      voided:
        o.voided_by === null ? null : { by: str(o.voided_by), reason: str(o.voided_reason), at: iso(o.voided_ms) },
      totals: {
        grossSalesCents: num(o.gross_sales_cents),
        discountCents: num(o.item_discount_cents) + num(o.order_discount_cents),
        compCents: num(o.comp_cents),
        voidCents: num(o.void_cents),
        netSalesCents: num(o.net_sales_cents),
        taxCents: num(o.tax_cents),
        serviceChargeCents: num(o.service_charge_cents),
        tipCents: num(o.tip_cents),
        totalCents: num(o.total_cents),
        paidCents: num(o.paid_cents),
        refundedCents: num(o.refunded_cents),
      },
      items: items.map((i) => ({
        lineNo: num(i.line_no),
        posItemId: str(i.pos_item_id),
        name: str(i.name),
        category: str(i.category),
        quantity: num(i.quantity),
        unitPriceCents: num(i.unit_price_cents),
        grossCents: num(i.gross_cents),
        discountCents: num(i.discount_cents),
        netCents: num(i.net_cents),
        options: options
          .filter((op) => num(op.line_no) === num(i.line_no))
          .map((op) => ({
            name: str(op.name),
            group: str(op.group_name),
            priceCents: num(op.price_cents),
            quantity: num(op.quantity),
          })),
        comped: action('comp', i),
        voided: action('void', i),
      })),
      discounts: discounts.map((d) => ({
        lineNo: d.line_no === null ? null : num(d.line_no),
        name: str(d.name),
        kind: str(d.kind) as TOrderDetail['discounts'][number]['kind'],
        couponCode: strOrNull(d.coupon_code),
        amountCents: num(d.amount_cents),
        appliedBy: strOrNull(d.applied_by),
      })),
      taxes: taxes.map((t) => ({
        name: str(t.name),
        rateMilliPercent: t.rate_milli_percent === null ? null : num(t.rate_milli_percent),
        taxableCents: num(t.taxable_cents),
        taxCents: num(t.tax_cents),
      })),
      payments: payments.map((p) => ({
        id: num(p.id),
        posPaymentId: str(p.pos_payment_id),
        method: str(p.method) as TOrderDetail['payments'][number]['method'],
        cardBrand: strOrNull(p.card_brand) as TOrderDetail['payments'][number]['cardBrand'],
        cardLast4: strOrNull(p.card_last4),
        amountCents: num(p.amount_cents),
        tipCents: num(p.tip_cents),
        refundedCents: num(p.refunded_cents),
        paidAt: iso(p.at_ms),
      })),
      refunds: refunds.map((r) => ({
        id: num(r.id),
        posRefundId: str(r.pos_refund_id),
        posPaymentId: strOrNull(r.pos_payment_id),
        method: str(r.method) as TOrderDetail['refunds'][number]['method'],
        amountCents: num(r.amount_cents),
        cardBrand: strOrNull(r.card_brand) as TOrderDetail['refunds'][number]['cardBrand'],
        cardLast4: strOrNull(r.card_last4),
        reason: str(r.reason),
        by: str(r.refunded_by),
        at: iso(r.at_ms),
      })),
    };
  }
}
