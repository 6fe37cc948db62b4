import { randomInt } from 'node:crypto';
import { PREMIUM_CODE_ALPHABET } from '@ra/shared/coupons/coupons.schemas';
import { ERROR_CODES } from '@ra/shared/errors';
import { businessDayBounds } from '@ra/shared/business-day/business-day';
import { normalizePhone } from '@ra/shared/customers/customers.schemas';
import { toCsv } from '@ra/shared/reports/csv';
import { attachmentHeader, exportFileName } from '@ra/shared/reports/export-file';
import { rewardsMessage, type TRewardsMessageKey } from '@ra/shared/rewards/rewards.messages';
import type {
  TPointsAccount,
  TPointsEntry,
  TPosRedemption,
  TPosRewards,
  TReward,
  TRewardInputParsed,
  TRewardList,
  TRewardOptions,
  TRewardsReport,
} from '@ra/shared/rewards/rewards.schemas';
import { isUniqueViolation } from '../../db/sql-util.ts';
import { requireRestaurantId, type AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import type { RewardsRepository, TCustomerPoints, TLedgerRow, TRewardRow } from './rewards.repository.ts';

const refuse = (status: number, key: TRewardsMessageKey, params: Record<string, string | number> = {}) =>
  new AppError(
    status,
    status === 404 ? ERROR_CODES.notFound : status === 409 ? ERROR_CODES.conflict : ERROR_CODES.badRequest,
    rewardsMessage(key, 'en', params),
    { key, params },
  );

const field = (name: string, key: TRewardsMessageKey) => new FieldError(name, rewardsMessage(key), { key });

/** Coupon types whose value is a fixed amount off (minusAmount); the others are a percentage or items. */
const FIXED_AMOUNT_TYPES = new Set(['spendMinus', 'customCode']);

/** Money one redemption gives away: the item's price, or a fixed-amount coupon's amount (else 0). */
function valueOf(reward: TRewardRow): number {
  if (reward.kind === 'item') return reward.menuItemPriceCents ?? 0;
  return reward.couponType && FIXED_AMOUNT_TYPES.has(reward.couponType) ? reward.couponMinusCents : 0;
}

export function toReward(row: TRewardRow): TReward {
  return {
    id: row.id,
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    pointsCost: row.pointsCost,
    kind: row.kind,
    couponId: row.couponId,
    couponName: row.couponName,
    couponType: row.couponType,
    menuItemId: row.menuItemId,
    menuItemName: row.menuItemName,
    valueCents: valueOf(row),
    archived: row.archivedAt !== null,
    redeemedCount: row.redeemedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toEntry = (row: TLedgerRow): TPointsEntry => ({
  id: row.id,
  type: row.type,
  points: row.points,
  balanceAfter: row.balanceAfter,
  rewardId: row.rewardId,
  rewardName: row.rewardNameEn,
  valueCents: row.valueCents,
  couponCode: row.couponCode,
  reason: row.reason,
  actor: row.actorName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A coupon redemption's own code: 'RW' and 8 characters of the premium-code alphabet (no look-alike
 * characters), drawn with the CSPRNG, so one customer's code cannot be guessed from another's.
 */
export function rewardCouponCode(): string {
  let out = 'RW';
  for (let i = 0; i < 8; i++) out += PREMIUM_CODE_ALPHABET[randomInt(PREMIUM_CODE_ALPHABET.length)];
  return out;
}

type TCustomerRef = { phone?: string | undefined; customerId?: number | undefined };

/**
 * Loyalty rewards (issue 24): the catalogue, the points ledger, POS redemption and the report. Every
 * movement of a customer's points locks that customer's row first, reads the balance (earned by the
 * list's rule + the ledger) under the lock and appends one ledger row with its audit row in the same
 * transaction: concurrent redemptions queue on the lock and never spend points that are not there.
 */
export class RewardsService {
  constructor(
    private readonly repo: RewardsRepository,
    private readonly clock: Clock,
  ) {}

  private actor(auth: AuthContext) {
    if (auth.device) return { actorUserId: null, actorName: auth.device.name };
    return { actorUserId: auth.userId, actorName: `${auth.firstName} ${auth.lastName}`.trim() || auth.email };
  }

  // --- catalogue ---------------------------------------------------------------------------------------

  async list(auth: AuthContext, archived: 'active' | 'archived' | 'all'): Promise<TRewardList> {
    const rows = await this.repo.rewards(requireRestaurantId(auth), archived);
    return { items: rows.map(toReward) };
  }

  async options(auth: AuthContext): Promise<TRewardOptions> {
    return this.repo.options(requireRestaurantId(auth));
  }

  async get(auth: AuthContext, id: number): Promise<TReward> {
    const row = await this.repo.reward(requireRestaurantId(auth), id);
    if (!row) throw refuse(404, 'rewards.notFound');
    return toReward(row);
  }

  /** The coupon or item a reward names must be the restaurant's own (a 400 on the field otherwise). */
  private async checkGives(repo: RewardsRepository, restaurantId: number, input: TRewardInputParsed) {
    if (input.kind === 'coupon') {
      if (!(await repo.usableCoupon(restaurantId, input.couponId!))) throw field('couponId', 'rewards.couponUnknown');
      return { couponId: input.couponId!, menuItemId: null };
    }
    if (!(await repo.menuItem(restaurantId, input.menuItemId!))) throw field('menuItemId', 'rewards.itemUnknown');
    return { couponId: null, menuItemId: input.menuItemId! };
  }

  async create(auth: AuthContext, input: TRewardInputParsed, ip: string): Promise<TReward> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    const id = await this.repo.transaction(async (repo, audit) => {
      const gives = await this.checkGives(repo, restaurantId, input);
      const created = await repo.insertReward({
        restaurantId,
        nameEn: input.nameEn,
        nameZh: input.nameZh,
        pointsCost: input.pointsCost,
        kind: input.kind,
        ...gives,
        createdAt: now,
        updatedAt: now,
      });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'reward.create',
        targetType: 'reward',
        targetId: String(created),
        details: { ...input, ...gives },
        ip,
        at: now,
      });
      return created;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: number, input: TRewardInputParsed, ip: string): Promise<TReward> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.lockReward(restaurantId, id))) throw refuse(404, 'rewards.notFound');
      const before = await repo.reward(restaurantId, id);
      const gives = await this.checkGives(repo, restaurantId, input);
      await repo.updateReward(restaurantId, id, {
        nameEn: input.nameEn,
        nameZh: input.nameZh,
        pointsCost: input.pointsCost,
        kind: input.kind,
        ...gives,
        updatedAt: now,
      });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'reward.update',
        targetType: 'reward',
        targetId: String(id),
        details: {
          before: before && {
            nameEn: before.nameEn,
            nameZh: before.nameZh,
            pointsCost: before.pointsCost,
            kind: before.kind,
            couponId: before.couponId,
            menuItemId: before.menuItemId,
          },
          after: { ...input, ...gives },
        },
        ip,
        at: now,
      });
    });
    return this.get(auth, id);
  }

  /** Archive (no longer redeemable, kept in history and reports) or bring back. */
  async setArchived(auth: AuthContext, id: number, archived: boolean, ip: string): Promise<TReward> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      if (!(await repo.lockReward(restaurantId, id))) throw refuse(404, 'rewards.notFound');
      await repo.setArchived(restaurantId, id, archived ? now : null, now);
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: archived ? 'reward.archive' : 'reward.restore',
        targetType: 'reward',
        targetId: String(id),
        ip,
        at: now,
      });
    });
    return this.get(auth, id);
  }

  // --- customers' points -------------------------------------------------------------------------------

  private balanceOf(customer: TCustomerPoints, sums: { spent: number; adjusted: number }) {
    return customer.earned - sums.spent + sums.adjusted;
  }

  async account(auth: AuthContext, customerId: number): Promise<TPointsAccount> {
    const restaurantId = requireRestaurantId(auth);
    const customer = await this.repo.customer(restaurantId, { id: customerId });
    if (!customer) throw refuse(404, 'rewards.customerNotFound');
    const sums = await this.repo.sums(restaurantId, customer.phone);
    const history = await this.repo.history(restaurantId, customer.phone, 200);
    return {
      customerId: customer.id,
      phone: customer.phone,
      name: customer.name,
      earned: customer.earned,
      spent: sums.spent,
      adjusted: sums.adjusted,
      balance: this.balanceOf(customer, sums),
      history: history.map(toEntry),
    };
  }

  /** Points given or taken back by hand, with a reason; never below 0; audited. */
  async adjust(
    auth: AuthContext,
    customerId: number,
    request: { points: number; reason: string },
    ip: string,
  ): Promise<TPointsAccount> {
    const restaurantId = requireRestaurantId(auth);
    const now = this.clock.now();
    await this.repo.transaction(async (repo, audit) => {
      const customer = await repo.customer(restaurantId, { id: customerId }, { forUpdate: true });
      if (!customer) throw refuse(404, 'rewards.customerNotFound');
      const balance = this.balanceOf(customer, await repo.sums(restaurantId, customer.phone));
      if (balance + request.points < 0) throw refuse(409, 'rewards.adjustBelowZero', { balance });
      const row = await repo.appendLedger({
        restaurantId,
        phone: customer.phone,
        type: 'adjust',
        points: request.points,
        balanceAfter: balance + request.points,
        reason: request.reason,
        ...this.actor(auth),
        createdAt: now,
      });
      await audit.record({
        restaurantId,
        actorUserId: auth.userId,
        action: 'points.adjust',
        targetType: 'customer',
        targetId: String(customer.id),
        details: { points: request.points, balanceAfter: row.balanceAfter, reason: request.reason, entryId: row.id },
        ip,
        at: now,
      });
    });
    return this.account(auth, customerId);
  }

  // --- POS -------------------------------------------------------------------------------------------------

  private async findCustomer(repo: RewardsRepository, restaurantId: number, ref: TCustomerRef, forUpdate = false) {
    const phone = ref.phone === undefined ? undefined : (normalizePhone(ref.phone) ?? ref.phone.trim());
    const customer = await repo.customer(
      restaurantId,
      ref.customerId !== undefined ? { id: ref.customerId } : { phone },
      { forUpdate },
    );
    if (!customer || (phone !== undefined && customer.phone !== phone)) throw refuse(404, 'rewards.customerNotFound');
    return customer;
  }

  async posLookup(auth: AuthContext, ref: TCustomerRef): Promise<TPosRewards> {
    const restaurantId = requireRestaurantId(auth);
    const customer = await this.findCustomer(this.repo, restaurantId, ref);
    const balance = this.balanceOf(customer, await this.repo.sums(restaurantId, customer.phone));
    const rows = await this.repo.rewards(restaurantId, 'active');
    return {
      customerId: customer.id,
      phone: customer.phone,
      name: customer.name,
      balance,
      rewards: rows
        .filter((r) => r.kind === 'item' || r.couponUsable)
        .map((r) => ({ ...toReward(r), affordable: r.pointsCost <= balance })),
    };
  }

  private answer(
    row: TLedgerRow,
    customerId: number,
    reward: TRewardRow | null,
    balance: number,
    created: boolean,
  ): TPosRedemption {
    return {
      redemptionId: row.id,
      created,
      customerId,
      pointsSpent: -row.points,
      balance,
      reward: {
        id: row.rewardId ?? 0,
        nameEn: row.rewardNameEn,
        nameZh: row.rewardNameZh,
        kind: row.rewardKind ?? 'coupon',
      },
      coupon:
        reward?.kind === 'coupon' && reward.couponId !== null
          ? {
              id: reward.couponId,
              name: reward.couponName ?? '',
              type: reward.couponType ?? 'customCode',
              code: row.couponCode ?? reward.couponCode ?? '',
            }
          : null,
      item:
        reward?.kind === 'item' && reward.menuItemId !== null
          ? { id: reward.menuItemId, name: reward.menuItemName ?? '', priceCents: reward.menuItemPriceCents ?? 0 }
          : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * Spends a customer's points on a reward. Idempotent by key: the same key again answers the first
   * redemption (created: false) and spends nothing; a key used for another customer or reward is a 409.
   */
  async redeem(
    auth: AuthContext,
    request: TCustomerRef & { rewardId: number; idempotencyKey: string },
    ip: string,
  ): Promise<TPosRedemption> {
    const restaurantId = requireRestaurantId(auth);
    const attempt = () =>
      this.repo.transaction(async (repo, audit) => {
        const now = this.clock.now();
        const customer = await this.findCustomer(repo, restaurantId, request, true);
        const earlier = await repo.byKey(restaurantId, request.idempotencyKey);
        if (earlier) {
          if (earlier.phone !== customer.phone || earlier.rewardId !== request.rewardId)
            throw refuse(409, 'rewards.keyReused');
          const balance = this.balanceOf(customer, await repo.sums(restaurantId, customer.phone));
          return this.answer(earlier, customer.id, await repo.reward(restaurantId, request.rewardId), balance, false);
        }
        const reward = await repo.reward(restaurantId, request.rewardId);
        if (!reward) throw refuse(404, 'rewards.notFound');
        if (reward.archivedAt) throw refuse(409, 'rewards.archived');
        if (reward.kind === 'coupon' && !reward.couponUsable) throw refuse(409, 'rewards.couponUnknown');
        const balance = this.balanceOf(customer, await repo.sums(restaurantId, customer.phone));
        if (balance < reward.pointsCost)
          throw refuse(409, 'rewards.insufficient', { cost: reward.pointsCost, balance });
        // A coupon reward: this redemption's own single-use code (a free code, drawn until one is).
        let couponCode: string | null = null;
        if (reward.kind === 'coupon' && reward.couponId !== null) {
          do couponCode = rewardCouponCode();
          while (await repo.couponCodeTaken(restaurantId, couponCode));
        }
        const row = await repo.appendLedger({
          restaurantId,
          phone: customer.phone,
          type: 'redeem',
          couponCode,
          points: -reward.pointsCost,
          balanceAfter: balance - reward.pointsCost,
          rewardId: reward.id,
          rewardNameEn: reward.nameEn,
          rewardNameZh: reward.nameZh,
          rewardKind: reward.kind,
          valueCents: valueOf(reward),
          idempotencyKey: request.idempotencyKey,
          ...this.actor(auth),
          createdAt: now,
        });
        if (couponCode !== null && reward.couponId !== null)
          await repo.issueCouponCode(restaurantId, reward.couponId, couponCode, row.id);
        await audit.record({
          restaurantId,
          actorUserId: auth.device ? null : auth.userId,
          action: 'reward.redeem',
          targetType: 'customer',
          targetId: String(customer.id),
          details: {
            rewardId: reward.id,
            points: -reward.pointsCost,
            balanceAfter: row.balanceAfter,
            entryId: row.id,
            ...(couponCode ? { couponCode } : {}),
            ...(auth.device ? { deviceId: auth.device.id } : {}),
          },
          ip,
          at: now,
        });
        return this.answer(row, customer.id, reward, row.balanceAfter, true);
      });
    try {
      return await attempt();
    } catch (error) {
      // The same key sent for two customers at once: the second insert met the first's; answer as above.
      if (isUniqueViolation(error)) return attempt();
      throw error;
    }
  }

  // --- report ------------------------------------------------------------------------------------------------

  async report(auth: AuthContext, from: string, to: string): Promise<TRewardsReport> {
    const restaurantId = requireRestaurantId(auth);
    const { timeZone, hourOffsetEndOfDay } = await this.repo.restaurant(restaurantId);
    const { start } = businessDayBounds(from, timeZone, hourOffsetEndOfDay);
    const { end } = businessDayBounds(to, timeZone, hourOffsetEndOfDay);
    const [pointsIssued, moves] = await Promise.all([
      this.repo.pointsIssued(restaurantId, from, to),
      this.repo.movements(restaurantId, start, end),
    ]);
    return {
      from,
      to,
      pointsIssued,
      pointsAdjustedUp: moves.adjustedUp,
      pointsAdjustedDown: moves.adjustedDown,
      pointsRedeemed: moves.byReward.reduce((s, r) => s + r.points, 0),
      redemptions: moves.byReward.reduce((s, r) => s + r.redemptions, 0),
      valueGivenCents: moves.byReward.reduce((s, r) => s + r.valueCents, 0),
      customersRedeeming: moves.customers,
      byReward: moves.byReward,
    };
  }

  /** The report as CSV: the totals, then one line per reward. Names in the caller's language. */
  async exportReport(auth: AuthContext, from: string, to: string, lang: 'en' | 'zh') {
    const report = await this.report(auth, from, to);
    const { name } = await this.repo.restaurant(requireRestaurantId(auth));
    const zh = lang === 'zh';
    const L = (en: string, cn: string) => (zh ? cn : en);
    type TLine = { label: string; redemptions: number | null; points: number | null; value: number | null };
    const lines: TLine[] = [
      { label: L('Points issued', '发放积分'), redemptions: null, points: report.pointsIssued, value: null },
      {
        label: L('Points added by hand', '手动增加积分'),
        redemptions: null,
        points: report.pointsAdjustedUp,
        value: null,
      },
      {
        label: L('Points taken back by hand', '手动扣减积分'),
        redemptions: null,
        points: report.pointsAdjustedDown,
        value: null,
      },
      ...report.byReward.map((r) => ({
        label: (zh && r.nameZh) || r.nameEn,
        redemptions: r.redemptions,
        points: r.points,
        value: r.valueCents,
      })),
      {
        label: L('Rewards redeemed, total', '兑换奖励合计'),
        redemptions: report.redemptions,
        points: report.pointsRedeemed,
        value: report.valueGivenCents,
      },
    ];
    const body = toCsv<TLine>(
      [
        { key: 'label', header: L('Line', '项目') },
        { key: 'redemptions', header: L('Redemptions', '兑换次数'), kind: 'number' },
        { key: 'points', header: L('Points', '积分'), kind: 'number' },
        { key: 'value', header: L('Value given away', '赠出价值'), kind: 'cents' },
      ],
      lines,
      { bom: true },
    );
    const fileName = exportFileName({ restaurant: name, title: 'Rewards', from, to, format: 'csv' });
    return { contentDisposition: attachmentHeader(fileName), contentType: 'text/csv; charset=utf-8', body };
  }
}
