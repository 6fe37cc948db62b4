import { describe, expect, it } from 'vitest';
import { couponFormErrors, couponFormWarnings, couponToForm, formToInput } from './coupon-form.ts';
import { reasonText, translateCouponMessage } from './coupon-messages.ts';

describe('coupon form', () => {
  it('turns dollars into cents for spend types and keeps counts for buy N give N', () => {
    const spend = { ...couponToForm(null), name: 'A', type: 'spendMinus' as const, overAmount: 50, minusAmount: 10.5 };
    expect(formToInput(spend)).toMatchObject({ overAmount: 5000, minusAmount: 1050 });
    const buy = {
      ...couponToForm(null),
      name: 'B',
      type: 'buyGive' as const,
      overAmount: 2,
      minusAmount: 1,
      itemIds: '1,2',
    };
    expect(formToInput(buy)).toMatchObject({ overAmount: 2, minusAmount: 1, itemIds: '1,2' });
  });

  it('shows the shared SPEC 5 messages in the user’s language', () => {
    const bad = { ...couponToForm(null), name: 'A', type: 'spendMinus' as const, overAmount: 5, minusAmount: 8 };
    expect(couponFormErrors(bad)).toEqual({ overAmount: 'The spend amount must be at least the amount off' });
    expect(translateCouponMessage('The spend amount must be at least the amount off', 'zh')).toBe(
      '消费金额不能小于减免金额',
    );
  });

  it('warns, without refusing, when one item id is listed', () => {
    const one = { ...couponToForm(null), name: 'A', type: 'itemDiscount' as const, discount: 10, itemIds: '12' };
    expect(couponFormErrors(one)).toEqual({});
    expect(couponFormWarnings(one)).toHaveLength(1);
  });

  it('translates messages with values and reasons given as keys', () => {
    expect(translateCouponMessage('Spend $10.00 more to use this coupon', 'zh')).toBe('再消费 $10.00 即可使用该优惠券');
    expect(reasonText({ key: 'coupons.notEnoughPieces', params: { count: 2 } }, 'en')).toBe(
      'Add 2 more qualifying items to use this coupon',
    );
  });

  it('round-trips a stored coupon through the form', () => {
    const stored = {
      id: 1,
      name: 'Spend $50, save $10',
      type: 'spendMinus' as const,
      code: 'HARBOR10',
      overAmount: 5000,
      minusAmount: 1000,
      discount: 0,
      totalNum: 500,
      itemIds: [],
      categoryIds: [],
      toppingIds: [],
      startDate: null,
      endDate: null,
      channels: ['pos' as const],
      days: [1, 2],
      hours: '',
      perCustomerLimit: 1,
      stackable: false,
      active: true,
      usedCount: 0,
      premiumCodeCount: 0,
      createdAt: '',
      updatedAt: '',
    };
    expect(formToInput(couponToForm(stored))).toMatchObject({
      overAmount: 5000,
      minusAmount: 1000,
      totalNum: 500,
      perCustomerLimit: 1,
      code: 'HARBOR10',
    });
  });
});
