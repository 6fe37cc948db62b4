import { ERROR_CODES } from '@ra/shared/errors';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { lineShare, splitCents } from '@ra/shared/refunds/refund-math';
import { refundsMessage, type TRefundsMessageKey } from '@ra/shared/refunds/refunds.messages';
import type {
  TCreateRefundRequest,
  TOfficeRefund,
  TOrderRefunds,
  TRefundLimits,
} from '@ra/shared/refunds/refunds.schemas';
import { PaymentsDeclined, type TPaymentsProvider } from '../../adapters/payments/payments-provider.ts';
import type { Database } from '../../db/client.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { TOrdersApi } from '../orders/orders.module.ts';
import type { TTipsApi } from '../tips/tips.module.ts';
import type { RefundsRepository, TOrderState, TRefundRow } from './refunds.repository.ts';

const refuse = (status: number, key: TRefundsMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404
      ? ERROR_CODES.notFound
      : status === 409
        ? ERROR_CODES.conflict
        : status === 403
          ? ERROR_CODES.forbidden
          : ERROR_CODES.badRequest,
    refundsMessage(key, 'en', params),
    { key, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) },
  );

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What a refund asks for, as planned against the order's state under its lock. */
interface TPlan {
  amountCents: number;
  netCents: number;
  taxCents: number;
  tipCents: number;
  lines: Array<{ lineNo: number; quantity: number }>;
  payment: TOrderState['cardPayments'][number] | null;
}

type TAsk = Pick<TCreateRefundRequest, 'scope' | 'lines' | 'amountCents' | 'tender' | 'paymentId'>;

const publicRefund = (row: TRefundRow): TOfficeRefund => ({
  id: row.id,
  orderId: row.orderId,
  status: row.status,
  scope: row.scope,
  tender: row.tender,
  amountCents: row.amountCents,
  netCents: row.netCents,
  taxCents: row.taxCents,
  tipCents: row.tipCents,
  lines: row.lines,
  reason: row.reason,
  note: row.note,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  giftcardLast4: row.giftcardLast4,
  requestedBy: row.requestedBy,
  approvedBy: row.approvedBy,
  failure: row.failure,
  businessDay: row.businessDay,
  refundedAt: row.refundedAt,
  createdAt: row.createdAt,
});

/**
 * The money rules of a back-office refund (issue 23 "Refunds"):
 * - never more than was captured on the tender minus earlier refunds (the order's payments for cash
 *   and gift card, the chosen card payment for card), decided under the order's lock, with refunds in
 *   flight at the processor counted as spent;
 * - lines refund their net and tax by quantity (cumulative floors, so parts add up to the line); an
 *   amount or the whole order splits into net, tax and tip in the order's proportions;
 * - cash and gift card refunds happen in one transaction with their audit row and report rows; a card
 *   refund is reserved first, sent to the processor with a key of its own, then filed: a retry or a
 *   crash in between resumes with the same key and never refunds twice;
 * - above the caller's role limit the refund waits for a second person with the permission.
 */
export class RefundsService {
  constructor(
    private readonly repo: RefundsRepository,
    private readonly clock: Clock,
    private readonly payments: TPaymentsProvider,
    private readonly orders: Pick<TOrdersApi, 'refileOrders'>,
    /** A refund's tip of an order whose pay period is locked comes back in the open period (issue 23). */
    private readonly tips?: Pick<TTipsApi, 'refundTipAdjustment'>,
  ) {}

  /** Refunds need the order: the transactions page's permission as well as canVoid (the route's). */
  private restaurantOf(auth: AuthContext): number {
    const restaurantId = requireRestaurantId(auth);
    if (!auth.PagePermissions.viewTransactions) throw forbidden();
    return restaurantId;
  }

  private nameOf(auth: AuthContext): string {
    return `${auth.firstName} ${auth.lastName}`.trim() || auth.email;
  }

  private async limitOf(auth: AuthContext, restaurantId: number): Promise<number | null> {
    if (auth.isAdmin || auth.isAgent || auth.roles.includes('owner')) return null;
    return this.repo.limitOf(restaurantId, auth.userId);
  }

  async orderRefunds(auth: AuthContext, orderId: number): Promise<TOrderRefunds> {
    const restaurantId = this.restaurantOf(auth);
    const repo = this.repo;
    const state = await repo.transaction((tx) => repo.readOrder(tx, restaurantId, orderId));
    if (!state) throw refuse(404, 'refunds.orderNotFound');
    const [refunds, limitCents] = await Promise.all([
      repo.listForOrder(restaurantId, orderId),
      this.limitOf(auth, restaurantId),
    ]);
    return {
      orderId,
      status: state.status,
      paidCents: state.paidCents,
      refundedCents: state.refundedCents,
      remainingCents: Math.max(0, state.paidCents - state.refundedCents),
      lines: state.lines.map((l) => ({
        lineNo: l.lineNo,
        name: l.name,
        quantity: l.quantity,
        refundedQuantity: l.refundedQuantity,
        netCents: l.netCents,
        taxCents: l.taxCents,
      })),
      cardPayments: state.cardPayments.map((p) => ({
        paymentId: p.paymentId,
        cardBrand: p.cardBrand as TOrderRefunds['cardPayments'][number]['cardBrand'],
        cardLast4: p.cardLast4,
        amountCents: p.amountCents,
        remainingCents: Math.max(0, p.amountCents - p.refundedCents),
      })),
      limitCents,
      refunds: refunds.map(publicRefund),
    };
  }

  /** Checks the ask against the order as it is now (under its lock) and prices it. */
  private plan(state: TOrderState, ask: TAsk): TPlan {
    if (state.status !== 'closed') throw refuse(409, 'refunds.orderNotClosed');
    const left = state.paidCents - state.refundedCents;
    let payment: TPlan['payment'] = null;
    if (ask.tender === 'card') {
      payment = state.cardPayments.find((p) => p.paymentId === ask.paymentId) ?? null;
      if (!payment) throw refuse(400, 'refunds.unknownPayment');
    }
    const tenderLeft = payment ? Math.min(left, payment.amountCents - payment.refundedCents) : left;
    let plan: TPlan;
    if (ask.scope === 'lines') {
      const wanted = new Map<number, number>();
      for (const l of ask.lines) wanted.set(l.lineNo, (wanted.get(l.lineNo) ?? 0) + l.quantity);
      let netCents = 0;
      let taxCents = 0;
      for (const [lineNo, quantity] of wanted) {
        const line = state.lines.find((l) => l.lineNo === lineNo);
        if (!line) throw refuse(400, 'refunds.unknownLine', { lineNo });
        const lineLeft = line.quantity - line.refundedQuantity;
        if (quantity > lineLeft) throw refuse(409, 'refunds.lineNotRefundable', { lineNo, left: lineLeft });
        netCents += lineShare(line.netCents, line.quantity, line.refundedQuantity, quantity);
        taxCents += lineShare(line.taxCents, line.quantity, line.refundedQuantity, quantity);
      }
      plan = {
        amountCents: netCents + taxCents,
        netCents,
        taxCents,
        tipCents: 0,
        lines: [...wanted].map(([lineNo, quantity]) => ({ lineNo, quantity })),
        payment,
      };
    } else {
      const amountCents = ask.scope === 'order' ? tenderLeft : (ask.amountCents ?? 0);
      const [netCents = 0, taxCents = 0, tipCents = 0] = splitCents(amountCents, [
        state.netCents,
        state.taxCents,
        state.tipCents,
      ]);
      plan = { amountCents, netCents, taxCents, tipCents, lines: [], payment };
    }
    if (plan.amountCents <= 0) throw refuse(409, 'refunds.nothingToRefund');
    if (plan.amountCents > left) throw refuse(409, 'refunds.exceedsOrder', { left: money(Math.max(0, left)) });
    if (payment && plan.amountCents > tenderLeft) {
      throw refuse(409, 'refunds.exceedsPayment', { left: money(Math.max(0, tenderLeft)) });
    }
    return plan;
  }

  async create(auth: AuthContext, orderId: number, body: TCreateRefundRequest, ip?: string): Promise<TOfficeRefund> {
    const restaurantId = this.restaurantOf(auth);
    const repo = this.repo;
    const limit = await this.limitOf(auth, restaurantId);
    const now = this.clock.now();
    const row = await repo.transaction(async (tx) => {
      const state = await repo.lockOrder(tx, restaurantId, orderId);
      if (!state) throw refuse(404, 'refunds.orderNotFound');
      // Under the order's lock: a retry of the same request answers what the first one did.
      const same = await repo.findByKey(tx, restaurantId, body.idempotencyKey);
      if (same) {
        if (same.orderId !== orderId) throw refuse(409, 'refunds.keyReused');
        return same;
      }
      const plan = this.plan(state, body);
      const needsApproval = limit !== null && plan.amountCents > limit;
      const inserted = await repo.insert(
        tx,
        {
          restaurantId,
          orderId,
          posOrderId: state.posOrderId,
          idempotencyKey: body.idempotencyKey,
          status: needsApproval ? 'pendingApproval' : 'processing',
          scope: body.scope,
          tender: body.tender,
          paymentId: plan.payment?.paymentId ?? null,
          posPaymentId: plan.payment?.posPaymentId ?? null,
          cardBrand: (plan.payment?.cardBrand ?? null) as TRefundRow['cardBrand'],
          cardLast4: plan.payment?.cardLast4 ?? null,
          giftcardId: null,
          giftcardLast4: null,
          amountCents: plan.amountCents,
          netCents: plan.netCents,
          taxCents: plan.taxCents,
          tipCents: plan.tipCents,
          lines: plan.lines,
          reason: body.reason,
          note: body.note,
          requestedByUserId: auth.userId,
          requestedBy: this.nameOf(auth),
          approvedByUserId: null,
          approvedBy: null,
        },
        now,
      );
      await repo.audit(tx, {
        restaurantId,
        actorUserId: auth.userId,
        action: needsApproval ? 'refund.request' : 'refund.create',
        targetType: 'order',
        targetId: String(orderId),
        details: this.auditDetails(
          inserted,
          body.giftcardNumber ? { giftcard: `…${body.giftcardNumber.slice(-4)}` } : {},
        ),
        ...(ip ? { ip } : {}),
        at: now,
      });
      if (needsApproval || body.tender === 'card') return inserted;
      return this.complete(tx, inserted, now, body.giftcardNumber);
    });
    if (row.status === 'processing' && row.tender === 'card') return publicRefund(await this.sendToProcessor(row));
    return publicRefund(row);
  }

  private auditDetails(row: TRefundRow, more: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      refundId: row.id,
      posOrderId: row.posOrderId,
      status: row.status,
      scope: row.scope,
      tender: row.tender,
      amountCents: row.amountCents,
      netCents: row.netCents,
      taxCents: row.taxCents,
      tipCents: row.tipCents,
      lines: row.lines,
      reason: row.reason,
      note: row.note,
      requestedBy: row.requestedBy,
      approvedBy: row.approvedBy,
      ...(row.cardLast4 ? { card: `${row.cardBrand ?? ''} …${row.cardLast4}` } : {}),
      ...more,
    };
  }

  /**
   * Makes a refund succeed in the caller's transaction: the gift card credited (when that is the
   * tender), the row marked with the business day it was made, and filed where reports read refunds.
   */
  private async complete(
    tx: Database,
    row: TRefundRow,
    now: Date,
    giftcardNumber?: string,
    providerRefundId?: string,
  ): Promise<TRefundRow> {
    let giftcard: { id: number; last4: string } | undefined;
    if (row.tender === 'giftCard') {
      const credited = await this.repo.creditGiftcard(tx, {
        restaurantId: row.restaurantId,
        number: giftcardNumber ?? '',
        amountCents: row.amountCents,
        orderRef: row.posOrderId,
        reason: `refund ${row.reason}`,
        actorUserId: row.requestedByUserId,
        actorName: row.approvedBy ?? row.requestedBy,
        now,
      });
      if (credited === 'notFound') throw refuse(404, 'refunds.giftcardNotFound');
      if (credited === 'notActive') throw refuse(409, 'refunds.giftcardNotActive');
      giftcard = credited;
    }
    const clock = await this.repo.clockOf(tx, row.restaurantId);
    const businessDay = businessDayOf(now, clock.timeZone ?? 'UTC', clock.hourOffsetEndOfDay);
    const done = await this.repo.update(tx, row.restaurantId, row.id, {
      status: 'succeeded',
      now,
      businessDay,
      ...(providerRefundId ? { providerRefundId } : {}),
      ...(giftcard ? { giftcard } : {}),
    });
    await this.orders.refileOrders(tx, row.restaurantId, [row.orderId], () => this.repo.fileRefund(tx, done));
    if (done.tipCents > 0 && this.tips) {
      const order = await this.repo.readOrder(tx, row.restaurantId, row.orderId);
      if (order) {
        await this.tips.refundTipAdjustment(tx, {
          restaurantId: row.restaurantId,
          refundId: row.id,
          orderId: row.orderId,
          orderDay: order.businessDay,
          refundDay: businessDay,
          tipCents: done.tipCents,
          actorUserId: row.requestedByUserId,
          at: now,
        });
      }
    }
    return done;
  }

  /**
   * Sends a reserved card refund to the processor with the refund's own key, then files the answer.
   * A decline releases the reservation (failed) and answers 409; an outage leaves it reserved
   * (processing) so a retry with the same request key resumes it.
   */
  private async sendToProcessor(row: TRefundRow): Promise<TRefundRow> {
    let refundId: string;
    try {
      ({ refundId } = await this.payments.refund({
        paymentRef: `payment:${row.paymentId}`,
        amountCents: row.amountCents,
        idempotencyKey: `office-refund-${row.restaurantId}-${row.id}`,
        chargeRef: row.posPaymentId,
      }));
    } catch (error) {
      if (!(error instanceof PaymentsDeclined)) return row;
      const now = this.clock.now();
      await this.repo.transaction(async (tx) => {
        await this.repo.lockOrder(tx, row.restaurantId, row.orderId);
        const current = await this.repo.findById(tx, row.restaurantId, row.id, true);
        if (current?.status !== 'processing') return;
        const failed = await this.repo.update(tx, row.restaurantId, row.id, {
          status: 'failed',
          now,
          failure: error.code,
        });
        await this.repo.audit(tx, {
          restaurantId: row.restaurantId,
          actorUserId: null,
          action: 'refund.declined',
          targetType: 'order',
          targetId: String(row.orderId),
          details: this.auditDetails(failed),
          at: now,
        });
      });
      throw refuse(409, 'refunds.declined', { code: error.code });
    }
    const now = this.clock.now();
    return this.repo.transaction(async (tx) => {
      await this.repo.lockOrder(tx, row.restaurantId, row.orderId);
      const current = await this.repo.findById(tx, row.restaurantId, row.id, true);
      if (!current || current.status !== 'processing') return current ?? row;
      return this.complete(tx, current, now, undefined, refundId);
    });
  }

  /** A retry of a card refund left in flight by an outage or a crash: sent again under the same key. */
  async resume(auth: AuthContext, refundId: number): Promise<TOfficeRefund> {
    const restaurantId = this.restaurantOf(auth);
    const row = await this.repo.findOne(restaurantId, refundId);
    if (!row) throw refuse(404, 'refunds.refundNotFound');
    if (row.status !== 'processing') return publicRefund(row);
    return publicRefund(await this.sendToProcessor(row));
  }

  async approve(
    auth: AuthContext,
    refundId: number,
    giftcardNumber: string | undefined,
    ip?: string,
  ): Promise<TOfficeRefund> {
    const restaurantId = this.restaurantOf(auth);
    const repo = this.repo;
    const pending = await repo.findOne(restaurantId, refundId);
    if (!pending) throw refuse(404, 'refunds.refundNotFound');
    if (pending.requestedByUserId === auth.userId) throw refuse(403, 'refunds.ownApproval');
    const limit = await this.limitOf(auth, restaurantId);
    if (limit !== null && pending.amountCents > limit) {
      throw refuse(403, 'refunds.overApproverLimit', { limit: money(limit) });
    }
    const now = this.clock.now();
    const row = await repo.transaction(async (tx) => {
      const state = await repo.lockOrder(tx, restaurantId, pending.orderId);
      const current = await repo.findById(tx, restaurantId, refundId, true);
      if (!state || !current) throw refuse(404, 'refunds.refundNotFound');
      if (current.status !== 'pendingApproval') throw refuse(409, 'refunds.notPending');
      if (current.tender === 'giftCard' && !giftcardNumber) throw refuse(400, 'refunds.giftcardRequired');
      // Decided again now: other refunds may have happened while it waited.
      const plan = this.plan(state, {
        scope: current.scope === 'lines' ? 'lines' : 'amount',
        lines: current.lines,
        amountCents: current.amountCents,
        tender: current.tender,
        paymentId: current.paymentId ?? undefined,
      });
      const approved = await repo.update(tx, restaurantId, refundId, {
        status: 'processing',
        now,
        approvedByUserId: auth.userId,
        approvedBy: this.nameOf(auth),
        amounts: plan,
      });
      await repo.audit(tx, {
        restaurantId,
        actorUserId: auth.userId,
        action: 'refund.approve',
        targetType: 'order',
        targetId: String(current.orderId),
        details: this.auditDetails(approved),
        ...(ip ? { ip } : {}),
        at: now,
      });
      if (current.tender === 'card') return approved;
      return this.complete(tx, approved, now, giftcardNumber);
    });
    if (row.status === 'processing' && row.tender === 'card') return publicRefund(await this.sendToProcessor(row));
    return publicRefund(row);
  }

  async reject(auth: AuthContext, refundId: number, ip?: string): Promise<TOfficeRefund> {
    const restaurantId = this.restaurantOf(auth);
    const now = this.clock.now();
    return publicRefund(
      await this.repo.transaction(async (tx) => {
        const current = await this.repo.findById(tx, restaurantId, refundId, true);
        if (!current) throw refuse(404, 'refunds.refundNotFound');
        if (current.status !== 'pendingApproval') throw refuse(409, 'refunds.notPending');
        const rejected = await this.repo.update(tx, restaurantId, refundId, {
          status: 'rejected',
          now,
          approvedByUserId: auth.userId,
          approvedBy: this.nameOf(auth),
        });
        await this.repo.audit(tx, {
          restaurantId,
          actorUserId: auth.userId,
          action: 'refund.reject',
          targetType: 'order',
          targetId: String(current.orderId),
          details: this.auditDetails(rejected),
          ...(ip ? { ip } : {}),
          at: now,
        });
        return rejected;
      }),
    );
  }

  /** Every role's limit: read where roles are managed (the route asks for editAccounts). */
  async limits(auth: AuthContext): Promise<TRefundLimits> {
    const restaurantId = requireRestaurantId(auth);
    return { roles: await this.repo.roleLimits(restaurantId) };
  }

  async setLimits(
    auth: AuthContext,
    limits: ReadonlyArray<{ roleId: number; limitCents: number | null }>,
    ip?: string,
  ): Promise<TRefundLimits> {
    const restaurantId = requireRestaurantId(auth);
    const known = await this.repo.roleIds(restaurantId);
    for (const l of limits) if (!known.has(l.roleId)) throw refuse(400, 'refunds.unknownRole', { roleId: l.roleId });
    // Nobody grants what they don't hold: a caller with a limit gives no role more, nor none.
    const own = await this.limitOf(auth, restaurantId);
    if (own !== null && limits.some((l) => l.limitCents === null || l.limitCents > own)) {
      throw refuse(403, 'refunds.limitAboveOwn', { limit: money(own) });
    }
    const before = await this.repo.roleLimits(restaurantId);
    await this.repo.transaction(async (tx) => {
      await this.repo.setRoleLimits(tx, restaurantId, limits);
      await this.repo.audit(tx, {
        restaurantId,
        actorUserId: auth.userId,
        action: 'refund.limits',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { before, after: limits },
        ...(ip ? { ip } : {}),
        at: this.clock.now(),
      });
    });
    return { roles: await this.repo.roleLimits(restaurantId) };
  }

  async posRefunds(auth: AuthContext, after: number, limit: number) {
    const restaurantId = requireRestaurantId(auth);
    const rows = await this.repo.succeededAfter(restaurantId, after, limit);
    return {
      refunds: rows.map((r) => ({
        id: r.id,
        posOrderId: r.posOrderId,
        posRefundId: `office-${r.id}`,
        posPaymentId: r.posPaymentId,
        amountCents: r.amountCents,
        tender: r.tender,
        reason: r.reason,
        lines: r.lines,
        refundedAt: r.refundedAt,
        businessDay: r.businessDay,
      })),
      cursor: rows.at(-1)?.id ?? after,
    };
  }
}
