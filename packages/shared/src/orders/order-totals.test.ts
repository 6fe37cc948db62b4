import { describe, expect, it } from 'vitest';
import { lineGrossCents, orderTotals } from './order-totals.ts';
import type { TOrderForTotals } from './order-totals.ts';

const staff = { by: 'Manager Li', reason: 'Cold food', at: '2026-03-09T20:00:00-04:00' };

function order(overrides: Partial<TOrderForTotals> = {}): TOrderForTotals {
  return {
    status: 'closed',
    items: [
      // 2 x (12.50 + 2.00) = 29.00, with a 1.00 line discount
      {
        quantity: 2,
        unitPriceCents: 1250,
        options: [{ priceCents: 200, quantity: 1 }],
        discounts: [{ amountCents: 100 }],
      },
      // comped: 8.00
      { quantity: 1, unitPriceCents: 800, options: [], discounts: [], comped: staff },
      // voided: 6.00
      { quantity: 2, unitPriceCents: 300, options: [], discounts: [], voided: staff },
    ],
    discounts: [{ amountCents: 200 }],
    taxCents: 250,
    serviceChargeCents: 400,
    tipCents: 500,
    payments: [{ amountCents: 3750 }],
    refunds: [{ amountCents: 1000 }],
    ...overrides,
  };
}

describe('lineGrossCents', () => {
  it('multiplies the unit price plus each option by option quantity and line quantity', () => {
    const line = {
      quantity: 3,
      unitPriceCents: 1000,
      options: [
        { priceCents: 150, quantity: 2 },
        { priceCents: -100, quantity: 1 },
      ],
    };
    expect(lineGrossCents(line)).toBe(3 * (1000 + 300 - 100));
  });
});

describe('orderTotals', () => {
  it('counts comped lines in gross sales and leaves voided lines out', () => {
    const totals = orderTotals(order());
    expect(totals.grossSalesCents).toBe(2900 + 800);
    expect(totals.compCents).toBe(800);
    expect(totals.voidCents).toBe(600);
  });

  it('takes discounts and comps off gross to give net sales', () => {
    const totals = orderTotals(order());
    expect(totals.itemDiscountCents).toBe(100);
    expect(totals.orderDiscountCents).toBe(200);
    expect(totals.discountCents).toBe(300);
    expect(totals.netSalesCents).toBe(3700 - 300 - 800);
  });

  it('adds tax, service charge and tip to net sales for the total owed', () => {
    const totals = orderTotals(order());
    expect(totals.totalCents).toBe(2600 + 250 + 400 + 500);
    expect(totals.taxCents).toBe(250);
    expect(totals.serviceChargeCents).toBe(400);
    expect(totals.tipCents).toBe(500);
  });

  it('reports payments and refunds without taking refunds off sales', () => {
    const totals = orderTotals(order());
    expect(totals.paidCents).toBe(3750);
    expect(totals.refundedCents).toBe(1000);
    expect(totals.netSalesCents).toBe(2600);
  });

  it('turns every line of a voided order into a void and sells nothing', () => {
    const totals = orderTotals(order({ status: 'voided', payments: [], refunds: [] }));
    expect(totals.voidCents).toBe(2900 + 800 + 600);
    expect(totals.grossSalesCents).toBe(0);
    expect(totals.netSalesCents).toBe(0);
    expect(totals.taxCents).toBe(0);
    expect(totals.tipCents).toBe(0);
    expect(totals.totalCents).toBe(0);
  });

  it('treats null comp and void fields from stored rows as not set', () => {
    const totals = orderTotals(
      order({
        items: [{ quantity: 1, unitPriceCents: 500, options: [], discounts: [], voided: null, comped: null }],
        discounts: [],
      }),
    );
    expect(totals.grossSalesCents).toBe(500);
    expect(totals.voidCents).toBe(0);
    expect(totals.compCents).toBe(0);
  });
});
