import { sql } from 'drizzle-orm';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { lineShare, splitCents } from '@ra/shared/refunds/refund-math';
import type { Database } from '../db/client.ts';
import { num, rowsOf, str, strOrNull } from '../db/sql-util.ts';
import { applyRollups } from '../modules/orders/orders.repository.ts';

const HOUR = 3_600_000;

type TPlan = {
  scope: 'order' | 'lines' | 'amount';
  tender: 'card' | 'cash';
  reason: string;
  note: string;
  amount?: number;
  status: 'succeeded' | 'pendingApproval' | 'rejected';
  byManager?: boolean;
};

/** What the demo's refunds look like: each kind of refund, tender and outcome once (issue 23). */
const PLANS: TPlan[] = [
  {
    scope: 'lines',
    tender: 'card',
    reason: 'foodQuality',
    note: 'Burger sent back, guest called next day',
    status: 'succeeded',
  },
  { scope: 'amount', tender: 'cash', reason: 'longWait', note: '', amount: 500, status: 'succeeded' },
  {
    scope: 'order',
    tender: 'card',
    reason: 'duplicateCharge',
    note: 'Charged twice at the terminal',
    status: 'succeeded',
  },
  {
    scope: 'amount',
    tender: 'cash',
    reason: 'serviceIssue',
    note: 'Complaint by phone',
    amount: 7500,
    status: 'pendingApproval',
    byManager: true,
  },
  { scope: 'lines', tender: 'cash', reason: 'wrongItem', note: '', status: 'succeeded', byManager: true },
  {
    scope: 'amount',
    tender: 'card',
    reason: 'changedMind',
    note: '',
    amount: 300,
    status: 'rejected',
    byManager: true,
  },
];

/**
 * Back-office refunds on past orders of the busiest restaurant, and a $50 refund limit for its
 * Manager role. Runs after the demo orders (seed.ts), deterministic: the orders are picked by id from
 * those closed at least two days before `now`, each refund made a day after its order.
 */
export async function seedRefundsDemo(db: Database, now: Date): Promise<void> {
  const [restaurant] = await rowsOf(
    db,
    sql`select id, time_zone, hour_offset_end_of_day from restaurants order by id limit 1`,
  );
  if (!restaurant?.time_zone) return;
  const restaurantId = num(restaurant.id);
  const zone = str(restaurant.time_zone);
  const offset = num(restaurant.hour_offset_end_of_day);
  const people = await rowsOf(
    db,
    sql`select u.id, u.first_name, u.last_name, r.name as role, r.id as role_id from users u
        join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
        where ur.restaurant_id = ${restaurantId} and r.name in ('Owner', 'Manager') order by u.id`,
  );
  const ownerUser = await rowsOf(db, sql`select id, first_name, last_name from users where email = 'owner@demo.test'`);
  const owner = ownerUser[0];
  const manager = people.find((p) => str(p.role) === 'Manager');
  if (!owner) return;
  const nameOf = (p: Record<string, unknown>) => `${str(p.first_name)} ${str(p.last_name)}`.trim();
  if (manager) {
    await db.execute(sql`insert into refund_role_limits (restaurant_id, role_id, limit_cents)
      values (${restaurantId}, ${num(manager.role_id)}, 5000) on conflict do nothing`);
  }
  const orders = await rowsOf(
    db,
    sql`select o.id, o.pos_order_id, o.closed_at, o.net_sales_cents + o.service_charge_cents as net, o.tax_cents, o.tip_cents,
          o.paid_cents, p.id as payment_id, p.pos_payment_id, p.card_brand, p.card_last4
        from orders o join payments p on p.order_id = o.id and p.method = 'card' and p.amount_cents = o.paid_cents
        where o.restaurant_id = ${restaurantId} and o.status = 'closed' and o.refunded_cents = 0
          and o.closed_at < ${new Date(now.getTime() - 48 * HOUR).toISOString()}::timestamptz
        order by o.id desc limit 60`,
  );
  const picked = PLANS.map((_, i) => orders[i * 9]).filter((o): o is NonNullable<typeof o> => !!o);
  for (const [i, o] of picked.entries()) {
    const plan = PLANS[i]!;
    const orderId = num(o.id);
    const [line] = await rowsOf(
      db,
      sql`select line_no, quantity, net_cents, tax_cents from order_items where order_id = ${orderId} and not voided order by net_cents desc limit 1`,
    );
    let amount: number;
    let net: number;
    let tax: number;
    let tip = 0;
    let lines: Array<{ lineNo: number; quantity: number }> = [];
    if (plan.scope === 'lines' && line) {
      net = lineShare(num(line.net_cents), num(line.quantity), 0, 1);
      tax = lineShare(num(line.tax_cents), num(line.quantity), 0, 1);
      amount = net + tax;
      lines = [{ lineNo: num(line.line_no), quantity: 1 }];
    } else {
      amount = plan.scope === 'order' ? num(o.paid_cents) : Math.min(plan.amount ?? 500, num(o.paid_cents));
      [net = 0, tax = 0, tip = 0] = splitCents(amount, [num(o.net), num(o.tax_cents), num(o.tip_cents)]);
    }
    if (amount <= 0) continue;
    const at = new Date(Math.min(new Date(String(o.closed_at)).getTime() + 22 * HOUR, now.getTime() - HOUR));
    const requester = plan.byManager && manager ? manager : owner;
    const approver = plan.status === 'pendingApproval' ? null : plan.byManager && manager ? owner : null;
    const card = plan.tender === 'card';
    const done = plan.status === 'succeeded';
    const day = businessDayOf(at, zone, offset);
    const [inserted] = await rowsOf(
      db,
      sql`insert into office_refunds (restaurant_id, order_id, pos_order_id, idempotency_key, status, scope, tender,
            payment_id, pos_payment_id, card_brand, card_last4, amount_cents, net_cents, tax_cents, tip_cents, lines,
            reason, note, requested_by_user_id, requested_by_name, approved_by_user_id, approved_by_name,
            provider_refund_id, business_day, refunded_at, created_at, updated_at)
          values (${restaurantId}, ${orderId}, ${str(o.pos_order_id)}, ${`demo-refund-${i}`}, ${plan.status}, ${plan.scope},
            ${plan.tender}, ${card ? num(o.payment_id) : null}, ${card ? str(o.pos_payment_id) : null},
            ${card ? strOrNull(o.card_brand) : null}, ${card ? strOrNull(o.card_last4) : null}, ${amount}, ${net}, ${tax},
            ${tip}, ${JSON.stringify(lines)}::jsonb, ${plan.reason}, ${plan.note}, ${num(requester.id)}, ${nameOf(requester)},
            ${approver ? num(approver.id) : null}, ${approver ? nameOf(approver) : null},
            ${done && card ? `re_demo${i}` : null}, ${done ? day : null}::date, ${done ? at.toISOString() : null}::timestamptz,
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
          on conflict do nothing returning id`,
    );
    if (!inserted || !done) continue;
    const scope = { restaurantId, orderIds: [orderId] };
    await applyRollups(db, -1, scope);
    await db.execute(sql`insert into refunds (restaurant_id, order_id, pos_refund_id, pos_payment_id, method, card_brand,
        card_last4, amount_cents, reason, refunded_by, refunded_at, business_day)
      select restaurant_id, order_id, 'office-' || id, pos_payment_id, tender, card_brand, card_last4, amount_cents,
        reason, requested_by_name, refunded_at, business_day from office_refunds where id = ${num(inserted.id)}`);
    if (card) {
      await db.execute(
        sql`update payments set refunded_cents = refunded_cents + ${amount} where id = ${num(o.payment_id)}`,
      );
    }
    await db.execute(sql`update orders set refunded_cents = refunded_cents + ${amount} where id = ${orderId}`);
    await applyRollups(db, 1, scope);
  }
}
