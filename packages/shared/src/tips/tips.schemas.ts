import { z } from 'zod';
import { zIsoDay } from '../validation/dates.ts';
import { ZDbId } from '../validation/limits.ts';
import { zText } from '../validation/text.ts';
import { TIP_OUT_BASES, TIP_PERIODS, TIP_WEIGHTINGS } from './allocation.ts';

export const MAX_TIP_POOLS = 10;
export const MAX_TIP_OUTS = 20;
export const MAX_POOL_ROLES = 20;
export const MAX_POINTS = 100;

export const ZTipPool = z.object({
  name: zText().trim().min(1).max(60),
  weighting: z.enum(TIP_WEIGHTINGS),
  roles: z
    .array(z.object({ roleId: ZDbId, points: z.number().int().min(1).max(MAX_POINTS) }))
    .min(1)
    .max(MAX_POOL_ROLES),
});

export const ZTipOut = z.object({
  fromRoleId: ZDbId,
  toRoleId: ZDbId,
  /** Hundredths of a percent (150 = 1.5 %), at most 100 %. */
  basisPoints: z.number().int().min(1).max(10_000),
  base: z.enum(TIP_OUT_BASES),
});

/** The restaurant's tip rule: what counts, the period, pools by role and tip-outs to support roles. */
export const ZTipRule = z.object({
  sources: z.object({ cardTips: z.boolean(), declaredCash: z.boolean(), serviceCharges: z.boolean() }),
  period: z.enum(TIP_PERIODS),
  pools: z.array(ZTipPool).max(MAX_TIP_POOLS),
  tipOuts: z.array(ZTipOut).max(MAX_TIP_OUTS),
});
export type TTipRuleInput = z.infer<typeof ZTipRule>;

export const ZTipRuleResponse = z.object({
  rule: ZTipRule,
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  updatedAt: z.string().nullable(),
});
export type TTipRuleResponse = z.infer<typeof ZTipRuleResponse>;

export const ZTipPeriodQuery = z.object({ start: zIsoDay().optional() });
export const ZTipExportQuery = z.object({ start: zIsoDay(), format: z.enum(['csv', 'xlsx']).default('csv') });

export const ZTipLine = z.object({
  userId: z.number().int(),
  name: z.string(),
  roles: z.array(z.string()),
  /** Hundredths of an hour. */
  hours: z.number().int(),
  cardTipCents: z.number().int(),
  declaredCents: z.number().int(),
  serviceChargeCents: z.number().int(),
  collectedCents: z.number().int(),
  tipOutGivenCents: z.number().int(),
  tipOutReceivedCents: z.number().int(),
  pooledInCents: z.number().int(),
  poolShareCents: z.number().int(),
  /**
   * Tip given back by refunds made after an earlier pay period was locked (negative or 0): the locked
   * period keeps what it paid, this period takes the employee's part back.
   */
  adjustmentCents: z.number().int(),
  /** What the employee is paid in tips for the period: the allocation plus the adjustments. */
  finalCents: z.number().int(),
  /** Final tips per paid hour, cents; null with no hours. */
  hourlyCents: z.number().int().nullable(),
});
export type TTipLine = z.infer<typeof ZTipLine>;

export const ZTipPeriodResponse = z.object({
  period: z.object({ start: z.string(), end: z.string() }),
  previousStart: z.string(),
  nextStart: z.string().nullable(),
  /** 'locked': the pay period is closed and these are the tips kept when it closed. */
  status: z.enum(['open', 'locked']),
  computedAt: z.string(),
  rulePeriod: z.enum(TIP_PERIODS),
  totalCents: z.number().int(),
  tipOutCents: z.number().int(),
  unassignedCents: z.number().int(),
  /** The period's tip adjustments from refunds of locked periods' orders (negative or 0), in the lines' finalCents. */
  adjustmentCents: z.number().int(),
  /** Each adjustment: the refund it comes from, its locked period and the employees' parts. */
  adjustments: z.array(
    z.object({
      refundId: z.number().int(),
      orderId: z.number().int(),
      lockedPeriodStart: z.string(),
      cents: z.number().int(),
      parts: z.array(z.object({ userId: z.number().int(), cents: z.number().int() })),
    }),
  ),
  pools: z.array(z.object({ name: z.string(), cents: z.number().int() })),
  lines: z.array(ZTipLine),
});
export type TTipPeriodResponse = z.infer<typeof ZTipPeriodResponse>;

/** The worked example: the rule applied to the last ended pay period, before it is saved. */
export const ZTipPreviewResponse = ZTipPeriodResponse;
