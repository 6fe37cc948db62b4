import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { zIsoDay } from '../validation/dates.ts';
import { ZDbId } from '../validation/limits.ts';
import { COUPON_TYPES } from '../coupons/coupons.schemas.ts';
import {
  REWARD_NAME_MAX_LENGTH,
  REWARD_POINTS_MAX,
  REWARD_REASON_MAX_LENGTH,
  REWARDS_MESSAGES,
  type TRewardsMessageKey,
} from './rewards.messages.ts';

/**
 * Loyalty rewards (issue 24 "Customers who come back"): the points customers earn (pointsPerDollar,
 * the customer list's figure) buy rewards from a catalogue the owner defines. Spending and adjustments
 * are rows of an append-only points ledger; the balance is earned + the ledger's sum.
 */
export const REWARD_KINDS = ['coupon', 'item'] as const;
export type TRewardKind = (typeof REWARD_KINDS)[number];
export const POINTS_ENTRY_TYPES = ['redeem', 'adjust'] as const;
export type TPointsEntryType = (typeof POINTS_ENTRY_TYPES)[number];

const en = (key: TRewardsMessageKey) => REWARDS_MESSAGES[key].en;

const ZPoints = z
  .number({ error: en('rewards.pointsRange') })
  .int(en('rewards.pointsRange'))
  .min(1, en('rewards.pointsRange'))
  .max(REWARD_POINTS_MAX, en('rewards.pointsRange'));

/** POST /api/api/rewards and PUT /api/api/rewards/:id. */
export const ZRewardInput = z
  .object({
    nameEn: zText({ error: en('rewards.nameRequired') })
      .trim()
      .min(1, en('rewards.nameRequired'))
      .max(REWARD_NAME_MAX_LENGTH, en('rewards.nameTooLong')),
    nameZh: zText().trim().max(REWARD_NAME_MAX_LENGTH, en('rewards.nameTooLong')).default(''),
    pointsCost: ZPoints,
    kind: z.enum(REWARD_KINDS, { error: en('rewards.kindRequired') }),
    couponId: ZDbId.nullable().optional(),
    menuItemId: ZDbId.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'coupon' && !body.couponId)
      ctx.addIssue({ code: 'custom', path: ['couponId'], message: en('rewards.couponRequired') });
    if (body.kind === 'item' && !body.menuItemId)
      ctx.addIssue({ code: 'custom', path: ['menuItemId'], message: en('rewards.itemRequired') });
  });
export type TRewardInput = z.input<typeof ZRewardInput>;
export type TRewardInputParsed = z.output<typeof ZRewardInput>;

export const ZReward = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameZh: z.string(),
  pointsCost: z.number().int(),
  kind: z.enum(REWARD_KINDS),
  couponId: z.number().int().nullable(),
  couponName: z.string().nullable(),
  couponType: z.enum(COUPON_TYPES).nullable(),
  menuItemId: z.number().int().nullable(),
  menuItemName: z.string().nullable(),
  /** What one redemption gives away in money: the item's price, or the coupon's fixed amount off (0 for a percentage). */
  valueCents: z.number().int(),
  archived: z.boolean(),
  redeemedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReward = z.infer<typeof ZReward>;

export const ZRewardListQuery = z.object({
  archived: z.enum(['active', 'archived', 'all']).default('active'),
});
export const ZRewardList = z.object({ items: z.array(ZReward) });
export type TRewardList = z.infer<typeof ZRewardList>;

/** What a reward can give: the restaurant's active coupons and its menu items. */
export const ZRewardOptions = z.object({
  coupons: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.enum(COUPON_TYPES) })),
  items: z.array(z.object({ id: z.number().int(), name: z.string(), priceCents: z.number().int() })),
});
export type TRewardOptions = z.infer<typeof ZRewardOptions>;

// --- customers' points ---------------------------------------------------------------------------

export const ZPointsEntry = z.object({
  id: z.number().int(),
  type: z.enum(POINTS_ENTRY_TYPES),
  /** Signed: spending is negative. */
  points: z.number().int(),
  balanceAfter: z.number().int(),
  rewardId: z.number().int().nullable(),
  rewardName: z.string(),
  valueCents: z.number().int(),
  /** A coupon redemption's own single-use code; null otherwise. */
  couponCode: z.string().nullable(),
  reason: z.string(),
  actor: z.string(),
  createdAt: z.string(),
});
export type TPointsEntry = z.infer<typeof ZPointsEntry>;

export const ZPointsAccount = z.object({
  customerId: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  /** Earned from orders by the points rule: the customer list's "points". */
  earned: z.number().int(),
  /** Spent on rewards (positive). */
  spent: z.number().int(),
  /** Adjustments, signed. */
  adjusted: z.number().int(),
  balance: z.number().int(),
  /** Newest first, at most 200. */
  history: z.array(ZPointsEntry),
});
export type TPointsAccount = z.infer<typeof ZPointsAccount>;

/** POST /api/api/rewards/customers/:id/adjust: points given or taken back by hand, with a reason. */
export const ZPointsAdjustRequest = z.object({
  points: z
    .number({ error: en('rewards.adjustRange') })
    .int(en('rewards.adjustRange'))
    .min(-REWARD_POINTS_MAX, en('rewards.adjustRange'))
    .max(REWARD_POINTS_MAX, en('rewards.adjustRange'))
    .refine((v) => v !== 0, en('rewards.adjustRange')),
  reason: zText({ error: en('rewards.reasonRequired') })
    .trim()
    .min(1, en('rewards.reasonRequired'))
    .max(REWARD_REASON_MAX_LENGTH, en('rewards.reasonTooLong')),
});
export type TPointsAdjustRequest = z.input<typeof ZPointsAdjustRequest>;

// --- POS -------------------------------------------------------------------------------------------

const ZCustomerRef = {
  phone: zText().trim().min(1, en('rewards.customerRequired')).max(20, en('rewards.customerRequired')).optional(),
  customerId: ZDbId.optional(),
};
const needsCustomer = (body: { phone?: string | undefined; customerId?: number | undefined }, ctx: z.RefinementCtx) => {
  if (!body.phone && !body.customerId)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: en('rewards.customerRequired') });
};

/** POST /api/api/pos/rewards/lookup. */
export const ZPosRewardsLookup = z.object(ZCustomerRef).superRefine(needsCustomer);

/** POST /api/api/pos/rewards/redeem: the same key again answers the first redemption, spending nothing more. */
export const ZPosRedeemReward = z
  .object({
    ...ZCustomerRef,
    rewardId: ZDbId,
    idempotencyKey: zText({ error: en('rewards.keyRequired') })
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,80}$/, en('rewards.keyRequired'))
      .max(80, en('rewards.keyRequired')),
  })
  .superRefine(needsCustomer);
export type TPosRedeemReward = z.input<typeof ZPosRedeemReward>;

export const ZPosRewards = z.object({
  customerId: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  balance: z.number().int(),
  rewards: z.array(ZReward.extend({ affordable: z.boolean() })),
});
export type TPosRewards = z.infer<typeof ZPosRewards>;

export const ZPosRedemption = z.object({
  redemptionId: z.number().int(),
  /** False when this answers an idempotency key already used: nothing more was spent. */
  created: z.boolean(),
  customerId: z.number().int(),
  pointsSpent: z.number().int(),
  balance: z.number().int(),
  reward: z.object({ id: z.number().int(), nameEn: z.string(), nameZh: z.string(), kind: z.enum(REWARD_KINDS) }),
  /** For a coupon reward: the coupon to apply to the order, with this redemption's own single-use code. */
  coupon: z.object({ id: z.number().int(), name: z.string(), type: z.enum(COUPON_TYPES), code: z.string() }).nullable(),
  /** For a free-item reward: the item to add at no charge. */
  item: z.object({ id: z.number().int(), name: z.string(), priceCents: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type TPosRedemption = z.infer<typeof ZPosRedemption>;

// --- report ------------------------------------------------------------------------------------------

const periodRule = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: en('rewards.periodOrder') });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > 365)
    ctx.addIssue({ code: 'custom', path: ['to'], message: en('rewards.periodTooLong') });
};

/** GET /api/api/rewards/report: business days `from`..`to` of the restaurant, at most 366. */
export const ZRewardsReportQuery = z.object({ from: zIsoDay(), to: zIsoDay() }).superRefine(periodRule);
export type TRewardsReportQuery = z.input<typeof ZRewardsReportQuery>;

/** GET /api/api/rewards/report/export: the same as CSV, labels in `lang`. */
export const ZRewardsExportQuery = z
  .object({ from: zIsoDay(), to: zIsoDay(), lang: z.enum(['en', 'zh']).default('en') })
  .superRefine(periodRule);

export const ZRewardsReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Earned from the period's orders by the points rule (as the customer list counts them). */
  pointsIssued: z.number().int(),
  /** Added by hand (positive adjustments). */
  pointsAdjustedUp: z.number().int(),
  /** Taken back by hand (positive number). */
  pointsAdjustedDown: z.number().int(),
  pointsRedeemed: z.number().int(),
  redemptions: z.number().int(),
  valueGivenCents: z.number().int(),
  customersRedeeming: z.number().int(),
  byReward: z.array(
    z.object({
      rewardId: z.number().int().nullable(),
      nameEn: z.string(),
      nameZh: z.string(),
      kind: z.enum(REWARD_KINDS).nullable(),
      redemptions: z.number().int(),
      points: z.number().int(),
      valueCents: z.number().int(),
    }),
  ),
});
export type TRewardsReport = z.infer<typeof ZRewardsReport>;
