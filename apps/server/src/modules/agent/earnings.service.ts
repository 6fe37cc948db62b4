import { sql } from 'drizzle-orm';
import type { TEarning, TEarningsResponse, TPaycheck } from '@ra/shared/agent/agent.schemas';
import {
  computeCommission,
  MINIMUM_PAYOUT_CENTS,
  settlePaycheck,
  type TCommissionRuleInput,
  type TCommissionSegment,
  type TPlan,
} from '@ra/shared/agent/commission';
import { eachDay, payPeriodOf, type TPayPeriod } from '@ra/shared/agent/pay-periods';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { dayOf, intArray, isoOrNull, num, rowsOf, strOrNull } from './agent.repository.ts';
import { agentToday, conflict, fieldError, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';
import type { TBankCheck } from './bank-check.ts';
import { AppError } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';

export interface TEarningsDeps {
  db: Database;
  clock: Clock;
  bankCheck: TBankCheck;
}

/** What a statement line and a report row is made of. */
export interface TStatementLine {
  restaurant: string;
  kind: 'commission' | 'clawback';
  basis: string;
  baseCents: number;
  amountCents: number;
  reason: string | null;
  segments: TCommissionSegment[];
}

/**
 * Commissions, their approval, reversals and paychecks (issue 13 "Earnings and paychecks"). The
 * arithmetic is packages/shared/src/agent/commission.ts; this service feeds it the restaurants' data
 * and keeps the states: pending → approved → paid, reversals as their own negative rows.
 */
export class EarningsService {
  constructor(private readonly deps: TEarningsDeps) {}

  private now() {
    return this.deps.clock.now();
  }

  /**
   * Computes every restaurant's commission for a pay period and writes it as pending. Run again, it
   * replaces what is still pending (a late order, a new rule) and leaves approved and paid rows alone.
   */
  async compute(
    scope: TAgentScope,
    period: TPayPeriod,
    ip: string,
  ): Promise<{ restaurants: number; rows: number; totalCents: number }> {
    requireTeamAdmin(scope);
    const db = this.deps.db;
    const restaurants = await rowsOf(
      db,
      sql`select r.id, coalesce(p.plan, 'starter') as plan, coalesce(p.monthly_fee_cents, 0) as fee,
                 coalesce(p.status, 'live') as status, p.since
          from restaurants r join nodes n on n.id = r.node_id
          left join agent_portfolio p on p.restaurant_id = r.id
          where n.path like ${`${scope.path}%`}`,
    );
    const rules = (
      await rowsOf(
        db,
        sql`select id, restaurant_id, plan, basis, rate_bps, starts_on, ends_on from agent_commission_rules
            where agent_node_id = ${scope.nodeId} and starts_on <= ${period.end}
              and (ends_on is null or ends_on >= ${period.start})`,
      )
    ).map((r): TCommissionRuleInput => ({
      id: num(r.id),
      restaurantId: r.restaurant_id === null ? null : num(r.restaurant_id),
      plan: (strOrNull(r.plan) as TPlan | null) ?? null,
      basis: String(r.basis) as TCommissionRuleInput['basis'],
      rateBps: num(r.rate_bps),
      startsOn: dayOf(r.starts_on),
      endsOn: r.ends_on === null ? null : dayOf(r.ends_on),
    }));
    // Each restaurant's own rules and its plan's, found once (not on each of its days).
    const rulesOf = new Map<number, TCommissionRuleInput[]>();
    for (const r of restaurants)
      rulesOf.set(
        num(r.id),
        rules.filter((x) => x.restaurantId === num(r.id) || (x.restaurantId === null && x.plan === String(r.plan))),
      );
    // Card volume is read only for the restaurants a card-volume rule can apply to.
    const needVolume = restaurants
      .map((r) => num(r.id))
      .filter((id) => rulesOf.get(id)!.some((x) => x.basis === 'cardVolume'));
    const volume = new Map<number, Map<string, number>>();
    if (needVolume.length > 0) {
      const which =
        needVolume.length === restaurants.length
          ? sql`restaurant_id in (select r.id from restaurants r join nodes n on n.id = r.node_id
                where n.path like ${`${scope.path}%`})`
          : sql`restaurant_id = any(${intArray(needVolume)})`;
      const rows = await rowsOf(
        db,
        sql`select restaurant_id, business_day, sum(amount_cents - refund_cents) as cents from daily_payment_sales
            where ${which} and method = 'card'
              and business_day between ${period.start} and ${period.end}
            group by restaurant_id, business_day`,
      );
      for (const row of rows) {
        const id = num(row.restaurant_id);
        const days = volume.get(id) ?? new Map<string, number>();
        days.set(dayOf(row.business_day), num(row.cents));
        volume.set(id, days);
      }
    }
    const now = this.now();
    // One column array per field: the whole period goes in as one statement of five parameters.
    const cols = {
      rid: [] as number[],
      basis: [] as string[],
      base: [] as number[],
      amount: [] as number[],
      seg: [] as string[],
    };
    let totalCents = 0;
    const periodDays = eachDay(period.start, period.end);
    for (const r of restaurants) {
      const id = num(r.id);
      const since = r.since === null || r.since === undefined ? null : dayOf(r.since);
      // The subscription is billed while the restaurant is live, from the day it went live.
      const billed =
        String(r.status) === 'live'
          ? new Set(periodDays.filter((d) => since === null || d >= since))
          : new Set<string>();
      const lines = computeCommission(
        {
          period,
          restaurant: { id, plan: String(r.plan) as TPlan, monthlyFeeCents: num(r.fee) },
          billedDays: billed,
          cardVolumeByDay: volume.get(id) ?? new Map(),
          rules: rulesOf.get(id) ?? [],
        },
        periodDays,
      );
      for (const line of lines) {
        totalCents += line.amountCents;
        cols.rid.push(id);
        cols.basis.push(line.basis);
        cols.base.push(line.baseCents);
        cols.amount.push(line.amountCents);
        cols.seg.push(JSON.stringify(line.segments));
      }
    }
    await db.transaction(async (tx) => {
      // What is still pending is recomputed from scratch; approved and paid rows stay as they are.
      await tx.execute(
        sql`delete from agent_earnings where agent_node_id = ${scope.nodeId} and period_start = ${period.start}
            and kind = 'commission' and status = 'pending'`,
      );
      if (cols.rid.length > 0)
        await tx.execute(
          sql`insert into agent_earnings (agent_node_id, restaurant_id, period_start, period_end, kind, basis,
                base_cents, amount_cents, status, segments, created_at, created_by_user_id)
              select ${scope.nodeId}, u.rid, ${period.start}::date, ${period.end}::date, 'commission', u.basis,
                     u.base, u.amount, 'pending', u.seg::jsonb, ${now.toISOString()}::timestamptz, ${scope.userId}
              from unnest(${sql.param(cols.rid)}::int[], ${sql.param(cols.basis)}::text[],
                          ${sql.param(cols.base)}::bigint[], ${sql.param(cols.amount)}::bigint[],
                          ${sql.param(cols.seg)}::text[]) as u(rid, basis, base, amount, seg)
              on conflict (agent_node_id, restaurant_id, period_start, basis) where kind = 'commission' do nothing`,
        );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.earnings.compute',
        targetType: 'node',
        targetId: scope.auth.node.xid,
        details: { periodStart: period.start, rows: cols.rid.length, totalCents },
        ip,
        at: now,
      });
    });
    return { restaurants: restaurants.length, rows: cols.rid.length, totalCents };
  }

  async list(scope: TAgentScope, period: TPayPeriod, status?: string): Promise<TEarningsResponse> {
    const rows = await rowsOf(
      this.deps.db,
      sql`select e.*, n.xid, r.name from agent_earnings e
          join restaurants r on r.id = e.restaurant_id join nodes n on n.id = r.node_id
          where e.agent_node_id = ${scope.nodeId} and e.period_start = ${period.start}
            and n.path like ${`${scope.path}%`}
            ${scope.restaurantIds === null ? sql`` : sql`and e.restaurant_id = any(${intArray(scope.restaurantIds)})`}
            ${status ? sql`and e.status = ${status}` : sql``}
          order by lower(r.name), e.basis, e.id`,
    );
    const items: TEarning[] = rows.map((e) => ({
      id: num(e.id),
      restaurant: { xid: String(e.xid), name: String(e.name) },
      periodStart: dayOf(e.period_start),
      periodEnd: dayOf(e.period_end),
      kind: String(e.kind) as TEarning['kind'],
      basis: String(e.basis) as TEarning['basis'],
      baseCents: num(e.base_cents),
      amountCents: num(e.amount_cents),
      status: String(e.status) as TEarning['status'],
      reason: strOrNull(e.reason),
      reversesId: e.reverses_id === null ? null : num(e.reverses_id),
      segments: (typeof e.segments === 'string' ? JSON.parse(e.segments) : e.segments) as TCommissionSegment[],
    }));
    const sum = (s: string) => items.filter((i) => i.status === s).reduce((a, i) => a + i.amountCents, 0);
    return {
      periodStart: period.start,
      periodEnd: period.end,
      items,
      totals: { pendingCents: sum('pending'), approvedCents: sum('approved'), paidCents: sum('paid') },
    };
  }

  /** Approves every pending commission of the period (pending → approved), audited. */
  async approvePeriod(scope: TAgentScope, period: TPayPeriod, ip: string): Promise<{ ok: true; approved: number }> {
    requireTeamAdmin(scope);
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const rows = await rowsOf(
        tx,
        sql`update agent_earnings set status = 'approved', approved_at = ${now.toISOString()}::timestamptz,
              approved_by_user_id = ${scope.userId}
            where agent_node_id = ${scope.nodeId} and period_start = ${period.start} and status = 'pending'
            returning id`,
      );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.earnings.approve',
        targetType: 'node',
        targetId: scope.auth.node.xid,
        details: { periodStart: period.start, approved: rows.length },
        ip,
        at: now,
      });
      return { ok: true as const, approved: rows.length };
    });
  }

  /**
   * A reversal of (part of) a commission: a negative row of its own with a reason, in the pay period
   * it is made in, approved at once so the next paycheck takes it off. The original is never edited.
   */
  async clawback(
    scope: TAgentScope,
    id: number,
    body: { reason: string; amountCents?: number | undefined },
    ip: string,
  ) {
    requireTeamAdmin(scope);
    const now = this.now();
    return this.deps.db.transaction(async (tx) => {
      const [original] = await rowsOf(
        tx,
        sql`select e.id, e.kind, e.amount_cents, e.restaurant_id, e.basis,
                   (select coalesce(sum(c.amount_cents), 0) from agent_earnings c where c.reverses_id = e.id) as reversed
            from agent_earnings e join restaurants r on r.id = e.restaurant_id join nodes n on n.id = r.node_id
            where e.id = ${id} and e.agent_node_id = ${scope.nodeId} and n.path like ${`${scope.path}%`}
            for update of e`,
      );
      if (!original) throw notFound();
      if (original.kind !== 'commission') throw conflict('agent.clawbackNotCommission');
      const remaining = num(original.amount_cents) + num(original.reversed);
      const amount = body.amountCents ?? remaining;
      if (amount <= 0 || amount > remaining) throw fieldError('amountCents', 'agent.clawbackTooLarge');
      const period = payPeriodOf(agentToday(now));
      const [row] = await rowsOf(
        tx,
        sql`insert into agent_earnings (agent_node_id, restaurant_id, period_start, period_end, kind, basis, base_cents,
              amount_cents, status, reason, reverses_id, created_at, created_by_user_id, approved_at, approved_by_user_id)
            values (${scope.nodeId}, ${num(original.restaurant_id)}, ${period.start}, ${period.end}, 'clawback',
              ${String(original.basis)}, 0, ${-amount}, 'approved', ${body.reason}, ${id}, ${now.toISOString()}::timestamptz,
              ${scope.userId}, ${now.toISOString()}::timestamptz, ${scope.userId})
            returning id`,
      );
      await new AuditRepository(tx).record({
        restaurantId: num(original.restaurant_id),
        actorUserId: scope.userId,
        action: 'agent.earnings.clawback',
        targetType: 'earning',
        targetId: String(id),
        details: { amountCents: -amount, reason: body.reason, clawbackId: num(row?.id) },
        ip,
        at: now,
      });
      return { ok: true as const, id: num(row?.id) };
    });
  }

  // --- paychecks ---------------------------------------------------------------------------------

  private paycheckOf(row: Record<string, unknown>): TPaycheck {
    return {
      id: num(row.id),
      periodStart: dayOf(row.period_start),
      periodEnd: dayOf(row.period_end),
      earnedCents: num(row.earned_cents),
      carriedInCents: num(row.carried_in_cents),
      netPayCents: num(row.net_pay_cents),
      carriedOutCents: num(row.carried_out_cents),
      status: String(row.status) as TPaycheck['status'],
      paidOn: row.paid_on === null || row.paid_on === undefined ? null : dayOf(row.paid_on),
    };
  }

  async paychecks(scope: TAgentScope): Promise<{ items: TPaycheck[]; minimumPayoutCents: number }> {
    requireTeamAdmin(scope);
    const rows = await rowsOf(
      this.deps.db,
      sql`select * from agent_paychecks where agent_node_id = ${scope.nodeId} order by period_start desc limit 48`,
    );
    return { items: rows.map((r) => this.paycheckOf(r)), minimumPayoutCents: MINIMUM_PAYOUT_CENTS };
  }

  /**
   * Closes a pay period into a paycheck: the approved earnings not yet on a paycheck (reversals
   * included), plus what the last paycheck carried; below the minimum payout it is carried on whole.
   */
  async closePeriod(scope: TAgentScope, period: TPayPeriod, ip: string): Promise<TPaycheck> {
    requireTeamAdmin(scope);
    const now = this.now();
    if (period.end >= agentToday(now)) throw conflict('agent.periodNotOver');
    return this.deps.db.transaction(async (tx) => {
      const [existing] = await rowsOf(
        tx,
        sql`select * from agent_paychecks where agent_node_id = ${scope.nodeId} and period_start = ${period.start}`,
      );
      if (existing) return this.paycheckOf(existing);
      const [earned] = await rowsOf(
        tx,
        sql`select coalesce(sum(amount_cents), 0) as cents from agent_earnings
            where agent_node_id = ${scope.nodeId} and status = 'approved' and paycheck_id is null
              and period_start <= ${period.start}`,
      );
      const [previous] = await rowsOf(
        tx,
        sql`select carried_out_cents from agent_paychecks where agent_node_id = ${scope.nodeId}
            and period_start < ${period.start} order by period_start desc limit 1`,
      );
      const earnedCents = num(earned?.cents);
      const carriedInCents = num(previous?.carried_out_cents);
      const settled = settlePaycheck(earnedCents, carriedInCents);
      const [row] = await rowsOf(
        tx,
        sql`insert into agent_paychecks (agent_node_id, period_start, period_end, earned_cents, carried_in_cents,
              net_pay_cents, carried_out_cents, status, created_at)
            values (${scope.nodeId}, ${period.start}, ${period.end}, ${earnedCents}, ${carriedInCents},
              ${settled.netPayCents}, ${settled.carriedOutCents}, ${settled.netPayCents > 0 ? 'due' : 'carried'},
              ${now.toISOString()}::timestamptz)
            returning *`,
      );
      if (!row) throw new Error('paycheck insert returned nothing');
      await tx.execute(
        sql`update agent_earnings set paycheck_id = ${num(row.id)}
            where agent_node_id = ${scope.nodeId} and status = 'approved' and paycheck_id is null
              and period_start <= ${period.start}`,
      );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: scope.userId,
        action: 'agent.paycheck.close',
        targetType: 'paycheck',
        targetId: String(num(row.id)),
        details: { periodStart: period.start, earnedCents, carriedInCents, ...settled },
        ip,
        at: now,
      });
      return this.paycheckOf(row);
    });
  }

  /**
   * Platform staff record a paycheck as paid. Paying needs the agent's linked, verified bank account
   * (SPEC 4 "Bank account"; SPEC 5 'Please link bank information first').
   */
  async pay(auth: AuthContext, id: number, ip: string): Promise<TPaycheck> {
    const now = this.now();
    const [found] = await rowsOf(this.deps.db, sql`select * from agent_paychecks where id = ${id}`);
    if (!found) throw notFound();
    if (found.status === 'paid') throw conflict('agent.paycheckAlreadyPaid');
    if (found.status === 'carried') throw conflict('agent.paycheckNothingToPay');
    if (!(await this.deps.bankCheck(this.deps.db, num(found.agent_node_id))))
      throw new AppError(409, ERROR_CODES.conflict, AGENT_MESSAGES['agent.bankNotVerified'].en);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await rowsOf(
        tx,
        sql`update agent_paychecks set status = 'paid', paid_on = ${agentToday(now)}, paid_by_user_id = ${auth.userId}
            where id = ${id} and status = 'due' returning *`,
      );
      if (!row) throw conflict('agent.paycheckAlreadyPaid');
      await tx.execute(
        sql`update agent_earnings set status = 'paid', paid_at = ${now.toISOString()}::timestamptz
            where paycheck_id = ${id} or paycheck_id in (
              select p.id from agent_paychecks p where p.agent_node_id = ${num(found.agent_node_id)}
                and p.status = 'carried' and p.period_start < ${dayOf(found.period_start)})`,
      );
      await new AuditRepository(tx).record({
        restaurantId: null,
        actorUserId: auth.userId,
        action: 'agent.paycheck.pay',
        targetType: 'paycheck',
        targetId: String(id),
        details: { netPayCents: num(row.net_pay_cents) },
        ip,
        at: now,
      });
      return this.paycheckOf(row);
    });
  }

  /** A paycheck with the lines it pays, for the PDF statement. */
  async statement(scope: TAgentScope, id: number) {
    requireTeamAdmin(scope);
    const [row] = await rowsOf(
      this.deps.db,
      sql`select * from agent_paychecks where id = ${id} and agent_node_id = ${scope.nodeId}`,
    );
    if (!row) throw notFound();
    const lines = await rowsOf(
      this.deps.db,
      sql`select e.kind, e.basis, e.base_cents, e.amount_cents, e.reason, e.segments, r.name
          from agent_earnings e join restaurants r on r.id = e.restaurant_id
          where e.paycheck_id = ${id} order by lower(r.name), e.kind, e.basis, e.id`,
    );
    return {
      paycheck: this.paycheckOf(row),
      lines: lines.map((l): TStatementLine => ({
        restaurant: String(l.name),
        kind: String(l.kind) as TStatementLine['kind'],
        basis: String(l.basis),
        baseCents: num(l.base_cents),
        amountCents: num(l.amount_cents),
        reason: strOrNull(l.reason),
        segments: (typeof l.segments === 'string' ? JSON.parse(l.segments) : l.segments) as TCommissionSegment[],
      })),
      createdAt: isoOrNull(row.created_at),
    };
  }
}
