import type { TSalesFigures, TSalesSummaryResponse } from '@ra/shared/reports/reports.schemas';

/** A period's figures with `netSalesCents` of net sales (no deductions), 12 orders and 20 guests. */
export const salesFigures = (netSalesCents: number): TSalesFigures => ({
  grossSalesCents: netSalesCents,
  discountCents: 0,
  compCents: 0,
  voidCents: 0,
  netSalesCents,
  taxCents: 0,
  serviceChargeCents: 0,
  tipCents: 0,
  refundCents: 0,
  totalCollectedCents: netSalesCents,
  orderCount: 12,
  guestCount: 20,
  averageCheckCents: 1_000,
  averageGuestCents: 500,
});

/** The summary of 2026-11-01..07 against the week before: $7,654.32 against $7,000.00. */
export const weekSummary = (byChannel: TSalesSummaryResponse['byChannel'] = []): TSalesSummaryResponse => ({
  range: { from: '2026-11-01', to: '2026-11-07' },
  previousRange: { from: '2026-10-25', to: '2026-10-31' },
  sameTime: null,
  current: salesFigures(765_432),
  previous: salesFigures(700_000),
  byChannel,
  giftCardSales: { current: { amountCents: 0, count: 0 }, previous: null },
  lastSalesDay: '2026-11-07',
});
