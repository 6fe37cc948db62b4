import { sql } from 'drizzle-orm';
import type { TPayPeriod } from '@ra/shared/agent/pay-periods';
import { AuditRepository } from '../../db/audit.repository.ts';
import type { Database } from '../../db/client.ts';
import { arrayParam, num, rowsOf, type TRow } from '../../db/sql-util.ts';

/** One column array per field of the commission rows a period computes (one statement for all of them). */
export interface TCommissionColumns {
  rid: number[];
  basis: string[];
  base: number[];
  amount: number[];
  seg: string[];
}

/** The SQL of commissions, reversals and paychecks (earnings.service.ts holds the rules). */
export class EarningsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (repo: EarningsRepository, audit: AuditRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new EarningsRepository(tx), new AuditRepository(tx)));
  }

  /** Every restaurant of the subtree with its plan, fee, status and live date. */
  subtreeRestaurants(path: string): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select r.id, coalesce(p.plan, 'starter') as plan, coalesce(p.monthly_fee_cents, 0) as fee,
                 coalesce(p.status, 'live') as status, p.since
          from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id
          where n.path like ${`${path}%`}`,
    );
  }

  /** The agent's commission rules in force on some day of the period. */
  rulesOverlapping(nodeId: number, period: TPayPeriod): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select id, restaurant_id, plan, basis, rate_bps, starts_on, ends_on from agent_commission_rules
          where agent_node_id = ${nodeId} and starts_on <= ${period.end}
            and (ends_on is null or ends_on >= ${period.start})`,
    );
  }

  /**
   * Card volume (net of refunds) per restaurant and business day of the period: of `restaurantIds`,
   * or of every restaurant of the subtree when null.
   */
  cardVolume(path: string, restaurantIds: readonly number[] | null, period: TPayPeriod): Promise<TRow[]> {
    const which =
      restaurantIds === null
        ? sql`restaurant_id in (select r.id from restaurants r join nodes n on n.id = r.node_id
              where n.path like ${`${path}%`})`
        : sql`restaurant_id = any(${arrayParam(restaurantIds, 'int')})`;
    return rowsOf(
      this.db,
      sql`select restaurant_id, business_day, sum(amount_cents - refund_cents) as cents from daily_payment_sales
          where ${which} and method = 'card'
            and business_day between ${period.start} and ${period.end}
          group by restaurant_id, business_day`,
    );
  }

  async deletePendingCommissions(nodeId: number, periodStart: string): Promise<void> {
    await this.db.execute(
      sql`delete from agent_earnings where agent_node_id = ${nodeId} and period_start = ${periodStart}
          and kind = 'commission' and status = 'pending'`,
    );
  }

  async insertPendingCommissions(
    nodeId: number,
    userId: number,
    period: TPayPeriod,
    now: Date,
    cols: TCommissionColumns,
  ): Promise<void> {
    if (cols.rid.length === 0) return;
    await this.db.execute(
      sql`insert into agent_earnings (agent_node_id, restaurant_id, period_start, period_end, kind, basis,
            base_cents, amount_cents, status, segments, created_at, created_by_user_id)
          select ${nodeId}, u.rid, ${period.start}::date, ${period.end}::date, 'commission', u.basis,
                 u.base, u.amount, 'pending', u.seg::jsonb, ${now.toISOString()}::timestamptz, ${userId}
          from unnest(${sql.param(cols.rid)}::int[], ${sql.param(cols.basis)}::text[],
                      ${sql.param(cols.base)}::bigint[], ${sql.param(cols.amount)}::bigint[],
                      ${sql.param(cols.seg)}::text[]) as u(rid, basis, base, amount, seg)
          on conflict (agent_node_id, restaurant_id, period_start, basis) where kind = 'commission' do nothing`,
    );
  }

  /** The period's earnings in reach (subtree, and a member's restaurants when given), by restaurant name. */
  list(
    nodeId: number,
    path: string,
    restaurantIds: readonly number[] | null,
    periodStart: string,
    status: string | undefined,
  ): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select e.*, n.xid, r.name from agent_earnings e
          join restaurants r on r.id = e.restaurant_id join nodes n on n.id = r.node_id
          where e.agent_node_id = ${nodeId} and e.period_start = ${periodStart}
            and n.path like ${`${path}%`}
            ${restaurantIds === null ? sql`` : sql`and e.restaurant_id = any(${arrayParam(restaurantIds, 'int')})`}
            ${status ? sql`and e.status = ${status}` : sql``}
          order by lower(r.name), e.basis, e.id`,
    );
  }

  /** pending → approved for the period; the ids approved. */
  approvePending(nodeId: number, userId: number, periodStart: string, now: Date): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`update agent_earnings set status = 'approved', approved_at = ${now.toISOString()}::timestamptz,
            approved_by_user_id = ${userId}
          where agent_node_id = ${nodeId} and period_start = ${periodStart} and status = 'pending'
          returning id`,
    );
  }

  /** An earning of the subtree, locked, with what reversals already took off it. */
  async earningForReversal(id: number, nodeId: number, path: string): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select e.id, e.kind, e.amount_cents, e.restaurant_id, e.basis,
                 (select coalesce(sum(c.amount_cents), 0) from agent_earnings c where c.reverses_id = e.id) as reversed
          from agent_earnings e join restaurants r on r.id = e.restaurant_id join nodes n on n.id = r.node_id
          where e.id = ${id} and e.agent_node_id = ${nodeId} and n.path like ${`${path}%`}
          for update of e`,
    );
    return row;
  }

  /** An approved reversal row; its id. */
  async insertClawback(values: {
    nodeId: number;
    restaurantId: number;
    period: TPayPeriod;
    basis: string;
    amountCents: number;
    reason: string;
    reversesId: number;
    userId: number;
    now: Date;
  }): Promise<number> {
    const v = values;
    const at = v.now.toISOString();
    const [row] = await rowsOf(
      this.db,
      sql`insert into agent_earnings (agent_node_id, restaurant_id, period_start, period_end, kind, basis, base_cents,
            amount_cents, status, reason, reverses_id, created_at, created_by_user_id, approved_at, approved_by_user_id)
          values (${v.nodeId}, ${v.restaurantId}, ${v.period.start}, ${v.period.end}, 'clawback',
            ${v.basis}, 0, ${v.amountCents}, 'approved', ${v.reason}, ${v.reversesId}, ${at}::timestamptz,
            ${v.userId}, ${at}::timestamptz, ${v.userId})
          returning id`,
    );
    return num(row?.id);
  }

  // --- paychecks ---------------------------------------------------------------------------------

  paychecks(nodeId: number): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select * from agent_paychecks where agent_node_id = ${nodeId} order by period_start desc limit 48`,
    );
  }

  async paycheckOfPeriod(nodeId: number, periodStart: string): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select * from agent_paychecks where agent_node_id = ${nodeId} and period_start = ${periodStart}`,
    );
    return row;
  }

  /** Approved earnings not yet on a paycheck, up to the period (reversals included). */
  async unpaidApprovedCents(nodeId: number, periodStart: string): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`select coalesce(sum(amount_cents), 0) as cents from agent_earnings
          where agent_node_id = ${nodeId} and status = 'approved' and paycheck_id is null
            and period_start <= ${periodStart}`,
    );
    return num(row?.cents);
  }

  /** What the paycheck before the period carried on. */
  async carriedBefore(nodeId: number, periodStart: string): Promise<number> {
    const [row] = await rowsOf(
      this.db,
      sql`select carried_out_cents from agent_paychecks where agent_node_id = ${nodeId}
          and period_start < ${periodStart} order by period_start desc limit 1`,
    );
    return num(row?.carried_out_cents);
  }

  async insertPaycheck(values: {
    nodeId: number;
    period: TPayPeriod;
    earnedCents: number;
    carriedInCents: number;
    netPayCents: number;
    carriedOutCents: number;
    status: 'due' | 'carried';
    now: Date;
  }): Promise<TRow> {
    const v = values;
    const [row] = await rowsOf(
      this.db,
      sql`insert into agent_paychecks (agent_node_id, period_start, period_end, earned_cents, carried_in_cents,
            net_pay_cents, carried_out_cents, status, created_at)
          values (${v.nodeId}, ${v.period.start}, ${v.period.end}, ${v.earnedCents}, ${v.carriedInCents},
            ${v.netPayCents}, ${v.carriedOutCents}, ${v.status}, ${v.now.toISOString()}::timestamptz)
          returning *`,
    );
    if (!row) throw new Error('paycheck insert returned nothing');
    return row;
  }

  /** Puts the approved earnings not yet on a paycheck, up to the period, on this one. */
  async attachEarnings(nodeId: number, paycheckId: number, periodStart: string): Promise<void> {
    await this.db.execute(
      sql`update agent_earnings set paycheck_id = ${paycheckId}
          where agent_node_id = ${nodeId} and status = 'approved' and paycheck_id is null
            and period_start <= ${periodStart}`,
    );
  }

  async paycheck(id: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(this.db, sql`select * from agent_paychecks where id = ${id}`);
    return row;
  }

  async paycheckOfNode(id: number, nodeId: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`select * from agent_paychecks where id = ${id} and agent_node_id = ${nodeId}`,
    );
    return row;
  }

  /** due → paid; the paycheck, or undefined when it was not due. */
  async markPaycheckPaid(id: number, paidOn: string, userId: number): Promise<TRow | undefined> {
    const [row] = await rowsOf(
      this.db,
      sql`update agent_paychecks set status = 'paid', paid_on = ${paidOn}, paid_by_user_id = ${userId}
          where id = ${id} and status = 'due' returning *`,
    );
    return row;
  }

  /** The earnings of the paycheck, and of the carried paychecks before it, become paid. */
  async markEarningsPaid(paycheckId: number, nodeId: number, periodStart: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update agent_earnings set status = 'paid', paid_at = ${now.toISOString()}::timestamptz
          where paycheck_id = ${paycheckId} or paycheck_id in (
            select p.id from agent_paychecks p where p.agent_node_id = ${nodeId}
              and p.status = 'carried' and p.period_start < ${periodStart})`,
    );
  }

  statementLines(paycheckId: number): Promise<TRow[]> {
    return rowsOf(
      this.db,
      sql`select e.kind, e.basis, e.base_cents, e.amount_cents, e.reason, e.segments, r.name
          from agent_earnings e join restaurants r on r.id = e.restaurant_id
          where e.paycheck_id = ${paycheckId} order by lower(r.name), e.kind, e.basis, e.id`,
    );
  }
}
