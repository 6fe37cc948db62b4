import { isUniqueViolation } from '../../db/sql-util.ts';
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES } from '@ra/shared/errors';
import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { addMonths } from '@ra/shared/business-day/calendar-day';
import { giftcardsMessage, type TGiftcardsMessageKey } from '@ra/shared/giftcards/giftcards.messages';
import { GIFTCARD_MAX_CENTS } from '@ra/shared/giftcards/giftcards.messages';
import type {
  ZGiftcardActivityRequest,
  ZGiftcardListQuery,
  ZImportGiftcardRequest,
  ZIssueGiftcardRequest,
} from '@ra/shared/giftcards/giftcards.schemas';
import {
  luhnCheckDigit,
  maskGiftcardNumber,
  type TBreakage,
  type TGiftcard,
  type TGiftcardActivity,
  type TGiftcardDetail,
  type TGiftcardState,
  type TLiability,
  type TPosCard,
} from '@ra/shared/giftcards/giftcards.schemas';
import type { EmailSender } from '../../adapters/email/email-sender.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { GiftcardsRepository, TGiftcardRow, TLedgerRow } from './giftcards.repository.ts';

type TActivity = z.output<typeof ZGiftcardActivityRequest>;

const refuse = (status: number, key: TGiftcardsMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404 ? ERROR_CODES.notFound : status === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest,
    giftcardsMessage(key, 'en', params),
  );

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * 16 digits: 15 from the operating system's CSPRNG (about 10^14 possibilities after the fixed
 * leading 6, so numbers cannot be guessed from others) and a Luhn check digit that catches a typo.
 */
export function newGiftcardNumber(): string {
  let payload = '6';
  for (let i = 0; i < 14; i++) payload += String(randomInt(10));
  return payload + String(luhnCheckDigit(payload));
}

export function toGiftcard(row: TGiftcardRow, reveal: boolean): TGiftcard {
  return {
    id: row.id,
    number: reveal ? row.number : maskGiftcardNumber(row.number),
    kind: row.kind as TGiftcard['kind'],
    state: row.state as TGiftcardState,
    balanceCents: row.balanceCents,
    holderName: row.holderName,
    holderEmail: row.holderEmail,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
  };
}

const toLedger = (row: TLedgerRow) => ({
  id: row.id,
  type: row.type as TGiftcardActivity,
  amountCents: row.amountCents,
  balanceAfterCents: row.balanceAfterCents,
  stateAfter: row.stateAfter as TGiftcardState,
  reason: row.reason,
  orderRef: row.orderRef,
  actor: row.actorName,
  createdAt: row.createdAt.toISOString(),
});

/** What an activity does to a card: the balance change and the state after, or the refusal. */
function plan(
  card: TGiftcardRow,
  activity: TActivity,
  refundable: number,
): { delta: number; state: TGiftcardState; reason: string; orderRef: string } {
  const state = card.state as TGiftcardState;
  const reason = 'reason' in activity ? activity.reason : '';
  const orderRef = 'orderRef' in activity ? activity.orderRef : '';
  const notUsable = (): never => {
    if (state === 'blocked') throw refuse(409, 'giftcards.blocked');
    if (state === 'deactivated') throw refuse(409, 'giftcards.deactivated');
    throw refuse(409, 'giftcards.notActive');
  };
  const capped = (delta: number) => {
    if (card.balanceCents + delta > GIFTCARD_MAX_CENTS) throw refuse(400, 'giftcards.amountTooLarge');
    return delta;
  };
  switch (activity.type) {
    case 'activate':
      if (state !== 'pending') throw refuse(409, 'giftcards.notPending');
      return { delta: capped(activity.amountCents), state: 'active', reason, orderRef };
    case 'load':
      if (state !== 'active') notUsable();
      return { delta: capped(activity.amountCents), state, reason, orderRef };
    case 'redeem':
      if (state !== 'active') notUsable();
      if (card.balanceCents === 0) throw refuse(409, 'giftcards.zeroBalance');
      if (activity.amountCents > card.balanceCents)
        throw refuse(409, 'giftcards.insufficient', { balance: money(card.balanceCents) });
      return { delta: -activity.amountCents, state, reason, orderRef };
    case 'refund':
      if (state !== 'active') notUsable();
      if (activity.amountCents > refundable)
        throw refuse(409, 'giftcards.refundTooLarge', { amount: money(refundable) });
      return { delta: capped(activity.amountCents), state, reason, orderRef };
    case 'clear':
      if (state === 'deactivated') notUsable();
      return { delta: -card.balanceCents, state, reason, orderRef };
    case 'adjustUp':
      if (state === 'deactivated') notUsable();
      return { delta: capped(activity.amountCents), state, reason, orderRef };
    case 'adjustDown':
      if (state === 'deactivated') notUsable();
      if (activity.amountCents > card.balanceCents)
        throw refuse(409, 'giftcards.insufficient', { balance: money(card.balanceCents) });
      return { delta: -activity.amountCents, state, reason, orderRef };
    case 'block':
      if (state !== 'active') notUsable();
      return { delta: 0, state: 'blocked', reason, orderRef };
    case 'unblock':
      if (state !== 'blocked') throw refuse(409, 'giftcards.notBlocked');
      return { delta: 0, state: 'active', reason, orderRef };
    case 'deactivate':
      if (state === 'deactivated') notUsable();
      return { delta: 0, state: 'deactivated', reason, orderRef };
  }
}

/** Gift cards (issue 10): issue, import, movements on an append-only ledger, reports. */
export class GiftcardsService {
  constructor(
    private readonly repo: GiftcardsRepository,
    private readonly clock: Clock,
    private readonly email: EmailSender,
  ) {}

  async list(auth: AuthContext, query: z.output<typeof ZGiftcardListQuery>) {
    const { rows, total } = await this.repo.list(requireRestaurantId(auth), query);
    return { items: rows.map((r) => toGiftcard(r, true)), total };
  }

  async detail(auth: AuthContext, id: number): Promise<TGiftcardDetail> {
    const restaurantId = requireRestaurantId(auth);
    const card = await this.repo.get(restaurantId, id);
    if (!card) throw refuse(404, 'giftcards.notFound');
    const ledger = await this.repo.ledger(restaurantId, id);
    return { ...toGiftcard(card, true), ledger: ledger.map(toLedger) };
  }

  /** A paired device's POS call is recorded against the device by name, not a person (issue 9). */
  private actor(auth: AuthContext) {
    if (auth.device) return { actorUserId: null, actorName: auth.device.name };
    return { actorUserId: auth.userId, actorName: `${auth.firstName} ${auth.lastName}`.trim() || auth.email };
  }

  async issue(
    auth: AuthContext,
    request: z.output<typeof ZIssueGiftcardRequest>,
    ip: string,
  ): Promise<TGiftcardDetail & { emailSent: boolean | null }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    let card: TGiftcardRow | null = null;
    for (let attempt = 0; card === null; attempt++) {
      try {
        card = await this.repo.transaction(async (repo, audit) => {
          const amount = request.amountCents ?? 0;
          const created = await repo.insertCard({
            restaurantId,
            number: newGiftcardNumber(),
            kind: request.kind,
            state: amount > 0 ? 'active' : 'pending',
            balanceCents: amount,
            holderName: request.holderName,
            holderEmail: request.holderEmail,
            createdAt: now,
            lastActivityAt: now,
          });
          if (amount > 0)
            await repo.appendLedger({
              restaurantId,
              cardId: created.id,
              type: 'activate',
              amountCents: amount,
              balanceAfterCents: amount,
              stateAfter: 'active',
              ...this.actor(auth),
              createdAt: now,
            });
          await audit.record({
            restaurantId,
            actorUserId: auth.userId,
            action: 'giftcard.issue',
            targetType: 'giftcard',
            targetId: String(created.id),
            details: { kind: request.kind, amountCents: amount, last4: created.number.slice(-4) },
            ip,
            at: now,
          });
          return created;
        });
      } catch (error) {
        // A number already taken (one in 10^14): draw another.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
    let emailSent: boolean | null = null;
    if (card.kind === 'egift') {
      const { name } = await this.repo.restaurant(restaurantId);
      try {
        await this.email.send({
          to: card.holderEmail,
          subject: `Your ${name} e-gift card`,
          text:
            `Hello${card.holderName ? ` ${card.holderName}` : ''},\n\n` +
            `You have an e-gift card for ${name} worth ${money(card.balanceCents)}.\n` +
            `Card number: ${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}\n\n` +
            `Show this number when you pay. Keep it private: anyone with the number can spend the balance.\n`,
        });
        emailSent = true;
      } catch {
        emailSent = false;
      }
    }
    return { ...(await this.detail(auth, card.id)), emailSent };
  }

  async import(
    auth: AuthContext,
    request: z.output<typeof ZImportGiftcardRequest>,
    ip: string,
  ): Promise<TGiftcardDetail> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const number = request.number.toUpperCase();
    try {
      const card = await this.repo.transaction(async (repo, audit) => {
        const created = await repo.insertCard({
          restaurantId,
          number,
          kind: 'imported',
          state: 'active',
          balanceCents: request.balanceCents,
          holderName: request.holderName,
          createdAt: now,
          lastActivityAt: now,
        });
        await repo.appendLedger({
          restaurantId,
          cardId: created.id,
          type: 'import',
          amountCents: request.balanceCents,
          balanceAfterCents: request.balanceCents,
          stateAfter: 'active',
          ...this.actor(auth),
          createdAt: now,
        });
        await audit.record({
          restaurantId,
          actorUserId: auth.userId,
          action: 'giftcard.import',
          targetType: 'giftcard',
          targetId: String(created.id),
          details: { balanceCents: request.balanceCents, last4: number.slice(-4) },
          ip,
          at: now,
        });
        return created;
      });
      return this.detail(auth, card.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new FieldError('number', giftcardsMessage('giftcards.numberTaken'));
      throw error;
    }
  }

  /**
   * One movement or state change: the card's row is locked, the rule checked against the locked
   * balance, the balance moved and the ledger row appended in one transaction, so concurrent
   * redemptions queue on the lock and the card never goes below zero.
   */
  private async apply(
    auth: AuthContext,
    restaurantId: number,
    find: (repo: GiftcardsRepository) => Promise<TGiftcardRow | null>,
    activity: TActivity,
    ip: string,
  ): Promise<TGiftcardRow> {
    const now = this.clock.now();
    return this.repo.transaction(async (repo, audit) => {
      const card = await find(repo);
      if (!card) throw refuse(404, 'giftcards.notFound');
      const refundable =
        activity.type === 'refund' ? await repo.refundableForOrder(restaurantId, card.id, activity.orderRef) : 0;
      const step = plan(card, activity, refundable);
      const updated = await repo.move(restaurantId, card.id, step.delta, step.state, now, step.delta !== 0);
      if (!updated) throw refuse(409, 'giftcards.insufficient', { balance: money(card.balanceCents) });
      await repo.appendLedger({
        restaurantId,
        cardId: card.id,
        type: activity.type,
        amountCents: step.delta,
        balanceAfterCents: updated.balanceCents,
        stateAfter: step.state,
        reason: step.reason,
        orderRef: step.orderRef,
        ...this.actor(auth),
        createdAt: now,
      });
      await audit.record({
        restaurantId,
        actorUserId: auth.device ? null : auth.userId,
        action: `giftcard.${activity.type}`,
        targetType: 'giftcard',
        targetId: String(card.id),
        details: {
          amountCents: step.delta,
          balanceAfterCents: updated.balanceCents,
          reason: step.reason,
          orderRef: step.orderRef,
          ...(auth.device ? { deviceId: auth.device.id } : {}),
        },
        ip,
        at: now,
      });
      return updated;
    });
  }

  async activity(auth: AuthContext, id: number, activity: TActivity, ip: string): Promise<TGiftcardDetail> {
    const restaurantId = requireRestaurantId(auth);
    await this.apply(auth, restaurantId, (repo) => repo.get(restaurantId, id, { forUpdate: true }), activity, ip);
    return this.detail(auth, id);
  }

  // --- POS (canOrder): numbers masked ------------------------------------------------------------

  async posBalance(auth: AuthContext, number: string): Promise<TPosCard> {
    const restaurantId = requireRestaurantId(auth);
    const card = await this.repo.byNumber(restaurantId, number.replace(/\s+/g, '').toUpperCase());
    if (!card) throw refuse(404, 'giftcards.notFound');
    return {
      number: maskGiftcardNumber(card.number),
      state: card.state as TGiftcardState,
      balanceCents: card.balanceCents,
    };
  }

  async posMove(
    auth: AuthContext,
    request: { number: string; amountCents: number; orderRef: string },
    type: 'redeem' | 'refund',
    ip: string,
  ): Promise<TPosCard> {
    const restaurantId = requireRestaurantId(auth);
    const number = request.number.replace(/\s+/g, '').toUpperCase();
    const card = await this.apply(
      auth,
      restaurantId,
      (repo) => repo.byNumber(restaurantId, number, { forUpdate: true }),
      { type, amountCents: request.amountCents, orderRef: request.orderRef },
      ip,
    );
    return {
      number: maskGiftcardNumber(card.number),
      state: card.state as TGiftcardState,
      balanceCents: card.balanceCents,
    };
  }

  // --- reports -----------------------------------------------------------------------------------

  /** Outstanding balance at the end of a business day = the ledger summed to then (issue 10 "liability"). */
  async liability(auth: AuthContext, day: string): Promise<TLiability> {
    const restaurantId = requireRestaurantId(auth);
    const { timeZone, hourOffsetEndOfDay } = await this.repo.restaurant(restaurantId);
    const { end } = businessDayBounds(day, timeZone, hourOffsetEndOfDay);
    return { at: day, ...(await this.repo.liability(restaurantId, end)) };
  }

  /** Cards holding money whose last movement is more than `months` months ago. */
  async breakage(auth: AuthContext, months: number): Promise<TBreakage> {
    const restaurantId = requireRestaurantId(auth);
    const { timeZone, hourOffsetEndOfDay } = await this.repo.restaurant(restaurantId);
    const today = businessDayOf(this.clock.now(), timeZone, hourOffsetEndOfDay);
    const since = addMonths(today, -months);
    const { start } = businessDayBounds(since, timeZone, hourOffsetEndOfDay);
    const cards = await this.repo.untouchedSince(restaurantId, start);
    return {
      months,
      since,
      totalCents: cards.reduce((s, c) => s + c.balanceCents, 0),
      cards: cards.map((c) => toGiftcard(c, true)),
    };
  }

  /** The ledger's sum for a card (tests and audits compare it with the balance). */
  ledgerSum(restaurantId: number, cardId: number): Promise<number> {
    return this.repo.ledgerSum(restaurantId, cardId);
  }
}
