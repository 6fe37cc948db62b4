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
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { dayOf, isoOrNull, num, strOrNull } from '../../db/sql-util.ts';
import type { EarningsRepository, TCommissionColumns } from './earnings.repository.ts';
import { earningsCsv, earningsXlsx } from './earnings-export.ts';
import { paycheckPdf, type TStatementLine } from './paycheck-pdf.ts';
import { agentToday, conflict, fieldError, requireTeamAdmin, type TAgentScope } from './agent-scope.ts';
import { AppError } from '../../lib/errors.ts';
import { ERROR_CODES } from '@ra/shared/errors';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';

export interface TEarningsDeps {
  repo: EarningsRepository;
  clock: Clock;
  /** Whether the agent node has a linked, verified bank account (bank-check.ts). */
  bankCheck: (nodeId: number) => Promise<boolean>;
  /** The agent node's name, printed on its paycheck statements. */
  nodeName: (nodeId: number) => Promise<string>;
}

/** A file to download: its name, content type and bytes (or text). */
export interface TDownload {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

/** What a statement line and a report row is made of. */
export type { TStatementLine };

/**
 * Commissions, their approval, reversals and paychecks (issue 13 "Earnings and paychecks"). The
 * arithmetic is packages/shared/src/agent/commission.ts; this service feeds it the restaurants' data
 * and keeps the states: pending → approved → paid, reversals as their own negative rows.
 */
export class EarningsService {
  private readonly repo: EarningsRepository;

  constructor(private readonly deps: TEarningsDeps) {
    this.repo = deps.repo;
  }

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
    const restaurants = await this.repo.subtreeRestaurants(scope.path);
    const rules = (await this.repo.rulesOverlapping(scope.nodeId, period)).map((r): TCommissionRuleInput => ({
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
      const rows = await this.repo.cardVolume(
        scope.path,
        needVolume.length === restaurants.length ? null : needVolume,
        period,
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
    const cols: TCommissionColumns = { rid: [], basis: [], base: [], amount: [], seg: [] };
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
    await this.repo.transaction(async (repo, audit) => {
      // What is still pending is recomputed from scratch; approved and paid rows stay as they are.
      await repo.deletePendingCommissions(scope.nodeId, period.start);
      await repo.insertPendingCommissions(scope.nodeId, scope.userId, period, now, cols);
      await audit.record({
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
    const rows = await this.repo.list(scope.nodeId, scope.path, scope.restaurantIds, period.start, status);
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
    return this.repo.transaction(async (repo, audit) => {
      const rows = await repo.approvePending(scope.nodeId, scope.userId, period.start, now);
      await audit.record({
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
    return this.repo.transaction(async (repo, audit) => {
      const original = await repo.earningForReversal(id, scope.nodeId, scope.path);
      if (!original) throw notFound();
      if (original.kind !== 'commission') throw conflict('agent.clawbackNotCommission');
      const remaining = num(original.amount_cents) + num(original.reversed);
      const amount = body.amountCents ?? remaining;
      if (amount <= 0 || amount > remaining) throw fieldError('amountCents', 'agent.clawbackTooLarge');
      const period = payPeriodOf(agentToday(now));
      const clawbackId = await repo.insertClawback({
        nodeId: scope.nodeId,
        restaurantId: num(original.restaurant_id),
        period,
        basis: String(original.basis),
        amountCents: -amount,
        reason: body.reason,
        reversesId: id,
        userId: scope.userId,
        now,
      });
      await audit.record({
        restaurantId: num(original.restaurant_id),
        actorUserId: scope.userId,
        action: 'agent.earnings.clawback',
        targetType: 'earning',
        targetId: String(id),
        details: { amountCents: -amount, reason: body.reason, clawbackId },
        ip,
        at: now,
      });
      return { ok: true as const, id: clawbackId };
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
    const rows = await this.repo.paychecks(scope.nodeId);
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
    return this.repo.transaction(async (repo, audit) => {
      const existing = await repo.paycheckOfPeriod(scope.nodeId, period.start);
      if (existing) return this.paycheckOf(existing);
      const earnedCents = await repo.unpaidApprovedCents(scope.nodeId, period.start);
      const carriedInCents = await repo.carriedBefore(scope.nodeId, period.start);
      const settled = settlePaycheck(earnedCents, carriedInCents);
      const row = await repo.insertPaycheck({
        nodeId: scope.nodeId,
        period,
        earnedCents,
        carriedInCents,
        netPayCents: settled.netPayCents,
        carriedOutCents: settled.carriedOutCents,
        status: settled.netPayCents > 0 ? 'due' : 'carried',
        now,
      });
      await repo.attachEarnings(scope.nodeId, num(row.id), period.start);
      await audit.record({
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
    const found = await this.repo.paycheck(id);
    if (!found) throw notFound();
    if (found.status === 'paid') throw conflict('agent.paycheckAlreadyPaid');
    if (found.status === 'carried') throw conflict('agent.paycheckNothingToPay');
    if (!(await this.deps.bankCheck(num(found.agent_node_id))))
      throw new AppError(409, ERROR_CODES.conflict, AGENT_MESSAGES['agent.bankNotVerified'].en);
    return this.repo.transaction(async (repo, audit) => {
      const row = await repo.markPaycheckPaid(id, agentToday(now), auth.userId);
      if (!row) throw conflict('agent.paycheckAlreadyPaid');
      await repo.markEarningsPaid(id, num(found.agent_node_id), dayOf(found.period_start), now);
      await audit.record({
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

  /** The payment report of a pay period as CSV or XLSX (what `list` shows). */
  async report(
    scope: TAgentScope,
    period: TPayPeriod,
    status: string | undefined,
    format: 'csv' | 'xlsx',
  ): Promise<TDownload> {
    const report = await this.list(scope, period, status);
    const fileName = `payment-report-${report.periodStart}.${format}`;
    return format === 'xlsx'
      ? {
          fileName,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          body: await earningsXlsx(report.items),
        }
      : { fileName, contentType: 'text/csv; charset=utf-8', body: earningsCsv(report.items) };
  }

  /** A paycheck statement as PDF, in English or Chinese. */
  async statementPdf(scope: TAgentScope, id: number, lang: 'en' | 'zh'): Promise<TDownload> {
    const statement = await this.statement(scope, id);
    const pdf = await paycheckPdf(
      { agentName: await this.deps.nodeName(scope.nodeId), paycheck: statement.paycheck, lines: statement.lines },
      lang,
    );
    return {
      fileName: `paycheck-${statement.paycheck.periodStart}-${lang}.pdf`,
      contentType: 'application/pdf',
      body: pdf,
    };
  }

  /** A paycheck with the lines it pays, for the PDF statement. */
  async statement(scope: TAgentScope, id: number) {
    requireTeamAdmin(scope);
    const row = await this.repo.paycheckOfNode(id, scope.nodeId);
    if (!row) throw notFound();
    const lines = await this.repo.statementLines(id);
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
