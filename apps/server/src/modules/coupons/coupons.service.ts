import { randomInt } from 'node:crypto';
import { ERROR_CODES } from '@ra/shared/errors';
import { businessDayOf, zonedParts } from '@ra/shared/business-day/business-day';
import { comparisonRange, rangeBounds, type TDayRange } from '@ra/shared/business-day/date-range';
import { sameTimeCutoff } from '@ra/shared/reports/same-time';
import { formatIsoDay } from '@ra/shared/business-day/calendar-day';
import { couponsMessage, type TCouponsMessageKey } from '@ra/shared/coupons/coupons.messages';
import type { ZCouponInput, ZCouponListQuery } from '@ra/shared/coupons/coupons.schemas';
import {
  DEFAULT_STACKING,
  PREMIUM_CODE_ALPHABET,
  parseIdList,
  type TCart,
  type TCoupon,
  type TCouponPerformance,
  type TCouponPerformanceQuery,
  type TCouponVerdict,
  type TRedemption,
  type TSimulateResponse,
  type TStackingPolicy,
} from '@ra/shared/coupons/coupons.schemas';
import {
  applyStacking,
  cartSubtotalCents,
  evaluateCoupon,
  whyNotValid,
  type TCouponMoment,
  type TEvaluation,
} from '@ra/shared/coupons/coupon-engine';
import type { z } from 'zod';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../db/sql-util.ts';
import { ruleOf, type CouponsRepository, type TCouponRow, type TRedemptionRow } from './coupons.repository.ts';
import type { TMenuApi } from '../menu/menu.module.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';

/**
 * A reserved use not consumed within this time is given back (docs/decisions.md "Coupon reservations
 * expire"): a POS that reserved and then crashed or lost the order must not hold a limited coupon forever.
 */
export const RESERVATION_MINUTES = 30;
const RESERVATION_MS = RESERVATION_MINUTES * 60_000;
export const EXPIRE_RESERVATIONS_QUEUE = 'coupons.expire-reservations';

type TParsedInput = z.output<typeof ZCouponInput>;

const refuse = (status: number, key: TCouponsMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404 ? ERROR_CODES.notFound : status === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest,
    couponsMessage(key, 'en', params),
  );
const fieldError = (field: string, key: TCouponsMessageKey, params: Record<string, string | number> = {}) => {
  const e = new FieldError(field, couponsMessage(key, 'en', params));
  return e;
};

/** Codes are compared in capitals: a guest reading "summer10" off a flyer means SUMMER10. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export function randomCode(length: number, prefix = ''): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += PREMIUM_CODE_ALPHABET[randomInt(PREMIUM_CODE_ALPHABET.length)];
  return out;
}

export function toCoupon(row: TCouponRow, premiumCodeCount: number): TCoupon {
  return {
    ...ruleOf(row),
    usedCount: row.usedCount,
    premiumCodeCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toRedemption(row: TRedemptionRow, couponName: string): TRedemption {
  return {
    id: row.id,
    couponId: row.couponId,
    couponName,
    code: row.code,
    orderRef: row.orderRef,
    status: row.status as TRedemption['status'],
    discountCents: row.discountCents,
    orderSubtotalCents: row.subtotalCents,
    lines: row.lines,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rules, redemption and the simulator (issue 10 "Coupons", "Redemption"). */
export class CouponsService {
  constructor(
    private readonly repo: CouponsRepository,
    private readonly clock: Clock,
    /** Which menu ids a rule names that the restaurant's menu does not have. */
    private readonly menu: Pick<TMenuApi, 'missingIds'>,
    private readonly jobs: JobQueue,
  ) {}

  async register(): Promise<void> {
    await this.jobs.work<{ restaurantId: number }>(EXPIRE_RESERVATIONS_QUEUE, async (job) => {
      await this.expireReservations(job.data.restaurantId);
    });
  }

  /**
   * One waiting job per restaurant, due when its oldest held reservation runs out: the job releases
   * every reservation older than RESERVATION_MINUTES by the app clock and queues itself again for the
   * next one still held. Idempotent: a released reservation is skipped under its row lock.
   */
  private async scheduleExpiry(restaurantId: number): Promise<void> {
    const oldest = await this.repo.oldestReservation(restaurantId);
    if (!oldest) return;
    await this.jobs.send(
      EXPIRE_RESERVATIONS_QUEUE,
      { restaurantId },
      { startAfter: new Date(oldest.getTime() + RESERVATION_MS), singletonKey: `restaurant-${restaurantId}` },
    );
  }

  async expireReservations(restaurantId: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - RESERVATION_MS);
    let released = 0;
    for (;;) {
      const ids = await this.repo.staleReservations(restaurantId, before);
      for (const id of ids) if (await this.releaseHeld(restaurantId, id, 'reserved')) released += 1;
      if (ids.length < 1000) break;
    }
    await this.scheduleExpiry(restaurantId);
    return released;
  }

  /** Gives a use back under the redemption's row lock; only from the statuses given. Answers the row when it moved. */
  private releaseHeld(restaurantId: number, id: number, from: 'reserved' | 'live') {
    return this.repo.transaction(async (repo) => {
      const found = await repo.redemption(restaurantId, id, { forUpdate: true });
      if (!found) return null;
      const status = found.redemption.status;
      if (status === 'released' || (from === 'reserved' && status !== 'reserved')) return null;
      const row = await repo.setRedemptionStatus(id, 'released', this.clock.now());
      await repo.giveBackUse(restaurantId, found.redemption.couponId, found.redemption.codeId);
      return toRedemption(row!, found.couponName);
    });
  }

  async list(auth: AuthContext, query: z.output<typeof ZCouponListQuery>) {
    const restaurantId = requireRestaurantId(auth);
    const { rows, total } = await this.repo.list(restaurantId, {
      q: query.q,
      type: query.type,
      page: query.page,
      pageSize: query.pageSize,
    });
    return { items: rows.map((r) => toCoupon(r.coupon, r.premium)), total };
  }

  async get(auth: AuthContext, id: number): Promise<TCoupon> {
    const restaurantId = requireRestaurantId(auth);
    const row = await this.repo.get(restaurantId, id);
    if (!row) throw refuse(404, 'coupons.notFound');
    return toCoupon(row, await this.repo.premiumCodeCount(restaurantId, id));
  }

  /** The schema's rules plus those that need the database: menu ids exist, the code is free. */
  private async values(restaurantId: number, input: TParsedInput) {
    const ids = (text: string) => (parseIdList(text) as { ok: true; ids: number[] }).ids ?? [];
    const itemIds = ids(input.itemIds);
    const categoryIds = ids(input.categoryIds);
    const toppingIds = input.type === 'toppingDiscount' ? ids(input.toppingIds) : [];
    const unknown = await this.menu.missingIds(restaurantId, { itemIds, categoryIds, toppingIds });
    if (unknown.items.length) throw fieldError('itemIds', 'coupons.unknownItems', { ids: unknown.items.join(', ') });
    if (unknown.categories.length)
      throw fieldError('categoryIds', 'coupons.unknownCategories', { ids: unknown.categories.join(', ') });
    if (unknown.toppings.length)
      throw fieldError('toppingIds', 'coupons.unknownToppings', { ids: unknown.toppings.join(', ') });
    return {
      name: input.name,
      type: input.type,
      overAmount: input.overAmount,
      minusAmount: input.minusAmount,
      discount: input.discount,
      totalNum: input.totalNum,
      itemIds,
      categoryIds,
      toppingIds,
      startDate: input.startDate,
      endDate: input.endDate,
      channels: [...new Set(input.channels)],
      days: [...new Set(input.days)].sort(),
      hours: input.hours.trim(),
      perCustomerLimit: input.perCustomerLimit,
      stackable: input.stackable,
      active: input.active,
    };
  }

  async create(auth: AuthContext, input: TParsedInput, ip: string): Promise<TCoupon> {
    const restaurantId = requireRestaurantId(auth);
    const values = await this.values(restaurantId, input);
    const now = this.clock.now();
    for (let attempt = 0; ; attempt++) {
      const code = input.code ? normaliseCode(input.code) : randomCode(8);
      try {
        const row = await this.repo.transaction(async (repo, audit) => {
          const created = await repo.insert({ ...values, restaurantId, code, createdAt: now, updatedAt: now });
          await audit.record({
            restaurantId,
            actorUserId: auth.userId,
            action: 'coupon.create',
            targetType: 'coupon',
            targetId: String(created.id),
            details: { name: created.name, type: created.type, code },
            ip,
            at: now,
          });
          return created;
        });
        return toCoupon(row, 0);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (input.code || attempt >= 5) throw fieldError('code', 'coupons.codeTaken');
      }
    }
  }

  async update(auth: AuthContext, id: number, input: TParsedInput, ip: string): Promise<TCoupon> {
    const restaurantId = requireRestaurantId(auth);
    const values = await this.values(restaurantId, input);
    const now = this.clock.now();
    try {
      const row = await this.repo.transaction(async (repo, audit) => {
        const before = await repo.get(restaurantId, id, { forUpdate: true });
        if (!before) throw refuse(404, 'coupons.notFound');
        const code = input.code ? normaliseCode(input.code) : before.code;
        if (values.totalNum !== null && values.totalNum < before.usedCount) values.totalNum = before.usedCount;
        const updated = await repo.update(restaurantId, id, { ...values, code, updatedAt: now });
        if (!updated) throw refuse(404, 'coupons.notFound');
        await audit.record({
          restaurantId,
          actorUserId: auth.userId,
          action: 'coupon.update',
          targetType: 'coupon',
          targetId: String(id),
          details: { before: ruleOf(before), after: ruleOf(updated) },
          ip,
          at: now,
        });
        return updated;
      });
      return toCoupon(row, await this.repo.premiumCodeCount(restaurantId, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', 'coupons.codeTaken');
      throw error;
    }
  }

  async delete(auth: AuthContext, id: number, ip: string): Promise<{ ok: true }> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.softDelete(restaurantId, id, now))) throw refuse(404, 'coupons.notFound');
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'coupon.delete',
        targetType: 'coupon',
        targetId: String(id),
        ip,
        at: now,
      });
    });
    return { ok: true };
  }

  // --- stacking policy ----------------------------------------------------------------------------

  async policy(auth: AuthContext): Promise<TStackingPolicy> {
    return (await this.repo.settings(requireRestaurantId(auth))) ?? DEFAULT_STACKING;
  }

  async savePolicy(auth: AuthContext, policy: TStackingPolicy, ip: string): Promise<TStackingPolicy> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      await repo.saveSettings(restaurantId, policy, now);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'coupon.stacking.update',
        targetType: 'restaurant',
        targetId: String(restaurantId),
        details: { ...policy },
        ip,
        at: now,
      });
    });
    return policy;
  }

  // --- time ---------------------------------------------------------------------------------------

  /** The restaurant's local calendar day, weekday and minute now (validity dates, days and hours). */
  private async moment(restaurantId: number): Promise<TCouponMoment> {
    const { timeZone } = await this.repo.restaurantClock(restaurantId);
    const p = zonedParts(this.clock.now(), timeZone);
    return { day: formatIsoDay(p), weekday: p.weekday, minutes: p.hour * 60 + p.minute };
  }

  // --- simulator ----------------------------------------------------------------------------------

  async simulate(auth: AuthContext, cart: TCart & { codes: string[] }): Promise<TSimulateResponse> {
    const restaurantId = requireRestaurantId(auth);
    const policy = (await this.repo.settings(restaurantId)) ?? DEFAULT_STACKING;
    const at = await this.moment(restaurantId);
    const codes = [...new Set(cart.codes.map(normaliseCode).filter(Boolean))];
    const found = await this.repo.findCodes(restaurantId, codes);
    const candidates: { coupon: TCouponRow; code: string; codeUsed: boolean }[] =
      codes.length > 0
        ? codes.flatMap((code) => {
            const hit = found.find((f) => f.code.code === code);
            return hit ? [{ coupon: hit.coupon, code, codeUsed: hit.code.singleUse && hit.code.usedCount >= 1 }] : [];
          })
        : (await this.repo.activeCoupons(restaurantId, 100)).map((coupon) => ({
            coupon,
            code: coupon.code,
            codeUsed: false,
          }));
    const rules = candidates.map((c) => ruleOf(c.coupon));
    const evaluations: TEvaluation[] = candidates.map(({ coupon, codeUsed }, i) => {
      const rule = rules[i]!;
      const invalid = whyNotValid(rule, cart.channel, at);
      if (invalid) return { ok: false, reason: invalid };
      if (coupon.totalNum !== null && coupon.usedCount >= coupon.totalNum)
        return { ok: false, reason: { key: 'coupons.limitReached', params: {} } };
      if (codeUsed) return { ok: false, reason: { key: 'coupons.codeUsed', params: {} } };
      return evaluateCoupon(rule, cart);
    });
    const stacked = applyStacking(rules, evaluations, policy, cart);
    const verdicts: TCouponVerdict[] = candidates.map(({ coupon, code }, i) => {
      const r = stacked.applied[i]!;
      const own = evaluations[i]!;
      return {
        couponId: coupon.id,
        name: coupon.name,
        code,
        type: rules[i]!.type,
        applied: r.applied,
        discountCents: own.ok ? own.discountCents : 0,
        lines: r.applied ? r.lines : own.ok ? own.lines : [],
        reason: r.reason,
      };
    });
    // Codes that match nothing are answered too, so the simulator can say why.
    for (const code of codes.filter((c) => !found.some((f) => f.code.code === c)))
      verdicts.push({
        couponId: 0,
        name: code,
        code,
        type: 'customCode',
        applied: false,
        discountCents: 0,
        lines: [],
        reason: { key: 'coupons.codeUnknown', params: {} },
      });
    const subtotal = cartSubtotalCents(cart);
    return {
      subtotalCents: subtotal,
      discountCents: stacked.discountCents,
      totalCents: subtotal - stacked.discountCents,
      lines: stacked.lines,
      verdicts,
      policy,
    };
  }

  // --- redemption ---------------------------------------------------------------------------------

  /**
   * A POS, kiosk or online order redeems a code: validity, arithmetic, stacking with the order's other
   * coupons, the per-customer limit, then one use taken by a conditional update, all in one
   * transaction that holds the coupon's row lock, so the limit holds under concurrent calls on
   * PostgreSQL (row lock) and PGlite (one writer at a time).
   */
  async redeem(
    auth: AuthContext,
    request: TCart & { code: string; orderRef: string; mode: 'reserve' | 'consume' },
  ): Promise<TRedemption> {
    const restaurantId = requireRestaurantId(auth);
    const at = await this.moment(restaurantId);
    const policy = (await this.repo.settings(restaurantId)) ?? DEFAULT_STACKING;
    const code = normaliseCode(request.code);
    const now = this.clock.now();
    const attempt = () =>
      this.repo.transaction(async (repo) => {
        const hit = await repo.findCode(restaurantId, code);
        if (!hit) throw refuse(400, 'coupons.codeUnknown');
        const coupon = await repo.get(restaurantId, hit.coupon.id, { forUpdate: true });
        if (!coupon) throw refuse(400, 'coupons.codeUnknown');
        const others = await repo.liveRedemptionsOfOrder(restaurantId, request.orderRef);
        const same = others.find((o) => o.redemption.codeId === hit.code.id);
        if (same) return toRedemption(same.redemption, coupon.name);
        const rule = ruleOf(coupon);
        const invalid = whyNotValid(rule, request.channel, at);
        if (invalid) throw refuse(400, invalid.key, invalid.params);
        if (others.length > 0) {
          if (!policy.combine) throw refuse(409, 'coupons.notCombinable');
          if (!coupon.stackable || others.some((o) => !o.stackable)) throw refuse(409, 'coupons.notStackable');
        }
        const evaluation = evaluateCoupon(rule, request);
        if (!evaluation.ok) throw refuse(400, evaluation.reason.key, evaluation.reason.params);
        if (coupon.perCustomerLimit !== null && request.customerId) {
          const used = await repo.customerUses(restaurantId, coupon.id, request.customerId);
          if (used >= coupon.perCustomerLimit) throw refuse(409, 'coupons.customerLimitReached');
        }
        if (!(await repo.takeCouponUse(restaurantId, coupon.id))) throw refuse(409, 'coupons.limitReached');
        if (!(await repo.takeCodeUse(restaurantId, hit.code.id))) throw refuse(409, 'coupons.codeUsed');
        const row = await repo.insertRedemption({
          restaurantId,
          couponId: coupon.id,
          codeId: hit.code.id,
          code,
          orderRef: request.orderRef,
          customerId: request.customerId ?? null,
          channel: request.channel,
          status: request.mode === 'reserve' ? 'reserved' : 'consumed',
          discountCents: evaluation.discountCents,
          subtotalCents: cartSubtotalCents(request),
          lines: evaluation.lines,
          createdAt: now,
        });
        return toRedemption(row, coupon.name);
      });
    let redemption: TRedemption;
    try {
      redemption = await attempt();
    } catch (error) {
      // The same order and code racing itself: the other call won; answer what it recorded.
      if (!isUniqueViolation(error, 'coupon_redemptions_live_unique')) throw error;
      redemption = await attempt();
    }
    // After the commit (the queue writes on its own connection): a held use runs out if never consumed.
    if (redemption.status === 'reserved') await this.scheduleExpiry(restaurantId);
    return redemption;
  }

  /**
   * The order was paid: a held use becomes a used one. A reservation older than RESERVATION_MINUTES by
   * the app clock has run out even if the expiry job has not run yet: it is released here and refused.
   */
  async consume(auth: AuthContext, id: number): Promise<TRedemption> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const outcome = await this.repo.transaction(async (repo) => {
      const found = await repo.redemption(restaurantId, id, { forUpdate: true });
      if (!found) throw refuse(404, 'coupons.redemptionNotFound');
      if (found.redemption.status === 'released') throw refuse(409, 'coupons.redemptionReleased');
      if (found.redemption.status === 'consumed') return toRedemption(found.redemption, found.couponName);
      if (found.redemption.createdAt.getTime() + RESERVATION_MS <= now.getTime()) {
        await repo.setRedemptionStatus(id, 'released', now);
        await repo.giveBackUse(restaurantId, found.redemption.couponId, found.redemption.codeId);
        return 'expired' as const;
      }
      const row = await repo.setRedemptionStatus(id, 'consumed', now);
      return toRedemption(row!, found.couponName);
    });
    if (outcome === 'expired') throw refuse(409, 'coupons.reservationExpired', { minutes: RESERVATION_MINUTES });
    return outcome;
  }

  /** Voiding or refunding the order gives the use back (issue 10 "Voiding or refunding releases the use"). */
  async release(auth: AuthContext, id: number): Promise<TRedemption> {
    const restaurantId = requireRestaurantId(auth);
    const moved = await this.releaseHeld(restaurantId, id, 'live');
    if (moved) return moved;
    const found = await this.repo.redemption(restaurantId, id);
    if (!found) throw refuse(404, 'coupons.redemptionNotFound');
    return toRedemption(found.redemption, found.couponName);
  }

  /**
   * Uses, discount, sales of the orders and what they brought after the coupon, per coupon over the
   * business days. With `preset` (the sales report's Coupons section) the
   * comparison period comes too, as every report section compares: a range ending with the business
   * day in progress is set against its comparison period up to the same time into its last day.
   */
  async performance(auth: AuthContext, query: TCouponPerformanceQuery): Promise<TCouponPerformance> {
    const restaurantId = requireRestaurantId(auth);
    const clock = await this.repo.restaurantClock(restaurantId);
    const [from, to] = query.from <= query.to ? [query.from, query.to] : [query.to, query.from];
    const range = { from, to };
    const previousRange = query.preset ? comparisonRange(query.preset, range) : null;
    const cut = previousRange
      ? sameTimeCutoff(this.clock.now(), range, previousRange, clock.timeZone, clock.hourOffsetEndOfDay)
      : null;
    const rowsOver = async (r: TDayRange, until: Date | null) => {
      const bounds = rangeBounds(r, clock.timeZone, clock.hourOffsetEndOfDay);
      const end = until && until < bounds.end ? until : bounds.end;
      return (await this.repo.performance(restaurantId, bounds.start, end)).map((row) => {
        const discountCents = Number(row.discountCents);
        const salesCents = Number(row.salesCents);
        return {
          couponId: row.couponId,
          name: row.name,
          uses: row.uses,
          discountCents,
          salesCents,
          netCents: salesCents - discountCents,
        };
      });
    };
    const [rows, previous] = await Promise.all([
      rowsOver(range, null),
      previousRange ? rowsOver(previousRange, cut?.previousUntil ?? null) : null,
    ]);
    return {
      from,
      to,
      rows,
      previousRange,
      previous,
      sameTime: cut ? { asOf: cut.asOf.toISOString(), previousUntil: cut.previousUntil.toISOString() } : null,
    };
  }

  /** Today's business day at the restaurant (the performance view's default range). */
  async today(restaurantId: number): Promise<string> {
    const clock = await this.repo.restaurantClock(restaurantId);
    return businessDayOf(this.clock.now(), clock.timeZone, clock.hourOffsetEndOfDay);
  }
}
