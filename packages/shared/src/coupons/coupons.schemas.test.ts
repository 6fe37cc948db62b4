import { describe, expect, it } from 'vitest';
import { COUPONS_MESSAGES } from './coupons.messages.ts';
import {
  couponWarnings,
  parseIdList,
  ZCouponInput,
  ZGenerateCodesRequest,
  PREMIUM_CODE_ALPHABET,
} from './coupons.schemas.ts';

const errors = (input: Record<string, unknown>) => {
  const r = ZCouponInput.safeParse({ name: 'Test', ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};
const m = (key: keyof typeof COUPONS_MESSAGES) => COUPONS_MESSAGES[key].en;

describe('SPEC 5 coupon generator rules', () => {
  it('spend/minus: both above 0 and spend at least minus', () => {
    expect(errors({ type: 'spendMinus', overAmount: 0, minusAmount: 0 })).toEqual({
      overAmount: m('coupons.overAmountPositive'),
      minusAmount: m('coupons.minusAmountPositive'),
    });
    expect(errors({ type: 'spendMinus', overAmount: 500, minusAmount: 1000 })).toEqual({
      overAmount: m('coupons.spendAtLeastMinus'),
    });
    expect(errors({ type: 'spendMinus', overAmount: 1000, minusAmount: 1000 })).toEqual({});
  });
  it('spend/discount: both above 0 and discount from 1 to 100', () => {
    expect(errors({ type: 'spendDiscount', overAmount: 1000, discount: 0 })).toEqual({
      discount: m('coupons.discountRange'),
    });
    expect(errors({ type: 'spendDiscount', overAmount: 1000, discount: 101 })).toEqual({
      discount: m('coupons.discountRange'),
    });
    expect(errors({ type: 'spendDiscount', overAmount: 0, discount: 100 })).toEqual({
      overAmount: m('coupons.overAmountPositive'),
    });
    expect(errors({ type: 'spendDiscount', overAmount: 1, discount: 1 })).toEqual({});
  });
  it('total limit, when given, at least 2', () => {
    expect(errors({ type: 'spendMinus', overAmount: 10, minusAmount: 1, totalNum: 1 })).toEqual({
      totalNum: m('coupons.totalNumMin'),
    });
    expect(errors({ type: 'spendMinus', overAmount: 10, minusAmount: 1, totalNum: 2 })).toEqual({});
    expect(errors({ type: 'spendMinus', overAmount: 10, minusAmount: 1, totalNum: null })).toEqual({});
  });
  it('buy N give N: both above 0 and buy at least give', () => {
    expect(errors({ type: 'buyGive', overAmount: 0, minusAmount: 0, itemIds: '1' })).toEqual({
      overAmount: m('coupons.buyPositive'),
      minusAmount: m('coupons.givePositive'),
    });
    expect(errors({ type: 'buyGive', overAmount: 1, minusAmount: 2, itemIds: '1' })).toEqual({
      overAmount: m('coupons.buyAtLeastGive'),
    });
  });
  it('pieces and discount: both above 0', () => {
    expect(errors({ type: 'piecesDiscount', overAmount: 0, discount: 0, itemIds: '1,2' })).toEqual({
      overAmount: m('coupons.piecesPositive'),
      discount: m('coupons.discountRange'),
    });
  });
  it('item id list: format errors refused, a single id only warns', () => {
    expect(errors({ type: 'itemDiscount', discount: 10, itemIds: '12,abc' })).toEqual({
      itemIds: m('coupons.itemIdsFormat'),
    });
    expect(errors({ type: 'itemDiscount', discount: 10, itemIds: '12,,13' })).toEqual({
      itemIds: m('coupons.itemIdsFormat'),
    });
    expect(errors({ type: 'itemDiscount', discount: 10, itemIds: '12' })).toEqual({});
    expect(couponWarnings({ type: 'itemDiscount', itemIds: '12' })).toEqual(['coupons.itemIdsSingle']);
    expect(couponWarnings({ type: 'itemDiscount', itemIds: '12, 13' })).toEqual([]);
    expect(parseIdList('12, 13，14,12')).toEqual({ ok: true, ids: [12, 13, 14] });
  });
  it('ids or categories required for item coupons', () => {
    expect(errors({ type: 'itemDiscount', discount: 10 })).toEqual({ itemIds: m('coupons.itemsOrCategoriesRequired') });
    expect(errors({ type: 'itemDiscount', discount: 10, categoryIds: '3' })).toEqual({});
  });
  it('topping ids required and well formed', () => {
    expect(errors({ type: 'toppingDiscount', discount: 10 })).toEqual({ toppingIds: m('coupons.toppingIdsRequired') });
    expect(errors({ type: 'toppingDiscount', discount: 10, toppingIds: '7;8' })).toEqual({
      toppingIds: m('coupons.toppingIdsFormat'),
    });
  });
  it('custom code needs its code; hours and dates are checked', () => {
    expect(errors({ type: 'customCode', minusAmount: 100 })).toEqual({ code: m('coupons.codeRequired') });
    expect(errors({ type: 'customCode', minusAmount: 100, code: 'a b' })).toEqual({ code: m('coupons.codeFormat') });
    expect(errors({ type: 'bogo', itemIds: '1,2', hours: '25:00-26:00' })).toEqual({ hours: m('coupons.hoursFormat') });
    expect(errors({ type: 'bogo', itemIds: '1,2', startDate: '2026-03-10', endDate: '2026-03-01' })).toEqual({
      endDate: m('coupons.dateOrder'),
    });
  });
  it('every message exists in both languages', () => {
    for (const [key, v] of Object.entries(COUPONS_MESSAGES)) {
      expect(v.en, key).not.toBe('');
      expect(v.zh, key).not.toBe('');
    }
  });
});

describe('premium codes', () => {
  it('the alphabet has no look-alikes', () => {
    for (const c of '0O1IL2Z5S8B') expect(PREMIUM_CODE_ALPHABET).not.toContain(c);
  });
  it('count 1 to 100,000, length 6 to 16', () => {
    expect(ZGenerateCodesRequest.safeParse({ couponId: 1, count: 100_001, length: 8 }).success).toBe(false);
    expect(ZGenerateCodesRequest.safeParse({ couponId: 1, count: 100_000, length: 8 }).success).toBe(true);
    expect(ZGenerateCodesRequest.safeParse({ couponId: 1, count: 10, length: 5 }).success).toBe(false);
  });
});
