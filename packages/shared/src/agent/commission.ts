import { daysInMonth, eachDay, parseDay, type TPayPeriod } from './pay-periods.ts';

/**
 * Commission arithmetic (issue 13 "Earnings and paychecks"), pure so the server computes it and the
 * tests pin it. All money is integer cents; rates are basis points (1 bp = 0.01 %).
 */

export const COMMISSION_BASES = ['subscription', 'cardVolume'] as const;
export type TCommissionBasis = (typeof COMMISSION_BASES)[number];

export const PLANS = ['starter', 'pro', 'enterprise'] as const;
export type TPlan = (typeof PLANS)[number];

export interface TCommissionRuleInput {
  id: number;
  /** A rule for one restaurant wins over a rule for its plan on the same day. */
  restaurantId: number | null;
  plan: TPlan | null;
  basis: TCommissionBasis;
  rateBps: number;
  startsOn: string;
  endsOn: string | null;
}

/** One run of days under the same rule: what a figure on the payment report is made of. */
export interface TCommissionSegment {
  from: string;
  to: string;
  ruleId: number;
  rateBps: number;
  days: number;
  baseCents: number;
  amountCents: number;
}

export interface TCommissionLine {
  basis: TCommissionBasis;
  baseCents: number;
  amountCents: number;
  segments: TCommissionSegment[];
}

/** Rounds half away from zero to whole cents: x * bps / 10000, exact for integer inputs. */
export function applyRate(cents: number, rateBps: number): number {
  const numerator = cents * rateBps;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) + 5_000) / 10_000);
}

/**
 * The rule in force on a day for a restaurant and basis: its own rule if one covers the day, else its
 * plan's; among several, the one that started last (a new rule replaces the old from its start).
 */
export function ruleInForce(
  rules: readonly TCommissionRuleInput[],
  restaurant: { id: number; plan: TPlan },
  basis: TCommissionBasis,
  day: string,
): TCommissionRuleInput | undefined {
  // One pass, no allocation: it runs for every restaurant, basis and day of a tree's period.
  let own: TCommissionRuleInput | undefined;
  let plan: TCommissionRuleInput | undefined;
  const later = (a: TCommissionRuleInput, b: TCommissionRuleInput | undefined) =>
    b === undefined || a.startsOn > b.startsOn || (a.startsOn === b.startsOn && a.id > b.id);
  for (const r of rules) {
    if (r.basis !== basis || r.startsOn > day || (r.endsOn !== null && day > r.endsOn)) continue;
    if (r.restaurantId === restaurant.id) {
      if (later(r, own)) own = r;
    } else if (r.restaurantId === null && r.plan === restaurant.plan && later(r, plan)) plan = r;
  }
  return own ?? plan;
}

/**
 * The subscription fee that belongs to a run of days: the monthly fee spread over the days of each
 * month, so a rate change on the 10th splits the fee 9 : rest without losing a cent across a period
 * (the shares of one month's days add up to the whole fee).
 */
export function feeShare(monthlyFeeCents: number, from: string, to: string): number {
  const { year, month, day: d0 } = parseDay(from);
  const d1 = parseDay(to).day;
  const dim = daysInMonth(year, month);
  // Cumulative rounding: share(a..b) = round(fee*b/dim) - round(fee*(a-1)/dim).
  const upTo = (day: number) => Math.floor((monthlyFeeCents * day * 2 + dim) / (2 * dim));
  return upTo(d1) - upTo(d0 - 1);
}

export interface TCommissionInput {
  period: TPayPeriod;
  restaurant: { id: number; plan: TPlan; monthlyFeeCents: number };
  /** Days the subscription is billed (the restaurant is live); others earn no subscription commission. */
  billedDays: ReadonlySet<string> | null;
  /** Card-processing volume per business day, in cents. */
  cardVolumeByDay: ReadonlyMap<string, number>;
  rules: readonly TCommissionRuleInput[];
}

/** The commission of one restaurant for one pay period, per basis, split where the rule in force changes. */
export function computeCommission(input: TCommissionInput, periodDays?: readonly string[]): TCommissionLine[] {
  const lines: TCommissionLine[] = [];
  const days = periodDays ?? eachDay(input.period.start, input.period.end);
  for (const basis of COMMISSION_BASES) {
    const segments: TCommissionSegment[] = [];
    let open: { from: string; to: string; rule: TCommissionRuleInput; days: string[] } | undefined;
    const close = () => {
      if (!open) return;
      // A segment is a run of consecutive days inside one pay period (so one month): the fee shares of
      // its days add up to the share of the run (feeShare's cumulative rounding telescopes).
      const baseCents =
        basis === 'subscription'
          ? feeShare(input.restaurant.monthlyFeeCents, open.from, open.to)
          : open.days.reduce((sum, day) => sum + (input.cardVolumeByDay.get(day) ?? 0), 0);
      segments.push({
        from: open.from,
        to: open.to,
        ruleId: open.rule.id,
        rateBps: open.rule.rateBps,
        days: open.days.length,
        baseCents,
        amountCents: applyRate(baseCents, open.rule.rateBps),
      });
      open = undefined;
    };
    for (const day of days) {
      const billed = basis !== 'subscription' || input.billedDays === null || input.billedDays.has(day);
      const rule = billed ? ruleInForce(input.rules, input.restaurant, basis, day) : undefined;
      if (!rule) {
        close();
        continue;
      }
      if (open && open.rule.id === rule.id) {
        open.to = day;
        open.days.push(day);
      } else {
        close();
        open = { from: day, to: day, rule, days: [day] };
      }
    }
    close();
    if (segments.length === 0) continue;
    lines.push({
      basis,
      baseCents: segments.reduce((s, x) => s + x.baseCents, 0),
      amountCents: segments.reduce((s, x) => s + x.amountCents, 0),
      segments,
    });
  }
  return lines;
}

/** Minimum payout (issue 13): a smaller balance is carried to the next period instead of paid. */
export const MINIMUM_PAYOUT_CENTS = 5_000;

/**
 * A paycheck's figures: what the period earned (approved commissions less reversals) plus what the
 * last period carried; paid when it reaches the minimum, otherwise carried on whole. A negative
 * balance (reversals above earnings) is carried too, to be taken from the next earnings.
 */
export function settlePaycheck(
  earnedCents: number,
  carriedInCents: number,
  minimumCents: number = MINIMUM_PAYOUT_CENTS,
): { totalCents: number; netPayCents: number; carriedOutCents: number } {
  const totalCents = earnedCents + carriedInCents;
  if (totalCents >= minimumCents) return { totalCents, netPayCents: totalCents, carriedOutCents: 0 };
  return { totalCents, netPayCents: 0, carriedOutCents: totalCents };
}
