import type { TCouponsMessageKey } from './coupons.messages.ts';
import {
  parseHours,
  type TCart,
  type TCartLine,
  type TCouponChannel,
  type TCouponRule,
  type TStackingPolicy,
} from './coupons.schemas.ts';

/**
 * The redemption arithmetic (issue 10 "Redemption"), pure so the POS endpoint, the cart simulator and
 * the tests compute the same cents.
 *
 * Rounding rule (the one rule, docs/decisions.md "Coupons"): a percentage is taken ONCE over the
 * coupon's whole qualifying amount and rounded half up to the cent (12.5¢ -> 13¢); that discount is
 * then spread over the qualifying lines in proportion to their amounts by largest remainder (ties to
 * the earlier line), so the lines always add up to the order's discount. Free items and fixed amounts
 * are exact and need no rounding. No line is ever discounted below zero.
 */

export interface TCouponMoment {
  /** The restaurant's local calendar day, YYYY-MM-DD. */
  day: string;
  /** 0 Sunday … 6 Saturday, local. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export interface TReason {
  key: TCouponsMessageKey;
  params: Record<string, string | number>;
}

export type TEvaluation =
  | { ok: true; discountCents: number; lines: { lineId: string; discountCents: number }[] }
  | { ok: false; reason: TReason };

const reason = (key: TCouponsMessageKey, params: Record<string, string | number> = {}): TEvaluation => ({
  ok: false,
  reason: { key, params },
});

/** round half up of amount × percent / 100, in integer arithmetic. */
export function percentOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

/**
 * Spreads `total` over `weights` in proportion, by largest remainder; the parts add up to `total`
 * exactly and none exceeds its weight when total <= sum(weights).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** One unit of a line with its toppings. */
export const lineUnitCents = (line: TCartLine) =>
  line.unitPriceCents + line.toppings.reduce((s, t) => s + t.priceCents * t.quantity, 0);
export const lineTotalCents = (line: TCartLine) => lineUnitCents(line) * line.quantity;
export const cartSubtotalCents = (cart: Pick<TCart, 'lines'>) => cart.lines.reduce((s, l) => s + lineTotalCents(l), 0);

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function qualifies(rule: TCouponRule, line: TCartLine): boolean {
  if (rule.itemIds.length === 0 && rule.categoryIds.length === 0) return true;
  return rule.itemIds.includes(line.itemId) || (line.categoryId !== null && rule.categoryIds.includes(line.categoryId));
}

/** Validity: switched on, dates, channel, weekday, hours (SPEC issue 10 "validity dates, channels, days and hours"). */
export function whyNotValid(rule: TCouponRule, channel: TCouponChannel, at: TCouponMoment): TReason | null {
  if (!rule.active) return { key: 'coupons.inactive', params: {} };
  if (rule.startDate && at.day < rule.startDate) return { key: 'coupons.notStarted', params: {} };
  if (rule.endDate && at.day > rule.endDate) return { key: 'coupons.expired', params: {} };
  if (!rule.channels.includes(channel)) return { key: 'coupons.wrongChannel', params: {} };
  if (!rule.days.includes(at.weekday)) return { key: 'coupons.wrongDay', params: {} };
  const hours = parseHours(rule.hours);
  if (hours && hours !== 'invalid' && (at.minutes < hours.from || at.minutes >= hours.to))
    return { key: 'coupons.wrongHour', params: {} };
  return null;
}

/** Percentage of per-line amounts, rounded once and spread (the rounding rule above). */
function percentOver(cart: TCart, amounts: number[], percent: number): TEvaluation {
  const base = amounts.reduce((a, b) => a + b, 0);
  const total = Math.min(base, percentOf(base, percent));
  const parts = allocate(total, amounts);
  return {
    ok: true,
    discountCents: total,
    lines: cart.lines.map((l, i) => ({ lineId: l.lineId, discountCents: parts[i] ?? 0 })),
  };
}

/** A fixed amount off the whole order, spread over all lines. */
function amountOff(cart: TCart, amount: number): TEvaluation {
  const weights = cart.lines.map(lineTotalCents);
  const total = Math.min(
    amount,
    weights.reduce((a, b) => a + b, 0),
  );
  const parts = allocate(total, weights);
  return {
    ok: true,
    discountCents: total,
    lines: cart.lines.map((l, i) => ({ lineId: l.lineId, discountCents: parts[i] ?? 0 })),
  };
}

/**
 * Free units: qualifying units (item price without toppings) sorted dearest first, taken in groups
 * of buy + give; in each full group the `give` cheapest are free. Buy 2 give 1 over $9, $8, $7, $6 gives
 * the $7 free (the $6 is in an incomplete group).
 */
function freeUnits(cart: TCart, rule: TCouponRule, buy: number, give: number): TEvaluation {
  const units: { index: number; price: number }[] = [];
  cart.lines.forEach((line, index) => {
    if (qualifies(rule, line))
      for (let q = 0; q < line.quantity; q++) units.push({ index, price: line.unitPriceCents });
  });
  if (units.length === 0) return reason('coupons.noQualifyingItems');
  const group = buy + give;
  if (units.length < group) return reason('coupons.notEnoughPieces', { count: group - units.length });
  units.sort((a, b) => b.price - a.price || a.index - b.index);
  const perLine = cart.lines.map(() => 0);
  for (let start = 0; start + group <= units.length; start += group) {
    for (let k = start + buy; k < start + group; k++) {
      const unit = units[k];
      if (unit) perLine[unit.index] = (perLine[unit.index] ?? 0) + unit.price;
    }
  }
  const total = perLine.reduce((a, b) => a + b, 0);
  return {
    ok: true,
    discountCents: total,
    lines: cart.lines.map((l, i) => ({ lineId: l.lineId, discountCents: perLine[i] ?? 0 })),
  };
}

/** What one coupon gives on this cart on its own, or why it gives nothing. Validity is checked separately. */
export function evaluateCoupon(rule: TCouponRule, cart: TCart): TEvaluation {
  const subtotal = cartSubtotalCents(cart);
  const itemAmounts = cart.lines.map((l) => (qualifies(rule, l) ? l.unitPriceCents * l.quantity : 0));
  const qualifyingPieces = cart.lines.reduce((s, l) => s + (qualifies(rule, l) ? l.quantity : 0), 0);
  switch (rule.type) {
    case 'spendMinus':
    case 'customCode':
      if (subtotal < rule.overAmount)
        return reason('coupons.belowMinimum', { amount: money(rule.overAmount - subtotal) });
      return amountOff(cart, rule.minusAmount);
    case 'spendDiscount':
      if (subtotal < rule.overAmount)
        return reason('coupons.belowMinimum', { amount: money(rule.overAmount - subtotal) });
      return percentOver(cart, cart.lines.map(lineTotalCents), rule.discount);
    case 'buyGive':
      return freeUnits(cart, rule, rule.overAmount, rule.minusAmount);
    case 'bogo':
      return freeUnits(cart, rule, 1, 1);
    case 'piecesDiscount':
      if (qualifyingPieces === 0) return reason('coupons.noQualifyingItems');
      if (qualifyingPieces < rule.overAmount)
        return reason('coupons.notEnoughPieces', { count: rule.overAmount - qualifyingPieces });
      return percentOver(cart, itemAmounts, rule.discount);
    case 'itemDiscount':
      if (qualifyingPieces === 0) return reason('coupons.noQualifyingItems');
      return percentOver(cart, itemAmounts, rule.discount);
    case 'toppingDiscount': {
      const amounts = cart.lines.map(
        (l) =>
          l.quantity *
          l.toppings
            .filter((t) => rule.toppingIds.includes(t.toppingId))
            .reduce((s, t) => s + t.priceCents * t.quantity, 0),
      );
      if (amounts.every((a) => a === 0)) return reason('coupons.noQualifyingItems');
      return percentOver(cart, amounts, rule.discount);
    }
  }
}

export interface TApplied {
  couponId: number;
  ok: boolean;
  discountCents: number;
  lines: { lineId: string; discountCents: number }[];
  reason: TReason | null;
  applied: boolean;
}

/**
 * Several coupons on one order under the restaurant's stacking policy. Each coupon's own evaluation
 * is `evaluations[i]` (in the order the codes were given). Without `combine`, one coupon wins: the
 * one that saves most (ties to the earlier) or the first that applies. With `combine`, all stackable
 * coupons that apply form one option and each non-stackable coupon is an option alone; the policy
 * picks among options. Combined coupons are applied in order, each capped by what is left of a line.
 */
export function applyStacking(
  rules: readonly TCouponRule[],
  evaluations: readonly TEvaluation[],
  policy: TStackingPolicy,
  cart: TCart,
): { applied: TApplied[]; lines: { lineId: string; discountCents: number }[]; discountCents: number } {
  const results: TApplied[] = rules.map((rule, i) => {
    const e = evaluations[i];
    return e && e.ok
      ? { couponId: rule.id, ok: true, discountCents: e.discountCents, lines: e.lines, reason: null, applied: false }
      : {
          couponId: rule.id,
          ok: false,
          discountCents: 0,
          lines: [],
          reason: e && !e.ok ? e.reason : null,
          applied: false,
        };
  });
  type TOption = { members: number[]; total: number; first: number };
  const options: TOption[] = [];
  const ok = results.map((r, i) => (r.ok ? i : -1)).filter((i) => i >= 0);
  const capped = (members: number[]) => {
    const left = new Map(cart.lines.map((l) => [l.lineId, lineTotalCents(l)]));
    const perCoupon = new Map<number, { lineId: string; discountCents: number }[]>();
    for (const m of members) {
      const lines = (results[m]?.lines ?? []).map((ld) => {
        const room = left.get(ld.lineId) ?? 0;
        const d = Math.min(room, ld.discountCents);
        left.set(ld.lineId, room - d);
        return { lineId: ld.lineId, discountCents: d };
      });
      perCoupon.set(m, lines);
    }
    return perCoupon;
  };
  if (policy.combine) {
    const stackable = ok.filter((i) => rules[i]?.stackable);
    if (stackable.length > 0) {
      const per = capped(stackable);
      const total = [...per.values()].flat().reduce((s, l) => s + l.discountCents, 0);
      options.push({ members: stackable, total, first: Math.min(...stackable) });
    }
    for (const i of ok.filter((i) => !rules[i]?.stackable))
      options.push({ members: [i], total: results[i]?.discountCents ?? 0, first: i });
  } else {
    for (const i of ok) options.push({ members: [i], total: results[i]?.discountCents ?? 0, first: i });
  }
  if (options.length === 0)
    return {
      applied: results,
      lines: cart.lines.map((l) => ({ lineId: l.lineId, discountCents: 0 })),
      discountCents: 0,
    };
  const chosen =
    policy.pick === 'first'
      ? options.reduce((a, b) => (b.first < a.first ? b : a))
      : options.reduce((a, b) => (b.total > a.total || (b.total === a.total && b.first < a.first) ? b : a));
  const per = capped(chosen.members);
  const totals = new Map(cart.lines.map((l) => [l.lineId, 0]));
  for (const i of ok) {
    const r = results[i];
    if (!r) continue;
    if (chosen.members.includes(i)) {
      r.applied = true;
      r.lines = per.get(i) ?? [];
      r.discountCents = r.lines.reduce((s, l) => s + l.discountCents, 0);
      for (const l of r.lines) totals.set(l.lineId, (totals.get(l.lineId) ?? 0) + l.discountCents);
    } else {
      r.reason = {
        key: !policy.combine
          ? ok.length > 1 && policy.pick === 'first'
            ? 'coupons.firstApplied'
            : 'coupons.betterApplied'
          : !rules[i]?.stackable || !rules[chosen.members[0] ?? 0]?.stackable
            ? 'coupons.notStackable'
            : policy.pick === 'first'
              ? 'coupons.firstApplied'
              : 'coupons.betterApplied',
        params: {},
      };
    }
  }
  const lines = cart.lines.map((l) => ({ lineId: l.lineId, discountCents: totals.get(l.lineId) ?? 0 }));
  return { applied: results, lines, discountCents: lines.reduce((s, l) => s + l.discountCents, 0) };
}
