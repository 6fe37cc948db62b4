import { sql } from 'drizzle-orm';
import { splitCents } from '@ra/shared/refunds/refund-math';
import type { TOfficeRefund } from '@ra/shared/refunds/refunds.schemas';
import type { Database } from '../../db/client.ts';
import { AuditRepository, type TAuditEntry } from '../../db/audit.repository.ts';
import { OFFICE_REFUND_NET } from '../../db/refund-shares.ts';
import { dayOf, isoOrNull, num, rowsOf, str, strOrNull } from '../../db/sql-util.ts';

/** What the money rules need of one order, read under its lock. */
export interface TOrderState {
  id: number;
  posOrderId: string;
  status: string;
  channel: string;
  /** The business day the order was served on (its pay period's tips). */
  businessDay: string;
  paidCents: number;
  /** Refunds filed (the POS's and the office's) plus office refunds in flight at the processor. */
  refundedCents: number;
  netCents: number;
  taxCents: number;
  tipCents: number;
  lines: Array<{
    lineNo: number;
    name: string;
    quantity: number;
    netCents: number;
    taxCents: number;
    refundedQuantity: number;
  }>;
  cardPayments: Array<{
    paymentId: number;
    posPaymentId: string;
    cardBrand: string | null;
    cardLast4: string | null;
    amountCents: number;
    refundedCents: number;
  }>;
}

export interface TRefundRow extends TOfficeRefund {
  restaurantId: number;
  posOrderId: string;
  paymentId: number | null;
  posPaymentId: string | null;
  requestedByUserId: number;
}

export type TNewRefund = Omit<
  TRefundRow,
  'id' | 'createdAt' | 'refundedAt' | 'businessDay' | 'approvedBy' | 'failure' | 'orderId'
> & {
  orderId: number;
  idempotencyKey: string;
  giftcardId: number | null;
  approvedByUserId: number | null;
  approvedBy: string | null;
};

const REFUND_SELECT = sql`select id, restaurant_id, order_id, pos_order_id, status, scope, tender, payment_id, pos_payment_id,
  card_brand, card_last4, giftcard_last4, amount_cents, net_cents, tax_cents, tip_cents, lines, reason, note,
  requested_by_user_id, requested_by_name, approved_by_name, failure, business_day::text as business_day,
  refunded_at, created_at from office_refunds`;

function toRefund(row: Record<string, unknown>): TRefundRow {
  return {
    id: num(row.id),
    restaurantId: num(row.restaurant_id),
    orderId: num(row.order_id),
    posOrderId: str(row.pos_order_id),
    status: str(row.status) as TRefundRow['status'],
    scope: str(row.scope) as TRefundRow['scope'],
    tender: str(row.tender) as TRefundRow['tender'],
    paymentId: row.payment_id === null ? null : num(row.payment_id),
    posPaymentId: strOrNull(row.pos_payment_id),
    cardBrand: strOrNull(row.card_brand) as TRefundRow['cardBrand'],
    cardLast4: strOrNull(row.card_last4),
    giftcardLast4: strOrNull(row.giftcard_last4),
    amountCents: num(row.amount_cents),
    netCents: num(row.net_cents),
    taxCents: num(row.tax_cents),
    tipCents: num(row.tip_cents),
    lines: (row.lines ?? []) as TRefundRow['lines'],
    reason: str(row.reason) as TRefundRow['reason'],
    note: str(row.note),
    requestedByUserId: num(row.requested_by_user_id),
    requestedBy: str(row.requested_by_name),
    approvedBy: strOrNull(row.approved_by_name),
    failure: strOrNull(row.failure),
    businessDay: row.business_day === null ? null : dayOf(row.business_day),
    refundedAt: isoOrNull(row.refunded_at),
    createdAt: isoOrNull(row.created_at) ?? '',
  };
}

/** All SQL of back-office refunds. Every method takes the caller's restaurant id first. */
export class RefundsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => work(tx as unknown as Database));
  }

  /**
   * Serialises every change to one order's money: the same advisory lock as a POS push of the order
   * (orders.repository ingestOrders), then the order row FOR UPDATE. Undefined when not here.
   */
  async lockOrder(tx: Database, restaurantId: number, orderId: number): Promise<TOrderState | undefined> {
    const [head] = await rowsOf(
      tx,
      sql`select pos_order_id from orders where restaurant_id = ${restaurantId} and id = ${orderId}`,
    );
    if (!head) return undefined;
    await tx.execute(sql`select pg_advisory_xact_lock(${restaurantId}, hashtext(${str(head.pos_order_id)}))`);
    return this.readOrder(tx, restaurantId, orderId, true);
  }

  async readOrder(
    db: Database,
    restaurantId: number,
    orderId: number,
    forUpdate = false,
  ): Promise<TOrderState | undefined> {
    const [o] = await rowsOf(
      db,
      sql`select id, pos_order_id, status, channel, business_day::text as business_day, paid_cents, refunded_cents, net_sales_cents, service_charge_cents,
            tax_cents, tip_cents,
            (select coalesce(sum(amount_cents), 0) from office_refunds f
              where f.restaurant_id = o.restaurant_id and f.order_id = o.id and f.status = 'processing')::int8 as in_flight
          from orders o where restaurant_id = ${restaurantId} and id = ${orderId}${forUpdate ? sql` for update` : sql``}`,
    );
    if (!o) return undefined;
    const refundedLines = new Map<number, number>();
    for (const r of await rowsOf(
      db,
      sql`select (l->>'lineNo')::int as line_no, sum((l->>'quantity')::int)::int as q
          from office_refunds f, jsonb_array_elements(f.lines) l
          where f.restaurant_id = ${restaurantId} and f.order_id = ${orderId} and f.status in ('processing', 'succeeded')
          group by 1`,
    )) {
      refundedLines.set(num(r.line_no), num(r.q));
    }
    const lines = (
      await rowsOf(
        db,
        sql`select line_no, name, quantity, net_cents, tax_cents from order_items
            where order_id = ${orderId} and restaurant_id = ${restaurantId} and not voided order by line_no`,
      )
    ).map((r) => ({
      lineNo: num(r.line_no),
      name: str(r.name),
      quantity: num(r.quantity),
      netCents: num(r.net_cents),
      taxCents: num(r.tax_cents),
      refundedQuantity: refundedLines.get(num(r.line_no)) ?? 0,
    }));
    // A POS that sent only the order's tax leaves every line untaxed: the tax is then spread over the
    // lines by their net, so refunding lines gives back their share of it (issue 23 "Tax ... split").
    const orderTax = num(o.tax_cents);
    if (orderTax > 0 && lines.every((l) => l.taxCents === 0)) {
      const shares = splitCents(
        orderTax,
        lines.map((l) => l.netCents),
      );
      lines.forEach((l, i) => (l.taxCents = shares[i] ?? 0));
    }
    const cardPayments = (
      await rowsOf(
        db,
        sql`select p.id, p.pos_payment_id, p.card_brand, p.card_last4, p.amount_cents, p.refunded_cents
              + (select coalesce(sum(amount_cents), 0) from office_refunds f
                  where f.restaurant_id = p.restaurant_id and f.payment_id = p.id and f.status = 'processing')::int8 as refunded
            from payments p where p.order_id = ${orderId} and p.restaurant_id = ${restaurantId} and p.method = 'card'
            order by p.paid_at, p.id`,
      )
    ).map((r) => ({
      paymentId: num(r.id),
      posPaymentId: str(r.pos_payment_id),
      cardBrand: strOrNull(r.card_brand),
      cardLast4: strOrNull(r.card_last4),
      amountCents: num(r.amount_cents),
      refundedCents: num(r.refunded),
    }));
    return {
      id: num(o.id),
      posOrderId: str(o.pos_order_id),
      status: str(o.status),
      channel: str(o.channel),
      businessDay: dayOf(o.business_day),
      paidCents: num(o.paid_cents),
      refundedCents: num(o.refunded_cents) + num(o.in_flight),
      netCents: num(o.net_sales_cents) + num(o.service_charge_cents),
      taxCents: num(o.tax_cents),
      tipCents: num(o.tip_cents),
      lines,
      cardPayments,
    };
  }

  async findByKey(db: Database, restaurantId: number, key: string): Promise<TRefundRow | undefined> {
    const [row] = await rowsOf(
      db,
      sql`${REFUND_SELECT} where restaurant_id = ${restaurantId} and idempotency_key = ${key}`,
    );
    return row ? toRefund(row) : undefined;
  }

  async findById(db: Database, restaurantId: number, id: number, forUpdate = false): Promise<TRefundRow | undefined> {
    const [row] = await rowsOf(
      db,
      sql`${REFUND_SELECT} where restaurant_id = ${restaurantId} and id = ${id}${forUpdate ? sql` for update` : sql``}`,
    );
    return row ? toRefund(row) : undefined;
  }

  async findOne(restaurantId: number, id: number): Promise<TRefundRow | undefined> {
    return this.findById(this.db, restaurantId, id);
  }

  async listForOrder(restaurantId: number, orderId: number): Promise<TRefundRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`${REFUND_SELECT} where restaurant_id = ${restaurantId} and order_id = ${orderId} order by id desc`,
    );
    return rows.map(toRefund);
  }

  async insert(tx: Database, row: TNewRefund, now: Date): Promise<TRefundRow> {
    const [inserted] = await rowsOf(
      tx,
      sql`insert into office_refunds (restaurant_id, order_id, pos_order_id, idempotency_key, status, scope, tender,
            payment_id, pos_payment_id, card_brand, card_last4, giftcard_id, giftcard_last4, amount_cents, net_cents,
            tax_cents, tip_cents, lines, reason, note, requested_by_user_id, requested_by_name, approved_by_user_id,
            approved_by_name, created_at, updated_at)
          values (${row.restaurantId}, ${row.orderId}, ${row.posOrderId}, ${row.idempotencyKey}, ${row.status}, ${row.scope},
            ${row.tender}, ${row.paymentId}, ${row.posPaymentId}, ${row.cardBrand}, ${row.cardLast4}, ${row.giftcardId},
            ${row.giftcardLast4}, ${row.amountCents}, ${row.netCents}, ${row.taxCents}, ${row.tipCents},
            ${JSON.stringify(row.lines)}::jsonb, ${row.reason}, ${row.note}, ${row.requestedByUserId}, ${row.requestedBy},
            ${row.approvedByUserId}, ${row.approvedBy}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          returning id`,
    );
    const found = await this.findById(tx, row.restaurantId, num(inserted?.id));
    if (!found) throw new Error('office refund insert returned nothing');
    return found;
  }

  /** Moves a refund on: the new status and whatever else is known now. */
  async update(
    tx: Database,
    restaurantId: number,
    id: number,
    set: {
      status: TRefundRow['status'];
      now: Date;
      providerRefundId?: string;
      failure?: string;
      businessDay?: string;
      approvedByUserId?: number;
      approvedBy?: string;
      amounts?: { amountCents: number; netCents: number; taxCents: number; tipCents: number };
      giftcard?: { id: number; last4: string };
    },
  ): Promise<TRefundRow> {
    const at = set.now.toISOString();
    await tx.execute(sql`update office_refunds set status = ${set.status}, updated_at = ${at}::timestamptz,
        provider_refund_id = coalesce(${set.providerRefundId ?? null}::text, provider_refund_id),
        failure = coalesce(${set.failure ?? null}::text, failure),
        business_day = coalesce(${set.businessDay ?? null}::date, business_day),
        refunded_at = case when ${set.status} = 'succeeded' then ${at}::timestamptz else refunded_at end,
        approved_by_user_id = coalesce(${set.approvedByUserId ?? null}::int4, approved_by_user_id),
        approved_by_name = coalesce(${set.approvedBy ?? null}::text, approved_by_name),
        amount_cents = coalesce(${set.amounts?.amountCents ?? null}::int8, amount_cents),
        net_cents = coalesce(${set.amounts?.netCents ?? null}::int8, net_cents),
        tax_cents = coalesce(${set.amounts?.taxCents ?? null}::int8, tax_cents),
        tip_cents = coalesce(${set.amounts?.tipCents ?? null}::int8, tip_cents),
        giftcard_id = coalesce(${set.giftcard?.id ?? null}::int4, giftcard_id),
        giftcard_last4 = coalesce(${set.giftcard?.last4 ?? null}::text, giftcard_last4)
      where restaurant_id = ${restaurantId} and id = ${id}`);
    const row = await this.findById(tx, restaurantId, id);
    if (!row) throw new Error('office refund vanished');
    return row;
  }

  /** The restaurant's zone and end-of-day hour, held FOR SHARE so a clock change waits (as a POS push does). */
  async clockOf(tx: Database, restaurantId: number): Promise<{ timeZone: string | null; hourOffsetEndOfDay: number }> {
    const [row] = await rowsOf(
      tx,
      sql`select time_zone, hour_offset_end_of_day from restaurants where id = ${restaurantId} for share`,
    );
    return { timeZone: strOrNull(row?.time_zone), hourOffsetEndOfDay: num(row?.hour_offset_end_of_day) };
  }

  /**
   * Files a succeeded office refund where reports read refunds: a `refunds` row `office-<id>` on the
   * business day it was made, and the payment's and order's refunded figures. The caller wraps this in
   * the orders module's rollup re-filing so the rollups follow.
   */
  async fileRefund(tx: Database, refund: TRefundRow): Promise<void> {
    await tx.execute(sql`insert into refunds (restaurant_id, order_id, pos_refund_id, pos_payment_id, method, card_brand,
        card_last4, amount_cents, net_cents, tax_cents, reason, refunded_by, refunded_at, business_day)
      select f.restaurant_id, f.order_id, 'office-' || f.id, f.pos_payment_id, f.tender, f.card_brand, f.card_last4,
        f.amount_cents, ${OFFICE_REFUND_NET}, f.tax_cents, f.reason, f.requested_by_name, f.refunded_at, f.business_day
      from office_refunds f join orders o on o.id = f.order_id
      where f.restaurant_id = ${refund.restaurantId} and f.id = ${refund.id}`);
    if (refund.paymentId !== null) {
      await tx.execute(sql`update payments set refunded_cents = refunded_cents + ${refund.amountCents}
        where restaurant_id = ${refund.restaurantId} and id = ${refund.paymentId}`);
    }
    await tx.execute(sql`update orders set refunded_cents = refunded_cents + ${refund.amountCents}
      where restaurant_id = ${refund.restaurantId} and id = ${refund.orderId}`);
  }

  /**
   * Puts money back on a gift card in the caller's transaction: a conditional balance update and one
   * ledger row (type 'refund', the order's POS id as its reference), as the gift cards module does.
   */
  async creditGiftcard(
    tx: Database,
    input: {
      restaurantId: number;
      number: string;
      amountCents: number;
      orderRef: string;
      reason: string;
      actorUserId: number;
      actorName: string;
      now: Date;
    },
  ): Promise<{ id: number; last4: string } | 'notFound' | 'notActive'> {
    const number = input.number.replace(/[\s-]/g, '');
    const [card] = await rowsOf(
      tx,
      sql`select id, number, state from giftcards
          where restaurant_id = ${input.restaurantId} and replace(number, '-', '') = ${number} for update`,
    );
    if (!card) return 'notFound';
    if (str(card.state) !== 'active') return 'notActive';
    const at = input.now.toISOString();
    const [moved] = await rowsOf(
      tx,
      sql`update giftcards set balance_cents = balance_cents + ${input.amountCents}, last_activity_at = ${at}::timestamptz
          where id = ${num(card.id)} returning balance_cents, state`,
    );
    await tx.execute(sql`insert into giftcard_ledger (restaurant_id, card_id, type, amount_cents, balance_after_cents,
        state_after, reason, order_ref, actor_user_id, actor_name, created_at)
      values (${input.restaurantId}, ${num(card.id)}, 'refund', ${input.amountCents}, ${num(moved?.balance_cents)},
        ${str(moved?.state)}, ${input.reason}, ${input.orderRef}, ${input.actorUserId}, ${input.actorName}, ${at}::timestamptz)`);
    return { id: num(card.id), last4: str(card.number).slice(-4) };
  }

  async audit(tx: Database, entry: TAuditEntry): Promise<void> {
    await new AuditRepository(tx).record(entry);
  }

  /**
   * The caller's refund limit at the restaurant: null (none) when any of their roles has no limit;
   * otherwise the largest of their roles' limits. No role at all: 0 (every refund needs approval).
   */
  async limitOf(restaurantId: number, userId: number): Promise<number | null> {
    const rows = await rowsOf(
      this.db,
      sql`select l.limit_cents from user_roles ur
            join roles r on r.id = ur.role_id and r.restaurant_id = ${restaurantId}
            left join refund_role_limits l on l.restaurant_id = ${restaurantId} and l.role_id = r.id
          where ur.user_id = ${userId} and ur.restaurant_id = ${restaurantId}`,
    );
    if (rows.length === 0) return 0;
    if (rows.some((r) => r.limit_cents === null)) return null;
    return Math.max(...rows.map((r) => num(r.limit_cents)));
  }

  async roleLimits(restaurantId: number): Promise<Array<{ roleId: number; name: string; limitCents: number | null }>> {
    const rows = await rowsOf(
      this.db,
      sql`select r.id, r.name, l.limit_cents from roles r
            left join refund_role_limits l on l.restaurant_id = r.restaurant_id and l.role_id = r.id
          where r.restaurant_id = ${restaurantId} order by r.name, r.id`,
    );
    return rows.map((r) => ({
      roleId: num(r.id),
      name: str(r.name),
      limitCents: r.limit_cents === null ? null : num(r.limit_cents),
    }));
  }

  async roleIds(restaurantId: number): Promise<Set<number>> {
    const rows = await rowsOf(this.db, sql`select id from roles where restaurant_id = ${restaurantId}`);
    return new Set(rows.map((r) => num(r.id)));
  }

  async setRoleLimits(
    tx: Database,
    restaurantId: number,
    limits: ReadonlyArray<{ roleId: number; limitCents: number | null }>,
  ): Promise<void> {
    for (const l of limits) {
      if (l.limitCents === null) {
        await tx.execute(
          sql`delete from refund_role_limits where restaurant_id = ${restaurantId} and role_id = ${l.roleId}`,
        );
      } else {
        await tx.execute(sql`insert into refund_role_limits (restaurant_id, role_id, limit_cents)
          values (${restaurantId}, ${l.roleId}, ${l.limitCents})
          on conflict (restaurant_id, role_id) do update set limit_cents = excluded.limit_cents`);
      }
    }
  }

  /** Succeeded office refunds after `after` (by id), oldest first: what a POS picks up on its next sync. */
  async succeededAfter(restaurantId: number, after: number, limit: number): Promise<TRefundRow[]> {
    const rows = await rowsOf(
      this.db,
      sql`${REFUND_SELECT} where restaurant_id = ${restaurantId} and status = 'succeeded' and id > ${after}
          order by id limit ${limit}`,
    );
    return rows.map(toRefund);
  }
}
