import { describe, expect, it } from 'vitest';
import { allocate, applyStacking, evaluateCoupon, percentOf, whyNotValid } from './coupon-engine.ts';
import type { TCart, TCouponRule } from './coupons.schemas.ts';

const rule = (over: Partial<TCouponRule>): TCouponRule => ({
  id: 1,
  name: 'c',
  type: 'spendMinus',
  code: 'C',
  overAmount: 0,
  minusAmount: 0,
  discount: 0,
  totalNum: null,
  itemIds: [],
  categoryIds: [],
  toppingIds: [],
  startDate: null,
  endDate: null,
  channels: ['pos', 'kiosk', 'online'],
  days: [0, 1, 2, 3, 4, 5, 6],
  hours: '',
  perCustomerLimit: null,
  stackable: false,
  active: true,
  ...over,
});

const line = (
  lineId: string,
  itemId: number,
  unitPriceCents: number,
  quantity = 1,
  categoryId: number | null = null,
) => ({
  lineId,
  itemId,
  categoryId,
  quantity,
  unitPriceCents,
  toppings: [] as TCart['lines'][number]['toppings'],
});
const cart = (...lines: TCart['lines']): TCart => ({ lines, channel: 'pos' });

const discounts = (e: ReturnType<typeof evaluateCoupon>) => (e.ok ? e.lines.map((l) => l.discountCents) : e.reason.key);

describe('rounding', () => {
  it('rounds a percentage half up to the cent, once', () => {
    expect(percentOf(125, 10)).toBe(13); // 12.5¢ -> 13¢
    expect(percentOf(124, 10)).toBe(12);
    expect(percentOf(999, 15)).toBe(150); // 149.85 -> 150
  });
  it('spreads a discount by largest remainder so the lines add up exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [300, 700])).toEqual([3, 7]);
    const parts = allocate(997, [1234, 567, 89, 4321]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(997);
  });
});

describe('redemption arithmetic, worked examples in cents', () => {
  it('spend $50 minus $10: $60.00 over two lines gives $10.00 as $5.00 + $5.00', () => {
    const e = evaluateCoupon(
      rule({ type: 'spendMinus', overAmount: 5000, minusAmount: 1000 }),
      cart(line('a', 1, 3000), line('b', 2, 3000)),
    );
    expect(e).toMatchObject({ ok: true, discountCents: 1000 });
    expect(discounts(e)).toEqual([500, 500]);
  });
  it('spend $50 minus $10 refuses $49.99 and says how much more', () => {
    const e = evaluateCoupon(
      rule({ type: 'spendMinus', overAmount: 5000, minusAmount: 1000 }),
      cart(line('a', 1, 4999)),
    );
    expect(e).toEqual({ ok: false, reason: { key: 'coupons.belowMinimum', params: { amount: '$0.01' } } });
  });
  it('spend $30 get 15% off: $33.33 gives $5.00 (499.95 rounds half up)', () => {
    const e = evaluateCoupon(
      rule({ type: 'spendDiscount', overAmount: 3000, discount: 15 }),
      cart(line('a', 1, 1111, 3)),
    );
    expect(e).toMatchObject({ ok: true, discountCents: 500 });
  });
  it('buy 2 give 1 over $9, $8, $7, $6: the $7 is free, the $6 is in an unfinished group', () => {
    const e = evaluateCoupon(
      rule({ type: 'buyGive', overAmount: 2, minusAmount: 1, categoryIds: [3] }),
      cart(
        line('a', 1, 900, 1, 3),
        line('b', 2, 800, 1, 3),
        line('c', 3, 700, 1, 3),
        line('d', 4, 600, 1, 3),
        line('x', 9, 5000),
      ),
    );
    expect(e).toMatchObject({ ok: true, discountCents: 700 });
    expect(discounts(e)).toEqual([0, 0, 700, 0, 0]);
  });
  it('buy 2 give 1 with two items says one more is needed', () => {
    const e = evaluateCoupon(
      rule({ type: 'buyGive', overAmount: 2, minusAmount: 1, itemIds: [1] }),
      cart(line('a', 1, 900, 2)),
    );
    expect(e).toEqual({ ok: false, reason: { key: 'coupons.notEnoughPieces', params: { count: 1 } } });
  });
  it('buy 1 get 1 (buy N get 0.5N): five desserts $7,$7,$6,$6,$5 give $7 + $6 free', () => {
    const e = evaluateCoupon(
      rule({ type: 'bogo', itemIds: [1, 2, 3] }),
      cart(line('a', 1, 700, 2), line('b', 2, 600, 2), line('c', 3, 500)),
    );
    expect(e).toMatchObject({ ok: true, discountCents: 1300 });
    expect(discounts(e)).toEqual([700, 600, 0]);
  });
  it('3 pieces 25% off: three $4.99 sides give $3.74 (374.25)', () => {
    const e = evaluateCoupon(
      rule({ type: 'piecesDiscount', overAmount: 3, discount: 25, itemIds: [1] }),
      cart(line('a', 1, 499, 3)),
    );
    expect(e).toMatchObject({ ok: true, discountCents: 374 });
  });
  it('specific items 20% off touches only those items, toppings excluded', () => {
    const withTopping = { ...line('a', 1, 1000), toppings: [{ toppingId: 5, priceCents: 200, quantity: 1 }] };
    const e = evaluateCoupon(
      rule({ type: 'itemDiscount', discount: 20, itemIds: [1] }),
      cart(withTopping, line('b', 2, 1000)),
    );
    expect(discounts(e)).toEqual([200, 0]);
  });
  it('specific toppings 50% off: extra cheese $1.50 x2 on 2 burgers gives $3.00', () => {
    const burger = {
      ...line('a', 1, 1200, 2),
      toppings: [
        { toppingId: 7, priceCents: 150, quantity: 2 },
        { toppingId: 8, priceCents: 100, quantity: 1 },
      ],
    };
    const e = evaluateCoupon(rule({ type: 'toppingDiscount', discount: 50, toppingIds: [7] }), cart(burger));
    expect(e).toMatchObject({ ok: true, discountCents: 300 });
  });
  it('a custom code never discounts more than the order', () => {
    const e = evaluateCoupon(rule({ type: 'customCode', minusAmount: 2000 }), cart(line('a', 1, 1500)));
    expect(e).toMatchObject({ ok: true, discountCents: 1500 });
  });
});

describe('validity', () => {
  const at = { day: '2026-03-14', weekday: 6, minutes: 19 * 60 + 30 };
  it('refuses outside dates, channel, day and hours', () => {
    expect(whyNotValid(rule({ endDate: '2026-03-13' }), 'pos', at)?.key).toBe('coupons.expired');
    expect(whyNotValid(rule({ startDate: '2026-03-15' }), 'pos', at)?.key).toBe('coupons.notStarted');
    expect(whyNotValid(rule({ channels: ['online'] }), 'pos', at)?.key).toBe('coupons.wrongChannel');
    expect(whyNotValid(rule({ days: [1, 2] }), 'pos', at)?.key).toBe('coupons.wrongDay');
    expect(whyNotValid(rule({ hours: '11:00-15:00' }), 'pos', at)?.key).toBe('coupons.wrongHour');
    expect(whyNotValid(rule({ active: false }), 'pos', at)?.key).toBe('coupons.inactive');
    expect(whyNotValid(rule({ hours: '17:00-22:00', startDate: '2026-03-14' }), 'pos', at)).toBeNull();
  });
});

describe('stacking', () => {
  const c = cart(line('a', 1, 4000), line('b', 2, 2000));
  const ten = rule({ id: 1, type: 'spendMinus', overAmount: 5000, minusAmount: 1000 });
  const fifteen = rule({ id: 2, type: 'spendDiscount', overAmount: 3000, discount: 15 });
  const five = rule({ id: 3, type: 'customCode', minusAmount: 500, stackable: true });
  const fiveMore = rule({ id: 4, type: 'customCode', minusAmount: 500, stackable: true });
  const run = (rules: TCouponRule[], policy: { combine: boolean; pick: 'best' | 'first' }) =>
    applyStacking(
      rules,
      rules.map((r) => evaluateCoupon(r, c)),
      policy,
      c,
    );

  it('one coupon per order, best for the customer: $10 off beats 15% ($9.00)', () => {
    const r = run([fifteen, ten], { combine: false, pick: 'best' });
    expect(r.discountCents).toBe(1000);
    expect(r.applied.map((a) => a.applied)).toEqual([false, true]);
    expect(r.applied[0]?.reason?.key).toBe('coupons.betterApplied');
  });
  it('one coupon per order, first applied wins even when smaller', () => {
    const r = run([fifteen, ten], { combine: false, pick: 'first' });
    expect(r.discountCents).toBe(900);
    expect(r.applied[1]?.reason?.key).toBe('coupons.firstApplied');
  });
  it('combining: stackable coupons add up; a non-stackable one competes with the group', () => {
    const r = run([five, fiveMore, fifteen], { combine: true, pick: 'best' });
    expect(r.discountCents).toBe(1000); // $5 + $5 beats 15% ($9)
    expect(r.applied.map((a) => a.applied)).toEqual([true, true, false]);
    expect(r.applied[2]?.reason?.key).toBe('coupons.notStackable');
    expect(r.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(1000);
  });
  it('combined discounts never take a line below zero', () => {
    const small = cart(line('a', 1, 600));
    const rules = [
      rule({ id: 1, type: 'customCode', minusAmount: 500, stackable: true }),
      rule({ id: 2, type: 'customCode', minusAmount: 500, stackable: true }),
    ];
    const r = applyStacking(
      rules,
      rules.map((x) => evaluateCoupon(x, small)),
      { combine: true, pick: 'best' },
      small,
    );
    expect(r.discountCents).toBe(600);
  });
});
