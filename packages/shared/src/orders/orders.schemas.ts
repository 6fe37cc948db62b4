import { z } from 'zod';
import { basisPointsToMilliPercent, MAX_TAX_RATE_MILLI_PERCENT } from '../business/tax-rate.ts';
import type { TLang } from '../errors.ts';
import { ZInstant } from '../validation/dates.ts';
import { zText } from '../validation/text.ts';
import { lineGrossCents, ORDER_STATUSES, orderTotals, type TOrderStatus } from './order-totals.ts';

export { ORDER_STATUSES, type TOrderStatus };

/**
 * What a POS pushes to the ingestion API (orders, transactions and sales reports; SPEC 1 "Sales
 * reports", 2 "/transactions", 3 "operationAuthority" canVoid / updateTip / cashDrawer). The POS owns
 * the order: each push carries the whole order and replaces what was stored under its `posOrderId`,
 * so a retried or repeated push is harmless.
 *
 * Money is integer cents throughout (ARCHITECTURE "Database"). Prices are tax-exclusive, as US menus
 * are (SPEC 3 lists US states); for an item marked tax-included (SPEC 3 "Menu item") the POS sends
 * the price net of tax and the tax in `taxCents`, so one totals rule holds for every order.
 */

export const ORDER_CHANNELS = ['dineIn', 'toGo', 'kiosk', 'delivery'] as const;
export type TOrderChannel = (typeof ORDER_CHANNELS)[number];

/**
 * A refund does not change an order's status: refunds are their own records, an order can be refunded
 * in part, and the sale still happened on its business day.
 */

export const PAYMENT_METHODS = ['cash', 'card', 'giftCard', 'thirdParty', 'other'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'jcb',
  'unionPay',
  'dinersClub',
  'other',
] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

/** coupon: a code from the coupon pages (SPEC 3 "Coupon"); promotion: automatic; manual: staff-applied. */
export const DISCOUNT_KINDS = ['coupon', 'manual', 'promotion'] as const;
export type TDiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * Bounds that no real check reaches but that keep every sum of an order within safe integers
 * (500 lines x 999 x ($100,000 + 50 options x 20 x $10,000) is about 5e14 cents, far below 9e15).
 */
export const ORDER_LIMITS = {
  maxItems: 500,
  maxOptionsPerItem: 50,
  maxDiscountsPerItem: 20,
  maxDiscounts: 50,
  maxPayments: 50,
  maxRefunds: 50,
  maxTaxLines: 20,
  maxQuantity: 999,
  maxOptionQuantity: 20,
  maxPartySize: 100,
  /** $100,000 per unit. */
  maxUnitPriceCents: 10_000_000,
  /** $10,000 either way per option; options may lower a price ("no cheese"). */
  maxOptionPriceCents: 1_000_000,
  /** $1,000,000 for any order-level amount (tax, tip, discount, payment, refund, payout). */
  maxAmountCents: 100_000_000,
} as const;

/**
 * Wording of the order rules in both languages. English, with the values filled in, is the `message`
 * of the zod issue (and so of the 400 answer); each issue also carries `params: { messageKey, values }`
 * so a screen can show the Chinese text through `orderMessage`.
 */
export const ORDER_MESSAGES = {
  'orders.paymentsMismatch': {
    en: 'Payments add up to {paid}, but items + tax + service charge + tip - discounts come to {expected}',
    zh: '付款合计 {paid}，但商品 + 税 + 附加费 + 小费 - 折扣 合计为 {expected}',
  },
  'orders.paymentTipsMismatch': {
    en: 'Tips on the payments add up to {paymentTips}, but the order tip is {tip}',
    zh: '各笔付款的小费合计 {paymentTips}，与订单小费 {tip} 不符',
  },
  'orders.taxRateMismatch': {
    en: 'The tax rate is given twice and the two differ: {basisPoints} basis points and {milliPercent} thousandths of a percent',
    zh: '税率给了两次且不一致：{basisPoints} 个基点与千分之一百分比 {milliPercent}',
  },
  'orders.taxesMismatch': {
    en: 'Tax lines add up to {lines}, but the order tax is {tax}',
    zh: '各税项合计 {lines}，与订单税额 {tax} 不符',
  },
  'orders.deliveryPlatformRequired': {
    en: 'A delivery order needs its delivery platform',
    zh: '外卖订单需要填写外卖平台',
  },
  'orders.deliveryPlatformNotDelivery': {
    en: 'Only a delivery order has a delivery platform',
    zh: '只有外卖订单才能填写外卖平台',
  },
  'orders.closedAtRequired': {
    en: 'A closed or voided order needs the time it was closed',
    zh: '已结账或已作废的订单需要填写关闭时间',
  },
  'orders.closedAtOnOpenOrder': { en: 'An open order has no closing time', zh: '未结账的订单不能有关闭时间' },
  'orders.closedBeforeOpened': { en: 'An order cannot close before it opened', zh: '订单关闭时间不能早于开单时间' },
  'orders.voidRequired': {
    en: 'A voided order needs who voided it, when and why',
    zh: '作废的订单需要填写作废人、作废时间和原因',
  },
  'orders.voidOnUnvoidedOrder': {
    en: 'Only a voided order carries void details',
    zh: '只有已作废的订单才能填写作废信息',
  },
  'orders.voidedOrderNotRefunded': {
    en: 'A voided order must refund all of its {paid} in payments (refunded {refunded})',
    zh: '作废订单须全额退还已付的 {paid}（已退 {refunded}）',
  },
  'orders.lineCompedAndVoided': { en: 'A line cannot be both comped and voided', zh: '同一菜品不能既赠送又作废' },
  'orders.lineDiscountOnCompOrVoid': {
    en: 'A comped or voided line cannot also be discounted',
    zh: '已赠送或已作废的菜品不能再打折',
  },
  'orders.lineBelowZero': { en: 'Options bring this line below zero', zh: '选项使该菜品金额低于零' },
  'orders.lineDiscountTooLarge': {
    en: 'Discounts of {discount} exceed the line total of {line}',
    zh: '折扣 {discount} 超过了该菜品金额 {line}',
  },
  'orders.discountsTooLarge': {
    en: 'Discounts of {discount} exceed the sales of {sales}',
    zh: '折扣 {discount} 超过了销售额 {sales}',
  },
  'orders.couponCodeRequired': { en: 'A coupon discount needs its coupon code', zh: '优惠券折扣需要填写券码' },
  'orders.duplicateId': { en: 'Duplicate id {id}', zh: '编号 {id} 重复' },
  'orders.cardBrandNotCard': { en: 'Only a card payment has a card brand', zh: '只有刷卡付款才有卡组织' },
  'orders.tipExceedsPayment': { en: 'The tip cannot exceed the payment', zh: '小费不能超过付款金额' },
  'orders.refundsExceedPayments': {
    en: 'Refunds of {refunded} exceed payments of {paid}',
    zh: '退款 {refunded} 超过了付款 {paid}',
  },
  'orders.refundUnknownPayment': { en: 'This order has no payment {id}', zh: '该订单没有编号为 {id} 的付款' },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

export type TOrderMessageKey = keyof typeof ORDER_MESSAGES;

/** The message for `key` in `lang` with `{name}` placeholders filled from `values`. */
export function orderMessage(
  key: TOrderMessageKey,
  lang: TLang,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return ORDER_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/** 4250 -> '42.50': amounts in messages, without a currency symbol (the restaurant's currency is not ours to assume). */
function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const text = (max: number) => zText().trim().min(1).max(max);
const ZPosId = text(64);
const amount = (max: number = ORDER_LIMITS.maxAmountCents) => z.number().int().min(0).max(max);

/** Who did it, why and when: comps, voids (operationAuthority canVoid) and refunds are audited. */
export const ZStaffAction = z.object({
  by: text(80),
  reason: text(200),
  at: ZInstant,
});
export type TStaffAction = z.infer<typeof ZStaffAction>;

/** A chosen modifier (SPEC 3 "modifier group"). `quantity` is per unit of the item it belongs to. */
export const ZOrderItemOption = z.object({
  name: text(120),
  group: text(120),
  priceCents: z.number().int().min(-ORDER_LIMITS.maxOptionPriceCents).max(ORDER_LIMITS.maxOptionPriceCents),
  quantity: z.number().int().min(1).max(ORDER_LIMITS.maxOptionQuantity).default(1),
});
export type TOrderItemOption = z.infer<typeof ZOrderItemOption>;

export const ZAppliedDiscount = z
  .object({
    name: text(120),
    kind: z.enum(DISCOUNT_KINDS),
    couponCode: text(64).optional(),
    amountCents: amount(),
    appliedBy: text(80).optional(),
  })
  .superRefine((discount, ctx) => {
    if (discount.kind === 'coupon' && discount.couponCode === undefined) {
      addOrderIssue(ctx, ['couponCode'], 'orders.couponCodeRequired');
    }
  });
export type TAppliedDiscount = z.infer<typeof ZAppliedDiscount>;

/**
 * One line of the check. Weighed items are sent as quantity 1 at their weighed price: whole-number
 * quantities keep item counts in reports exact. A comp or void covers the whole line; a POS that
 * comps two of three sends two lines.
 */
export const ZOrderItem = z.object({
  posItemId: ZPosId,
  name: text(120),
  /** The sales-report category (SPEC 3 "category"). */
  category: text(80),
  quantity: z.number().int().min(1).max(ORDER_LIMITS.maxQuantity),
  unitPriceCents: amount(ORDER_LIMITS.maxUnitPriceCents),
  options: z.array(ZOrderItemOption).max(ORDER_LIMITS.maxOptionsPerItem).default([]),
  /** Discounts on this line only (e.g. a specific-item coupon, SPEC 3 "Coupon"). */
  discounts: z.array(ZAppliedDiscount).max(ORDER_LIMITS.maxDiscountsPerItem).default([]),
  /** Tax attributed to this line, for line-level exports; the order's `taxCents` is what was charged. */
  taxCents: amount().default(0),
  voided: ZStaffAction.optional(),
  comped: ZStaffAction.optional(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

/**
 * A tax the check charged, for the taxes report. The rate in thousandths of a percent,
 * `rateMilliPercent` (8875 is New York City's 8.875%, 10100 the SPEC 9 sample 10.1%); POS builds that
 * still send `rateBasisPoints` (1010 is 10.1%) are read as before. Both may be sent if they agree.
 */
export const ZOrderTax = z.object({
  name: text(60),
  rateMilliPercent: z.number().int().min(0).max(MAX_TAX_RATE_MILLI_PERCENT).optional(),
  /** @deprecated hundredths of a percent, cannot say 8.875%; use `rateMilliPercent`. */
  rateBasisPoints: z.number().int().min(0).max(10_000).optional(),
  taxableCents: amount(),
  taxCents: amount(),
});
export type TOrderTax = z.infer<typeof ZOrderTax>;

/** A tax line's rate in thousandths of a percent, whichever field the POS sent it in; null when none. */
export function orderTaxRateMilliPercent(tax: Pick<TOrderTax, 'rateMilliPercent' | 'rateBasisPoints'>): number | null {
  if (tax.rateMilliPercent !== undefined) return tax.rateMilliPercent;
  return tax.rateBasisPoints === undefined ? null : basisPointsToMilliPercent(tax.rateBasisPoints);
}

/** `amountCents` includes `tipCents`: what was taken for the check (cash net of change, or the card charge). */
export const ZPayment = z.object({
  posPaymentId: ZPosId,
  method: z.enum(PAYMENT_METHODS),
  cardBrand: z.enum(CARD_BRANDS).optional(),
  cardLast4: zText()
    .regex(/^\d{4}$/)
    .max(4)
    .optional(),
  amountCents: amount().min(1),
  tipCents: amount().default(0),
  paidAt: ZInstant,
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZRefund = z.object({
  posRefundId: ZPosId,
  /** The payment refunded, when the POS knows it. */
  posPaymentId: ZPosId.optional(),
  amountCents: amount().min(1),
  method: z.enum(PAYMENT_METHODS),
  reason: text(200),
  by: text(80),
  at: ZInstant,
});
export type TRefund = z.infer<typeof ZRefund>;

type TRefineContext = z.RefinementCtx;

function addOrderIssue(
  ctx: TRefineContext,
  path: (string | number)[],
  messageKey: TOrderMessageKey,
  values: Record<string, string | number> = {},
): void {
  ctx.addIssue({
    code: 'custom',
    path,
    message: orderMessage(messageKey, 'en', values),
    params: { messageKey, values },
  });
}

function checkDuplicateIds(ctx: TRefineContext, field: string, idKey: string, ids: readonly string[]): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) addOrderIssue(ctx, [field, index, idKey], 'orders.duplicateId', { id });
    seen.add(id);
  });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const ZIngestOrderShape = z.object({
  /** The POS's own id; the ingestion API is idempotent on (restaurant, posOrderId). */
  posOrderId: ZPosId,
  /** The number printed on the ticket, for finding the order on the transactions page. */
  orderNumber: text(32).optional(),
  channel: z.enum(ORDER_CHANNELS),
  /** Which third-party platform (SPEC 1 "Third-party delivery platform integration"); delivery orders only. */
  deliveryPlatform: text(40).optional(),
  tableName: text(32).optional(),
  /** Guests on the check; 0 is allowed for to-go and delivery, where nobody is seated. */
  partySize: z.number().int().min(0).max(ORDER_LIMITS.maxPartySize),
  serverId: ZPosId.optional(),
  serverName: text(80).optional(),
  status: z.enum(ORDER_STATUSES),
  /**
   * When the check was opened. The order's sales belong to the business day of this instant (the
   * day the guest was served, even when the check is closed after midnight or after the offset hour).
   */
  openedAt: ZInstant,
  /** When it was closed (paid) or voided; absent while open. */
  closedAt: ZInstant.optional(),
  /** Who voided the whole order, when and why; required exactly when status is 'voided'. */
  voided: ZStaffAction.optional(),
  items: z.array(ZOrderItem).max(ORDER_LIMITS.maxItems),
  /** Check-level discounts (coupons, promotions, manual). */
  discounts: z.array(ZAppliedDiscount).max(ORDER_LIMITS.maxDiscounts).default([]),
  serviceChargeCents: amount().default(0),
  taxCents: amount().default(0),
  /** Breakdown of `taxCents` by tax; when given it must add up to `taxCents`. */
  taxes: z.array(ZOrderTax).max(ORDER_LIMITS.maxTaxLines).default([]),
  tipCents: amount().default(0),
  payments: z.array(ZPayment).max(ORDER_LIMITS.maxPayments).default([]),
  refunds: z.array(ZRefund).max(ORDER_LIMITS.maxRefunds).default([]),
  /** The guest, when the POS knows them (issue 12: the customer list is built from these, keyed by phone). */
  customer: z
    .object({
      phone: z
        .string()
        .trim()
        .min(7)
        .max(32)
        .regex(/^\+?[0-9 ().-]+$/, 'Enter a phone number'),
      name: text(80).optional(),
      language: z.enum(['en', 'zh']).optional(),
    })
    .optional(),
});

type TIngestOrderShape = z.infer<typeof ZIngestOrderShape>;

function checkLines(order: TIngestOrderShape, ctx: TRefineContext): void {
  order.items.forEach((item, index) => {
    const lineCents = lineGrossCents(item);
    if (item.voided && item.comped) addOrderIssue(ctx, ['items', index, 'comped'], 'orders.lineCompedAndVoided');
    if ((item.voided || item.comped) && item.discounts.length > 0) {
      addOrderIssue(ctx, ['items', index, 'discounts'], 'orders.lineDiscountOnCompOrVoid');
    }
    if (lineCents < 0) addOrderIssue(ctx, ['items', index, 'options'], 'orders.lineBelowZero');
    const lineDiscount = sum(item.discounts.map((discount) => discount.amountCents));
    if (lineCents >= 0 && lineDiscount > lineCents) {
      addOrderIssue(ctx, ['items', index, 'discounts'], 'orders.lineDiscountTooLarge', {
        discount: decimal(lineDiscount),
        line: decimal(lineCents),
      });
    }
  });
}

function checkPayments(order: TIngestOrderShape, ctx: TRefineContext): void {
  checkDuplicateIds(
    ctx,
    'payments',
    'posPaymentId',
    order.payments.map((payment) => payment.posPaymentId),
  );
  checkDuplicateIds(
    ctx,
    'refunds',
    'posRefundId',
    order.refunds.map((refund) => refund.posRefundId),
  );
  order.payments.forEach((payment, index) => {
    if (payment.cardBrand !== undefined && payment.method !== 'card') {
      addOrderIssue(ctx, ['payments', index, 'cardBrand'], 'orders.cardBrandNotCard');
    }
    if (payment.tipCents > payment.amountCents) {
      addOrderIssue(ctx, ['payments', index, 'tipCents'], 'orders.tipExceedsPayment');
    }
  });
  const paymentIds = new Set(order.payments.map((payment) => payment.posPaymentId));
  order.refunds.forEach((refund, index) => {
    if (refund.posPaymentId !== undefined && !paymentIds.has(refund.posPaymentId)) {
      addOrderIssue(ctx, ['refunds', index, 'posPaymentId'], 'orders.refundUnknownPayment', {
        id: refund.posPaymentId,
      });
    }
  });
}

function checkOrder(order: TIngestOrderShape, ctx: TRefineContext): void {
  if (order.channel === 'delivery' && order.deliveryPlatform === undefined) {
    addOrderIssue(ctx, ['deliveryPlatform'], 'orders.deliveryPlatformRequired');
  }
  if (order.channel !== 'delivery' && order.deliveryPlatform !== undefined) {
    addOrderIssue(ctx, ['deliveryPlatform'], 'orders.deliveryPlatformNotDelivery');
  }

  if (order.status === 'open' && order.closedAt !== undefined) {
    addOrderIssue(ctx, ['closedAt'], 'orders.closedAtOnOpenOrder');
  }
  if (order.status !== 'open' && order.closedAt === undefined) {
    addOrderIssue(ctx, ['closedAt'], 'orders.closedAtRequired');
  }
  if (order.closedAt !== undefined && Date.parse(order.closedAt) < Date.parse(order.openedAt)) {
    addOrderIssue(ctx, ['closedAt'], 'orders.closedBeforeOpened');
  }
  if (order.status === 'voided' && order.voided === undefined) addOrderIssue(ctx, ['voided'], 'orders.voidRequired');
  if (order.status !== 'voided' && order.voided !== undefined) {
    addOrderIssue(ctx, ['voided'], 'orders.voidOnUnvoidedOrder');
  }

  checkLines(order, ctx);
  checkPayments(order, ctx);

  // Figures as if the order were closed, so the rules below read the same for every status.
  const totals = orderTotals({ ...order, status: 'closed' });
  const discountCents = totals.itemDiscountCents + totals.orderDiscountCents;
  const salesCents = totals.grossSalesCents - totals.compCents;
  if (discountCents > salesCents) {
    addOrderIssue(ctx, ['discounts'], 'orders.discountsTooLarge', {
      discount: decimal(discountCents),
      sales: decimal(salesCents),
    });
  }

  order.taxes.forEach((tax, index) => {
    if (
      tax.rateBasisPoints !== undefined &&
      tax.rateMilliPercent !== undefined &&
      basisPointsToMilliPercent(tax.rateBasisPoints) !== tax.rateMilliPercent
    ) {
      addOrderIssue(ctx, ['taxes', index, 'rateMilliPercent'], 'orders.taxRateMismatch', {
        basisPoints: tax.rateBasisPoints,
        milliPercent: tax.rateMilliPercent,
      });
    }
  });

  if (order.taxes.length > 0) {
    const lines = sum(order.taxes.map((tax) => tax.taxCents));
    if (lines !== order.taxCents) {
      addOrderIssue(ctx, ['taxes'], 'orders.taxesMismatch', { lines: decimal(lines), tax: decimal(order.taxCents) });
    }
  }

  if (totals.refundedCents > totals.paidCents) {
    addOrderIssue(ctx, ['refunds'], 'orders.refundsExceedPayments', {
      refunded: decimal(totals.refundedCents),
      paid: decimal(totals.paidCents),
    });
  }

  // An open check may be part-paid; only a closed one must balance (the ingestion rule of the capability).
  if (order.status === 'closed') {
    const paymentTips = sum(order.payments.map((payment) => payment.tipCents));
    if (paymentTips !== order.tipCents) {
      addOrderIssue(ctx, ['tipCents'], 'orders.paymentTipsMismatch', {
        paymentTips: decimal(paymentTips),
        tip: decimal(order.tipCents),
      });
    }
    if (totals.paidCents !== totals.totalCents) {
      addOrderIssue(ctx, ['payments'], 'orders.paymentsMismatch', {
        paid: decimal(totals.paidCents),
        expected: decimal(totals.totalCents),
      });
    }
  }
  // A voided check sold nothing, so whatever was taken must have gone back.
  if (order.status === 'voided' && totals.refundedCents !== totals.paidCents) {
    addOrderIssue(ctx, ['payments'], 'orders.voidedOrderNotRefunded', {
      paid: decimal(totals.paidCents),
      refunded: decimal(totals.refundedCents),
    });
  }
}

/**
 * POST body of the order ingestion endpoint. The cross-field rules run once every field is valid on
 * its own: a totals mismatch computed from a rejected quantity would only bury the real error.
 */
export const ZIngestOrderRequest = ZIngestOrderShape.superRefine(checkOrder, {
  when: (payload) => payload.issues.length === 0,
});
export type TIngestOrderRequest = z.infer<typeof ZIngestOrderRequest>;
export type TIngestOrderInput = z.input<typeof ZIngestOrderRequest>;

export const ZIngestOrderResponse = z.object({
  posOrderId: z.string(),
  /** The business day the order was filed under (from `openedAt`, the zone and hourOffsetEndOfDay). */
  businessDay: z.string(),
  /** 'unchanged' when the same order was pushed again: the push was idempotent. */
  result: z.enum(['created', 'updated', 'unchanged']),
});
export type TIngestOrderResponse = z.infer<typeof ZIngestOrderResponse>;

/**
 * Cash paid out of the drawer (operationAuthority cashDrawer), e.g. a supplier paid in cash. Processor
 * deposits are not pushed by the POS; they come from the payment provider's adapter.
 */
export const ZIngestPayoutRequest = z.object({
  posPayoutId: ZPosId,
  amountCents: amount().min(1),
  reason: text(200),
  by: text(80),
  at: ZInstant,
});
export type TIngestPayoutRequest = z.infer<typeof ZIngestPayoutRequest>;

export const ZIngestPayoutResponse = z.object({
  posPayoutId: z.string(),
  businessDay: z.string(),
  result: z.enum(['created', 'updated', 'unchanged']),
});
export type TIngestPayoutResponse = z.infer<typeof ZIngestPayoutResponse>;
