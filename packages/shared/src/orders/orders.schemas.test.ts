import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals.ts';
import { orderMessage, ZIngestOrderRequest, ZIngestPayoutRequest } from './orders.schemas.ts';
import type { TIngestOrderInput } from './orders.schemas.ts';

const staff = { by: 'Manager Li', reason: 'Wrong order', at: '2026-03-09T19:30:00-04:00' };

/**
 * A balanced closed dine-in check:
 * burgers 2 x (12.50 + 2.00 bacon) = 29.00, soda 3.00 -> 32.00; promotion -2.00 -> 30.00;
 * tax 3.03, tip 5.00 -> 38.03 paid by card.
 */
function closedOrder(overrides: Partial<TIngestOrderInput> = {}): TIngestOrderInput {
  return {
    posOrderId: 'A-1001',
    channel: 'dineIn',
    tableName: 'T4',
    partySize: 2,
    serverName: 'Amy',
    status: 'closed',
    openedAt: '2026-03-09T19:05:00-04:00',
    closedAt: '2026-03-09T20:10:00-04:00',
    items: [
      {
        posItemId: 'burger',
        name: 'Burger',
        category: 'Mains',
        quantity: 2,
        unitPriceCents: 1250,
        options: [{ name: 'Bacon', group: 'Add-ons', priceCents: 200 }],
      },
      { posItemId: 'soda', name: 'Soda', category: 'Drinks', quantity: 1, unitPriceCents: 300 },
    ],
    discounts: [{ name: 'Happy hour', kind: 'promotion', amountCents: 200 }],
    taxCents: 303,
    tipCents: 500,
    payments: [
      {
        posPaymentId: 'P1',
        method: 'card',
        cardBrand: 'visa',
        amountCents: 3803,
        tipCents: 500,
        paidAt: '2026-03-09T20:09:00-04:00',
      },
    ],
    ...overrides,
  };
}

/** Field path -> messages of a failed parse. */
function errorsOf(input: unknown): Record<string, string[]> {
  const result = ZIngestOrderRequest.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('ZIngestOrderRequest', () => {
  it('accepts a balanced closed order and fills in the defaults', () => {
    const order = ZIngestOrderRequest.parse(closedOrder());
    expect(order.items[0]?.options[0]?.quantity).toBe(1);
    expect(order.items[1]?.discounts).toEqual([]);
    expect(order.serviceChargeCents).toBe(0);
    expect(order.refunds).toEqual([]);
    expect(orderTotals(order).totalCents).toBe(3803);
  });

  it('rejects a closed order whose payments do not cover the total, naming both amounts', () => {
    const input = closedOrder();
    input.payments = [
      { posPaymentId: 'P1', method: 'cash', amountCents: 3800, tipCents: 500, paidAt: '2026-03-09T20:09:00-04:00' },
    ];
    expect(errorsOf(input)).toEqual({
      payments: ['Payments add up to 38.00, but items + tax + service charge + tip - discounts come to 38.03'],
    });
  });

  it('adds the service charge to what must be paid', () => {
    expect(errorsOf(closedOrder({ serviceChargeCents: 100 })).payments).toHaveLength(1);
  });

  it('leaves voided and comped lines out of what must be paid', () => {
    const input = closedOrder();
    input.items = [
      ...input.items,
      { posItemId: 'cake', name: 'Cake', category: 'Desserts', quantity: 1, unitPriceCents: 700, comped: staff },
      { posItemId: 'wine', name: 'Wine', category: 'Drinks', quantity: 1, unitPriceCents: 1200, voided: staff },
    ];
    expect(errorsOf(input)).toEqual({});
  });

  it('takes line discounts off what must be paid', () => {
    const input = closedOrder();
    input.items = [
      input.items[0]!,
      { ...input.items[1]!, discounts: [{ name: 'Staff', kind: 'manual', amountCents: 100, appliedBy: 'Amy' }] },
    ];
    expect(errorsOf(input).payments?.[0]).toContain('come to 37.03');
  });

  it('lets an open order be partly paid', () => {
    const input = closedOrder({ status: 'open', closedAt: undefined, tipCents: 0 });
    input.payments = [{ posPaymentId: 'P1', method: 'cash', amountCents: 1000, paidAt: '2026-03-09T19:50:00-04:00' }];
    expect(errorsOf(input)).toEqual({});
  });

  it('requires the tips on the payments to match the order tip', () => {
    expect(errorsOf(closedOrder({ tipCents: 400, taxCents: 403 }))).toEqual({
      tipCents: ['Tips on the payments add up to 5.00, but the order tip is 4.00'],
    });
  });

  it('requires the tax lines to add up to the order tax', () => {
    const taxes = [
      { name: 'State', rateBasisPoints: 625, taxableCents: 3000, taxCents: 188 },
      { name: 'City', rateBasisPoints: 375, taxableCents: 3000, taxCents: 113 },
    ];
    expect(errorsOf(closedOrder({ taxes }))).toEqual({
      taxes: ['Tax lines add up to 3.01, but the order tax is 3.03'],
    });
    expect(errorsOf(closedOrder({ taxes: [...taxes.slice(0, 1), { ...taxes[1]!, taxCents: 115 }] }))).toEqual({});
  });

  it('needs the platform on a delivery order and refuses it on other channels', () => {
    expect(errorsOf(closedOrder({ channel: 'delivery' }))).toEqual({
      deliveryPlatform: ['A delivery order needs its delivery platform'],
    });
    expect(errorsOf(closedOrder({ channel: 'delivery', deliveryPlatform: 'DoorDash' }))).toEqual({});
    expect(Object.keys(errorsOf(closedOrder({ deliveryPlatform: 'DoorDash' })))).toEqual(['deliveryPlatform']);
  });

  it('needs a closing time on a closed order and refuses one on an open order', () => {
    expect(Object.keys(errorsOf(closedOrder({ closedAt: undefined })))).toEqual(['closedAt']);
    const open = closedOrder({ status: 'open', tipCents: 0, payments: [] });
    expect(errorsOf(open)).toEqual({ closedAt: ['An open order has no closing time'] });
  });

  it('refuses an order that closes before it opened, comparing across offsets', () => {
    // 20:10 in New York is 00:10Z; 01:00+02:00 is 23:00Z the day before.
    expect(errorsOf(closedOrder({ openedAt: '2026-03-10T01:00:00+00:00' }))).toEqual({
      closedAt: ['An order cannot close before it opened'],
    });
  });

  it('refuses times without an offset, which would be read in the server zone', () => {
    expect(Object.keys(errorsOf(closedOrder({ openedAt: '2026-03-09T19:05:00' })))).toEqual(['openedAt']);
  });

  it('refuses amounts that are not whole cents and quantities that are not whole positive numbers', () => {
    const input = closedOrder();
    input.items = [
      { ...input.items[0]!, unitPriceCents: 1250.5 },
      { ...input.items[1]!, quantity: 1.5 },
    ];
    expect(Object.keys(errorsOf(input)).sort()).toEqual(['items.0.unitPriceCents', 'items.1.quantity']);
    input.items = [{ ...input.items[0]!, unitPriceCents: 1250, quantity: 0 }];
    expect(Object.keys(errorsOf(input))).toEqual(['items.0.quantity']);
  });

  it('refuses negative money and a party over 100', () => {
    expect(Object.keys(errorsOf(closedOrder({ taxCents: -1 })))).toEqual(['taxCents']);
    expect(Object.keys(errorsOf(closedOrder({ partySize: 101 })))).toEqual(['partySize']);
  });

  it('requires a voided order to say who voided it and to have refunded every payment', () => {
    const voided = closedOrder({ status: 'voided', tipCents: 0, payments: [] });
    expect(errorsOf(voided)).toEqual({ voided: ['A voided order needs who voided it, when and why'] });

    const paid = closedOrder({ status: 'voided', voided: staff });
    expect(errorsOf(paid)).toEqual({
      payments: ['A voided order must refund all of its 38.03 in payments (refunded 0.00)'],
    });

    const refunded = closedOrder({
      status: 'voided',
      voided: staff,
      refunds: [
        {
          posRefundId: 'R1',
          posPaymentId: 'P1',
          amountCents: 3803,
          method: 'card',
          reason: 'Voided',
          by: 'Li',
          at: staff.at,
        },
      ],
    });
    expect(errorsOf(refunded)).toEqual({});
  });

  it('refuses void details on an order that is not voided', () => {
    expect(errorsOf(closedOrder({ voided: staff }))).toEqual({ voided: ['Only a voided order carries void details'] });
  });

  it('refuses a line that is both comped and voided, or discounted as well as comped', () => {
    const input = closedOrder();
    const extra = { posItemId: 'cake', name: 'Cake', category: 'Desserts', quantity: 1, unitPriceCents: 700 };
    input.items = [
      ...input.items,
      { ...extra, comped: staff, voided: staff },
      { ...extra, comped: staff, discounts: [{ name: '10% off', kind: 'manual', amountCents: 70 }] },
    ];
    expect(errorsOf(input)).toEqual({
      'items.2.comped': ['A line cannot be both comped and voided'],
      'items.3.discounts': ['A comped or voided line cannot also be discounted'],
    });
  });

  it('refuses options that take a line below zero', () => {
    const input = closedOrder();
    input.items = [{ ...input.items[1]!, options: [{ name: 'No ice', group: 'Ice', priceCents: -400 }] }];
    expect(errorsOf(input)['items.0.options']).toEqual(['Options bring this line below zero']);
  });

  it('refuses a line discount larger than the line', () => {
    const input = closedOrder();
    input.items = [
      input.items[0]!,
      { ...input.items[1]!, discounts: [{ name: 'Free', kind: 'manual', amountCents: 301 }] },
    ];
    expect(errorsOf(input)['items.1.discounts']).toEqual(['Discounts of 3.01 exceed the line total of 3.00']);
  });

  it('refuses discounts larger than what was sold', () => {
    const errors = errorsOf(closedOrder({ discounts: [{ name: 'Big', kind: 'promotion', amountCents: 3300 }] }));
    expect(errors.discounts).toEqual(['Discounts of 33.00 exceed the sales of 32.00']);
  });

  it('needs the code of a coupon discount', () => {
    expect(errorsOf(closedOrder({ discounts: [{ name: 'Spring', kind: 'coupon', amountCents: 200 }] }))).toEqual({
      'discounts.0.couponCode': ['A coupon discount needs its coupon code'],
    });
    const withCode = closedOrder({
      discounts: [{ name: 'Spring', kind: 'coupon', couponCode: 'SPRING2', amountCents: 200 }],
    });
    expect(errorsOf(withCode)).toEqual({});
  });

  it('refuses duplicate payment ids and a card brand on a cash payment', () => {
    const paidAt = '2026-03-09T20:09:00-04:00';
    const input = closedOrder();
    input.payments = [
      { posPaymentId: 'P1', method: 'card', cardBrand: 'visa', amountCents: 3000, tipCents: 500, paidAt },
      { posPaymentId: 'P1', method: 'cash', cardBrand: 'amex', amountCents: 803, paidAt },
    ];
    expect(errorsOf(input)).toEqual({
      'payments.1.posPaymentId': ['Duplicate id P1'],
      'payments.1.cardBrand': ['Only a card payment has a card brand'],
    });
  });

  it('refuses a tip larger than its payment', () => {
    const input = closedOrder({ tipCents: 1000 });
    input.payments = [
      { posPaymentId: 'P1', method: 'card', amountCents: 3403, tipCents: 100, paidAt: '2026-03-09T20:09:00-04:00' },
      { posPaymentId: 'P2', method: 'cash', amountCents: 900, tipCents: 900, paidAt: '2026-03-09T20:09:00-04:00' },
    ];
    expect(errorsOf(input)).toEqual({});
    input.payments[1] = { ...input.payments[1]!, amountCents: 800, tipCents: 900 };
    expect(errorsOf(input)['payments.1.tipCents']).toEqual(['The tip cannot exceed the payment']);
  });

  it('refuses refunds larger than the payments or naming a payment the order does not have', () => {
    const refund = { posRefundId: 'R1', method: 'card' as const, reason: 'Complaint', by: 'Li', at: staff.at };
    expect(errorsOf(closedOrder({ refunds: [{ ...refund, amountCents: 3804 }] }))).toEqual({
      refunds: ['Refunds of 38.04 exceed payments of 38.03'],
    });
    expect(errorsOf(closedOrder({ refunds: [{ ...refund, posPaymentId: 'P9', amountCents: 100 }] }))).toEqual({
      'refunds.0.posPaymentId': ['This order has no payment P9'],
    });
  });

  it('carries the message key and values so the Chinese wording can be shown', () => {
    const input = closedOrder({ serviceChargeCents: 100 });
    const issue = ZIngestOrderRequest.safeParse(input).error?.issues[0];
    const params = (issue as { params?: { messageKey: 'orders.paymentsMismatch'; values: Record<string, string> } })
      .params;
    expect(params?.messageKey).toBe('orders.paymentsMismatch');
    expect(orderMessage(params!.messageKey, 'zh', params!.values)).toBe(
      '付款合计 38.03，但商品 + 税 + 附加费 + 小费 - 折扣 合计为 39.03',
    );
  });
});

describe('orderMessage', () => {
  it('leaves a placeholder visible when its value is missing', () => {
    expect(orderMessage('orders.duplicateId', 'en')).toBe('Duplicate id {id}');
  });
});

describe('ZIngestPayoutRequest', () => {
  const payout = {
    posPayoutId: 'PO-1',
    amountCents: 4500,
    reason: 'Ice delivery',
    by: 'Amy',
    at: '2026-03-09T11:00:00-04:00',
  };

  it('accepts a cash payout', () => {
    expect(ZIngestPayoutRequest.parse(payout)).toEqual(payout);
  });

  it('refuses a zero amount and a blank reason', () => {
    const result = ZIngestPayoutRequest.safeParse({ ...payout, amountCents: 0, reason: '  ' });
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['amountCents', 'reason']);
  });
});
