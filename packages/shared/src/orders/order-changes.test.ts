import { describe, expect, it } from 'vitest';
import { futureDatedFields, orderChanges, pastDayChangeMessage } from './order-changes.ts';
import { ZIngestOrderRequest, type TIngestOrderInput, type TIngestOrderRequest } from './orders.schemas.ts';

/** A closed check: a burger and a beer, 8% tax, paid by card with a 3.00 tip. */
function check(overrides: Partial<TIngestOrderInput> = {}): TIngestOrderRequest {
  return ZIngestOrderRequest.parse({
    posOrderId: 'C-1',
    channel: 'dineIn',
    tableName: 'T2',
    partySize: 2,
    status: 'closed',
    openedAt: '2026-03-13T23:00:00Z',
    closedAt: '2026-03-14T00:00:00Z',
    items: [
      { posItemId: 'BURG', name: 'Burger', category: 'Mains', quantity: 1, unitPriceCents: 1800 },
      { posItemId: 'IPA', name: 'IPA', category: 'Beer', quantity: 1, unitPriceCents: 700 },
    ],
    taxCents: 200,
    tipCents: 300,
    payments: [
      {
        posPaymentId: 'p1',
        method: 'card',
        cardBrand: 'visa',
        amountCents: 3000,
        tipCents: 300,
        paidAt: '2026-03-14T00:00:00Z',
      },
    ],
    ...overrides,
  });
}

const voidAction = { by: 'Sam', reason: 'Walked out', at: '2026-03-14T00:05:00Z' };

describe('orderChanges', () => {
  it('finds nothing when the same order comes again, whatever the key order or instant format', () => {
    const again = check({ openedAt: '2026-03-13T19:00:00-04:00' });
    expect(orderChanges(check(), again)).toEqual([]);
  });

  it('calls voiding the whole order a void, and un-voiding it too', () => {
    const voided = check({
      status: 'voided',
      voided: voidAction,
      refunds: [
        {
          posRefundId: 'r1',
          posPaymentId: 'p1',
          amountCents: 3000,
          method: 'card',
          reason: 'Void',
          by: 'Sam',
          at: voidAction.at,
        },
      ],
    });
    expect(orderChanges(check(), voided)).toEqual(['void']);
    expect(orderChanges(voided, check())).toContain('void');
  });

  it('calls voiding one line a void (and the new totals an adjustment)', () => {
    const [burger, beer] = check().items;
    const after = check({
      items: [burger!, { ...beer!, voided: voidAction }],
      taxCents: 144,
      tipCents: 300,
      payments: [
        {
          posPaymentId: 'p1',
          method: 'card',
          cardBrand: 'visa',
          amountCents: 2244,
          tipCents: 300,
          paidAt: '2026-03-14T00:00:00Z',
        },
      ],
    });
    expect(orderChanges(check(), after)).toEqual(['void', 'adjust']);
  });

  it('calls a dropped payment a deletion, also when another takes its place', () => {
    const open = check({ status: 'open', closedAt: undefined, tipCents: 0, payments: [] });
    const withPayment = check({ status: 'open', closedAt: undefined });
    expect(orderChanges(withPayment, open)).toEqual(['delete']);
    const cash = check({
      payments: [
        { posPaymentId: 'p2', method: 'cash', amountCents: 3000, tipCents: 300, paidAt: '2026-03-14T00:00:00Z' },
      ],
    });
    expect(orderChanges(check(), cash)).toEqual(['delete']);
  });

  it('calls reopening a closed order a deletion of its sale', () => {
    expect(orderChanges(check(), check({ status: 'open', closedAt: undefined }))).toEqual(['delete', 'adjust']);
  });

  it('calls a tip adjustment (order tip and payment amount moving together) a tip change only', () => {
    const after = check({
      tipCents: 500,
      payments: [
        {
          posPaymentId: 'p1',
          method: 'card',
          cardBrand: 'visa',
          amountCents: 3200,
          tipCents: 500,
          paidAt: '2026-03-14T00:00:00Z',
        },
      ],
    });
    expect(orderChanges(check(), after)).toEqual(['tip']);
  });

  it('calls a changed price, quantity, discount or table an adjustment', () => {
    const [burger, beer] = check().items;
    expect(orderChanges(check(), { ...check(), items: [{ ...burger!, unitPriceCents: 100 }, beer!] })).toEqual([
      'adjust',
    ]);
    expect(orderChanges(check(), { ...check(), items: [burger!] })).toEqual(['adjust']);
    expect(orderChanges(check(), { ...check(), tableName: 'T9' })).toEqual(['adjust']);
    expect(orderChanges(check(), { ...check(), openedAt: '2026-03-12T23:00:00Z' })).toEqual(['adjust']);
    const comped = { ...check(), items: [burger!, { ...beer!, comped: voidAction }] };
    expect(orderChanges(check(), comped)).toEqual(['adjust']);
  });

  it('lets an open order be finished: more lines, payments and closing need no flag', () => {
    const [burger, beer] = check().items;
    const open = check({
      status: 'open',
      closedAt: undefined,
      items: [burger!],
      taxCents: 0,
      tipCents: 0,
      payments: [],
    });
    expect(orderChanges(open, { ...check(), items: [burger!, beer!] })).toEqual([]);
  });

  it('does not let an open order change the lines it already had', () => {
    const [burger, beer] = check().items;
    const open = check({ status: 'open', closedAt: undefined, items: [burger!, beer!], tipCents: 0, payments: [] });
    const cheaper = check({
      status: 'open',
      closedAt: undefined,
      items: [{ ...burger!, unitPriceCents: 1 }, beer!],
      tipCents: 0,
      payments: [],
    });
    expect(orderChanges(open, cheaper)).toEqual(['adjust']);
  });
});

describe('futureDatedFields', () => {
  const now = new Date('2026-03-14T23:30:00Z');

  it('accepts instants up to five minutes ahead of now and names those beyond', () => {
    expect(futureDatedFields(check(), now)).toEqual([]);
    const ahead = check({
      openedAt: '2026-03-14T23:34:59Z',
      closedAt: '2026-03-14T23:36:00Z',
      payments: [
        {
          posPaymentId: 'p1',
          method: 'card',
          cardBrand: 'visa',
          amountCents: 3000,
          tipCents: 300,
          paidAt: '2031-03-14T23:00:00Z',
        },
      ],
    });
    expect(futureDatedFields(ahead, now)).toEqual(['closedAt', 'payments.0.paidAt']);
  });
});

describe('pastDayChangeMessage', () => {
  it('names the missing permissions as the team pages do, in both languages', () => {
    const values = { day: '2026-03-13', posOrderId: 'C-1', kinds: ['void', 'adjust'] as const };
    expect(pastDayChangeMessage('en', values)).toBe(
      'Business day 2026-03-13 has ended: this change to order C-1 needs the Void orders, Adjust price permission',
    );
    expect(pastDayChangeMessage('zh', values)).toBe(
      '营业日 2026-03-13 已结束：修改订单 C-1 需要“作废订单”、“调整价格”权限',
    );
  });
});
