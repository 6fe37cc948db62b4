import { createHash } from 'node:crypto';
import { businessDayOf, zonedParts } from '@ra/shared/business-day/business-day';
import {
  orderTaxRateMilliPercent,
  type TIngestOrderRequest,
  type TIngestPayoutRequest,
} from '@ra/shared/orders/orders.schemas';
import { lineGrossCents, orderTotals } from '@ra/shared/orders/order-totals';
import { allocateCents } from '@ra/shared/reports/report-math';
import { splitCents } from '@ra/shared/refunds/refund-math';

/**
 * Turns a validated order push into the rows the order tables hold: pure, so the ingestion API and
 * the demo generator file an order identically and tests can check the arithmetic without a
 * database.
 */

export interface TRestaurantClock {
  timeZone: string;
  hourOffsetEndOfDay: number;
}

export interface TOrderRow {
  posOrderId: string;
  orderNumber: string | null;
  channel: string;
  deliveryPlatform: string | null;
  tableName: string | null;
  partySize: number;
  serverId: string | null;
  serverName: string | null;
  status: string;
  openedAt: string;
  closedAt: string | null;
  businessDay: string;
  openedHour: number;
  voidedBy: string | null;
  voidedReason: string | null;
  voidedAt: string | null;
  grossSalesCents: number;
  itemDiscountCents: number;
  orderDiscountCents: number;
  compCents: number;
  voidCents: number;
  netSalesCents: number;
  taxCents: number;
  serviceChargeCents: number;
  tipCents: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  compQuantity: number;
  voidQuantity: number;
  hasTaxLines: boolean;
  payloadHash: string;
  payload: TIngestOrderRequest;
}

export interface TItemRow {
  lineNo: number;
  posItemId: string;
  name: string;
  category: string;
  quantity: number;
  unitPriceCents: number;
  optionsCents: number;
  grossCents: number;
  lineDiscountCents: number;
  discountCents: number;
  compCents: number;
  netCents: number;
  taxCents: number;
  voided: boolean;
  comped: boolean;
  compVoidKind: 'comp' | 'void' | null;
  compVoidBy: string | null;
  compVoidReason: string | null;
  compVoidAt: string | null;
  businessDay: string;
}

export interface TOptionRow {
  lineNo: number;
  optionNo: number;
  name: string;
  groupName: string;
  priceCents: number;
  quantity: number;
}

export interface TDiscountRow {
  discountNo: number;
  lineNo: number | null;
  name: string;
  kind: string;
  couponCode: string | null;
  amountCents: number;
  appliedBy: string | null;
}

export interface TTaxRow {
  taxNo: number;
  name: string;
  rateMilliPercent: number | null;
  taxableCents: number;
  taxCents: number;
}

export interface TPaymentRow {
  posPaymentId: string;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  amountCents: number;
  tipCents: number;
  refundedCents: number;
  paidAt: string;
  businessDay: string;
}

export interface TRefundRow {
  posRefundId: string;
  posPaymentId: string | null;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  amountCents: number;
  /** The parts of the refund that were net sales and tax, in the order's proportions (issue 23 "Reports"). */
  netCents: number;
  taxCents: number;
  reason: string;
  refundedBy: string;
  refundedAt: string;
  businessDay: string;
}

export interface TOrderRows {
  order: TOrderRow;
  items: TItemRow[];
  options: TOptionRow[];
  discounts: TDiscountRow[];
  taxes: TTaxRow[];
  payments: TPaymentRow[];
  refunds: TRefundRow[];
}

export interface TPayoutRow {
  kind: 'cash' | 'deposit';
  externalId: string;
  amountCents: number;
  reason: string | null;
  paidBy: string | null;
  paidAt: string;
  businessDay: string;
}

/** Key order does not change a JSON document's meaning; sorting keys makes equal pushes hash equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function payloadHash(order: TIngestOrderRequest): string {
  return createHash('sha256').update(canonicalJson(order)).digest('hex');
}

/** Instants are stored as sent; normalising them keeps '…+00:00' and '…Z' the same instant in hashes. */
const iso = (at: string) => new Date(at).toISOString();

export function buildOrderRows(order: TIngestOrderRequest, clock: TRestaurantClock): TOrderRows {
  const { timeZone, hourOffsetEndOfDay } = clock;
  const dayOf = (at: string) => businessDayOf(new Date(at), timeZone, hourOffsetEndOfDay);
  const totals = orderTotals(order);
  const businessDay = dayOf(order.openedAt);
  const reportsLines = order.status !== 'open';

  // Check discounts are spread over the lines that still carry a sale (not voided, not comped), in
  // proportion to what is left of each after its own discounts, so item nets add up to net sales.
  const lineGross = order.items.map((item) => lineGrossCents(item));
  const lineOwnDiscount = order.items.map((item) => item.discounts.reduce((t, d) => t + d.amountCents, 0));
  const weights = order.items.map((item, i) =>
    item.voided || item.comped ? 0 : (lineGross[i] ?? 0) - (lineOwnDiscount[i] ?? 0),
  );
  const orderDiscount = order.status === 'voided' ? 0 : totals.orderDiscountCents;
  const allocated = order.items.length > 0 ? allocateCents(orderDiscount, weights) : [];

  let compQuantity = 0;
  let voidQuantity = 0;
  const items: TItemRow[] = order.items.map((item, index) => {
    const gross = lineGross[index] ?? 0;
    const voided = order.status === 'voided' || item.voided !== undefined;
    const comped = !voided && item.comped !== undefined;
    const discount = voided || comped ? 0 : (lineOwnDiscount[index] ?? 0) + (allocated[index] ?? 0);
    const comp = comped ? gross : 0;
    // A line voided on its own keeps its own who/why; the other lines of a voided order take the order's.
    const action = item.voided ?? (order.status === 'voided' ? order.voided : undefined) ?? item.comped;
    const kind: TItemRow['compVoidKind'] = !reportsLines ? null : voided ? 'void' : comped ? 'comp' : null;
    if (kind === 'comp') compQuantity += item.quantity;
    if (kind === 'void') voidQuantity += item.quantity;
    return {
      lineNo: index + 1,
      posItemId: item.posItemId,
      name: item.name,
      category: item.category,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      optionsCents: item.options.reduce((t, o) => t + o.priceCents * o.quantity, 0),
      grossCents: gross,
      lineDiscountCents: voided || comped ? 0 : (lineOwnDiscount[index] ?? 0),
      discountCents: discount,
      compCents: comp,
      netCents: voided ? 0 : gross - discount - comp,
      taxCents: item.taxCents,
      voided,
      comped,
      compVoidKind: kind,
      compVoidBy: kind && action ? action.by : null,
      compVoidReason: kind && action ? action.reason : null,
      compVoidAt: kind && action ? iso(action.at) : null,
      businessDay,
    };
  });

  const options: TOptionRow[] = order.items.flatMap((item, index) =>
    item.options.map((option, optionIndex) => ({
      lineNo: index + 1,
      optionNo: optionIndex + 1,
      name: option.name,
      groupName: option.group,
      priceCents: option.priceCents,
      quantity: option.quantity,
    })),
  );

  const discounts: TDiscountRow[] = [
    ...order.items.flatMap((item, index) =>
      item.discounts.map((d) => ({ ...d, lineNo: (index + 1) as number | null })),
    ),
    ...order.discounts.map((d) => ({ ...d, lineNo: null })),
  ].map((d, index) => ({
    discountNo: index + 1,
    lineNo: d.lineNo,
    name: d.name,
    kind: d.kind,
    couponCode: d.couponCode ?? null,
    amountCents: d.amountCents,
    appliedBy: d.appliedBy ?? null,
  }));

  const taxes: TTaxRow[] = order.taxes.map((tax, index) => ({
    taxNo: index + 1,
    name: tax.name,
    rateMilliPercent: orderTaxRateMilliPercent(tax),
    taxableCents: tax.taxableCents,
    taxCents: tax.taxCents,
  }));

  const refundedByPayment = new Map<string, number>();
  for (const refund of order.refunds) {
    if (refund.posPaymentId === undefined) continue;
    refundedByPayment.set(refund.posPaymentId, (refundedByPayment.get(refund.posPaymentId) ?? 0) + refund.amountCents);
  }
  const paymentsById = new Map(order.payments.map((p) => [p.posPaymentId, p]));

  const payments: TPaymentRow[] = order.payments.map((p) => ({
    posPaymentId: p.posPaymentId,
    method: p.method,
    cardBrand: p.cardBrand ?? null,
    cardLast4: p.cardLast4 ?? null,
    amountCents: p.amountCents,
    tipCents: p.tipCents,
    refundedCents: refundedByPayment.get(p.posPaymentId) ?? 0,
    paidAt: iso(p.paidAt),
    businessDay: dayOf(p.paidAt),
  }));

  // A POS refund says only how much: its net sales and tax are the order's proportions of it.
  const refundParts = (amountCents: number) => {
    const [netCents = 0, , taxCents = 0] = splitCents(amountCents, [
      totals.netSalesCents,
      totals.serviceChargeCents,
      totals.taxCents,
      totals.tipCents,
    ]);
    return { netCents, taxCents };
  };
  const refunds: TRefundRow[] = order.refunds.map((r) => {
    const payment = r.posPaymentId === undefined ? undefined : paymentsById.get(r.posPaymentId);
    const sameCard = payment && payment.method === 'card' && r.method === 'card';
    return {
      posRefundId: r.posRefundId,
      posPaymentId: r.posPaymentId ?? null,
      method: r.method,
      cardBrand: sameCard ? (payment.cardBrand ?? null) : null,
      cardLast4: sameCard ? (payment.cardLast4 ?? null) : null,
      amountCents: r.amountCents,
      ...refundParts(r.amountCents),
      reason: r.reason,
      refundedBy: r.by,
      refundedAt: iso(r.at),
      businessDay: dayOf(r.at),
    };
  });

  return {
    order: {
      posOrderId: order.posOrderId,
      orderNumber: order.orderNumber ?? null,
      channel: order.channel,
      deliveryPlatform: order.deliveryPlatform ?? null,
      tableName: order.tableName ?? null,
      partySize: order.partySize,
      serverId: order.serverId ?? null,
      serverName: order.serverName ?? null,
      status: order.status,
      openedAt: iso(order.openedAt),
      closedAt: order.closedAt ? iso(order.closedAt) : null,
      businessDay,
      openedHour: zonedParts(new Date(order.openedAt), timeZone).hour,
      voidedBy: order.voided?.by ?? null,
      voidedReason: order.voided?.reason ?? null,
      voidedAt: order.voided ? iso(order.voided.at) : null,
      grossSalesCents: totals.grossSalesCents,
      itemDiscountCents: totals.itemDiscountCents,
      orderDiscountCents: totals.orderDiscountCents,
      compCents: totals.compCents,
      voidCents: totals.voidCents,
      netSalesCents: totals.netSalesCents,
      taxCents: totals.taxCents,
      serviceChargeCents: totals.serviceChargeCents,
      tipCents: totals.tipCents,
      totalCents: totals.totalCents,
      paidCents: totals.paidCents,
      refundedCents: totals.refundedCents,
      compQuantity,
      voidQuantity,
      hasTaxLines: order.taxes.length > 0,
      payloadHash: payloadHash(order),
      payload: order,
    },
    items,
    options,
    discounts,
    taxes,
    payments,
    refunds,
  };
}

export function buildPayoutRow(
  payout: TIngestPayoutRequest | (Omit<TIngestPayoutRequest, 'posPayoutId' | 'reason' | 'by'> & { externalId: string }),
  kind: 'cash' | 'deposit',
  clock: TRestaurantClock,
): TPayoutRow {
  const externalId = 'externalId' in payout ? payout.externalId : payout.posPayoutId;
  return {
    kind,
    externalId,
    amountCents: payout.amountCents,
    reason: 'reason' in payout ? payout.reason : null,
    paidBy: 'by' in payout ? payout.by : null,
    paidAt: iso(payout.at),
    businessDay: businessDayOf(new Date(payout.at), clock.timeZone, clock.hourOffsetEndOfDay),
  };
}
