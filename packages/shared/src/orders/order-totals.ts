/** An order's life: open at the till, closed when paid, voided when cancelled. */
export const ORDER_STATUSES = ['open', 'closed', 'voided'] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The figures one order contributes to the sales report (SPEC 1 "Sales reports"; SPEC 2 "/salesReport"
 * summary, comps/voids, taxes). Definitions, as Toast and Square use them:
 *
 *   line gross       = quantity x (unit price + sum of option price x option quantity)
 *   gross sales      = sum of line gross over lines that were not voided; comped lines are included,
 *                      since the food was sold and then given away
 *   void             = sum of line gross over voided lines: never sold, so outside gross sales and
 *                      reported on its own
 *   comp             = sum of line gross over comped lines
 *   item discount    = discounts applied to single lines
 *   order discount   = discounts applied to the whole check
 *   net sales        = gross sales - item discount - order discount - comp
 *   total            = net sales + tax + service charge + tip: what the guest owes
 *   paid             = sum of payments (each payment includes its tip)
 *   refunded         = sum of refunds; refunds do not reduce sales, they are reported (and subtracted
 *                      from "total collected") on their own, since a refund covers tax and tip too
 *
 * Service charge and tips are not sales: they go to staff or the house and are shown apart.
 * For a voided order nothing was sold: every line counts as void and sales, tax, service charge, tip
 * and total are 0; payments and refunds are still counted as money that moved.
 * Open orders are totalled the same way as closed ones; reports decide whether to include them.
 */

export interface TLineForTotals {
  quantity: number;
  unitPriceCents: number;
  options: readonly { priceCents: number; quantity: number }[];
  discounts: readonly { amountCents: number }[];
  voided?: unknown;
  comped?: unknown;
}

/** The fields `orderTotals` reads: a parsed ingestion request, or a stored order mapped to this shape. */
export interface TOrderForTotals {
  status: TOrderStatus;
  items: readonly TLineForTotals[];
  discounts: readonly { amountCents: number }[];
  taxCents: number;
  serviceChargeCents: number;
  tipCents: number;
  payments: readonly { amountCents: number }[];
  refunds: readonly { amountCents: number }[];
}

export interface TOrderTotals {
  grossSalesCents: number;
  itemDiscountCents: number;
  orderDiscountCents: number;
  /** item + order discounts. */
  discountCents: number;
  compCents: number;
  voidCents: number;
  netSalesCents: number;
  taxCents: number;
  serviceChargeCents: number;
  tipCents: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
}

const sumCents = (entries: readonly { amountCents: number }[]) =>
  entries.reduce((total, entry) => total + entry.amountCents, 0);

/** quantity x (unit price + options): the line before discounts, comps or voids. */
export function lineGrossCents(line: Pick<TLineForTotals, 'quantity' | 'unitPriceCents' | 'options'>): number {
  const optionsPerUnit = line.options.reduce((total, option) => total + option.priceCents * option.quantity, 0);
  return line.quantity * (line.unitPriceCents + optionsPerUnit);
}

// `voided` / `comped` are objects when set; stored rows may carry null instead of leaving them out.
const isSet = (value: unknown) => value !== undefined && value !== null && value !== false;

export function orderTotals(order: TOrderForTotals): TOrderTotals {
  const paidCents = sumCents(order.payments);
  const refundedCents = sumCents(order.refunds);

  if (order.status === 'voided') {
    return {
      grossSalesCents: 0,
      itemDiscountCents: 0,
      orderDiscountCents: 0,
      discountCents: 0,
      compCents: 0,
      voidCents: order.items.reduce((total, line) => total + lineGrossCents(line), 0),
      netSalesCents: 0,
      taxCents: 0,
      serviceChargeCents: 0,
      tipCents: 0,
      totalCents: 0,
      paidCents,
      refundedCents,
    };
  }

  let grossSalesCents = 0;
  let voidCents = 0;
  let compCents = 0;
  let itemDiscountCents = 0;
  for (const line of order.items) {
    const gross = lineGrossCents(line);
    if (isSet(line.voided)) {
      voidCents += gross;
      continue;
    }
    grossSalesCents += gross;
    if (isSet(line.comped)) compCents += gross;
    // Validation refuses discounts on comped lines; skipping them here keeps a comp from counting twice.
    else itemDiscountCents += sumCents(line.discounts);
  }
  const orderDiscountCents = sumCents(order.discounts);
  const discountCents = itemDiscountCents + orderDiscountCents;
  const netSalesCents = grossSalesCents - discountCents - compCents;

  return {
    grossSalesCents,
    itemDiscountCents,
    orderDiscountCents,
    discountCents,
    compCents,
    voidCents,
    netSalesCents,
    taxCents: order.taxCents,
    serviceChargeCents: order.serviceChargeCents,
    tipCents: order.tipCents,
    totalCents: netSalesCents + order.taxCents + order.serviceChargeCents + order.tipCents,
    paidCents,
    refundedCents,
  };
}
