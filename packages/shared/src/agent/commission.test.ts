import { describe, expect, it } from 'vitest';
import {
  applyRate,
  computeCommission,
  feeShare,
  ruleInForce,
  settlePaycheck,
  type TCommissionRuleInput,
} from './commission.ts';
import { isPayPeriodStart, nextPayPeriod, payPeriodOf } from './pay-periods.ts';

const rule = (over: Partial<TCommissionRuleInput>): TCommissionRuleInput => ({
  id: 1,
  restaurantId: null,
  plan: 'pro',
  basis: 'cardVolume',
  rateBps: 100,
  startsOn: '2026-01-01',
  endsOn: null,
  ...over,
});

describe('pay periods', () => {
  it('splits a month into the 1st–15th and the 16th–end', () => {
    expect(payPeriodOf('2026-02-15')).toEqual({ start: '2026-02-01', end: '2026-02-15' });
    expect(payPeriodOf('2026-02-16')).toEqual({ start: '2026-02-16', end: '2026-02-28' });
    expect(payPeriodOf('2024-02-29')).toEqual({ start: '2024-02-16', end: '2024-02-29' });
    expect(nextPayPeriod({ start: '2026-12-16', end: '2026-12-31' })).toEqual({
      start: '2027-01-01',
      end: '2027-01-15',
    });
    expect(isPayPeriodStart('2026-03-16')).toBe(true);
    expect(isPayPeriodStart('2026-03-10')).toBe(false);
  });
});

describe('commission arithmetic in cents', () => {
  it('rounds half away from zero to whole cents', () => {
    expect(applyRate(12_345, 250)).toBe(309); // 308.625
    expect(applyRate(200, 25)).toBe(1); // 0.5
    expect(applyRate(-200, 25)).toBe(-1);
  });

  it("gives a run of days the sum of its days' fee shares, for any fee and run within a month", () => {
    for (const fee of [0, 1, 7_900, 9_999, 29_900, 123_457]) {
      for (const month of ['2024-02', '2026-02', '2026-04', '2026-03']) {
        const dim = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate();
        const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
        for (let from = 1; from <= dim; from += 3) {
          for (let to = from; to <= dim; to += 4) {
            let sum = 0;
            for (let d = from; d <= to; d++) sum += feeShare(fee, day(d), day(d));
            expect(feeShare(fee, day(from), day(to))).toBe(sum);
          }
        }
      }
    }
  });

  it('spreads a monthly fee over its days without losing a cent', () => {
    let sum = 0;
    for (let d = 1; d <= 31; d++) {
      const day = `2026-03-${String(d).padStart(2, '0')}`;
      sum += feeShare(9_999, day, day);
    }
    expect(sum).toBe(9_999);
  });

  it('uses the rule in force on each day and splits the period where the rate changes', () => {
    const rules = [
      rule({ id: 1, rateBps: 100 }),
      // The restaurant's own rule from the 10th wins over the plan's.
      rule({ id: 2, restaurantId: 7, plan: null, rateBps: 200, startsOn: '2026-03-10' }),
    ];
    const volume = new Map<string, number>();
    for (let d = 1; d <= 15; d++) volume.set(`2026-03-${String(d).padStart(2, '0')}`, 10_000);
    const [line] = computeCommission({
      period: { start: '2026-03-01', end: '2026-03-15' },
      restaurant: { id: 7, plan: 'pro', monthlyFeeCents: 0 },
      billedDays: null,
      cardVolumeByDay: volume,
      rules,
    });
    expect(line?.segments).toEqual([
      { from: '2026-03-01', to: '2026-03-09', ruleId: 1, rateBps: 100, days: 9, baseCents: 90_000, amountCents: 900 },
      { from: '2026-03-10', to: '2026-03-15', ruleId: 2, rateBps: 200, days: 6, baseCents: 60_000, amountCents: 1_200 },
    ]);
    expect(line?.amountCents).toBe(2_100);
    expect(ruleInForce(rules, { id: 8, plan: 'pro' }, 'cardVolume', '2026-03-12')?.id).toBe(1);
  });

  it('ends a rule on its end date and earns nothing where no rule is in force', () => {
    const lines = computeCommission({
      period: { start: '2026-03-01', end: '2026-03-15' },
      restaurant: { id: 1, plan: 'starter', monthlyFeeCents: 31_000 },
      billedDays: null,
      cardVolumeByDay: new Map(),
      rules: [rule({ plan: 'starter', basis: 'subscription', rateBps: 1_000, endsOn: '2026-03-05' })],
    });
    // 5 of 31 days of $310.00 = $50.00, at 10 %.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ basis: 'subscription', baseCents: 5_000, amountCents: 500 });
  });
});

describe('minimum payout with carry-over', () => {
  it('carries a balance below the minimum and pays it with the next period', () => {
    const first = settlePaycheck(3_000, 0, 5_000);
    expect(first).toEqual({ totalCents: 3_000, netPayCents: 0, carriedOutCents: 3_000 });
    const second = settlePaycheck(2_500, first.carriedOutCents, 5_000);
    expect(second).toEqual({ totalCents: 5_500, netPayCents: 5_500, carriedOutCents: 0 });
  });

  it('carries a negative balance (reversals above earnings) into the next period', () => {
    expect(settlePaycheck(-1_200, 0, 5_000)).toEqual({ totalCents: -1_200, netPayCents: 0, carriedOutCents: -1_200 });
  });
});
