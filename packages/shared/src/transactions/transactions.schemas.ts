import { z } from 'zod';
import { daysInRange } from '../business-day/date-range.ts';
import {
  CARD_BRANDS,
  DISCOUNT_KINDS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
} from '../orders/orders.schemas.ts';
import { MAX_REPORT_RANGE_DAYS, REPORT_MESSAGES, ZBusinessDay, ZDayRange } from '../reports/reports.schemas.ts';
import { zText } from '../validation/text.ts';

/**
 * The transactions page (SPEC 2 "/transactions/index", SPEC 6 viewTransactions): payments and
 * refunds, searchable and filtered on the server, with the order behind each. One contract: the
 * server validates and documents with these, the web reads its answers as these types.
 */

export const TRANSACTION_KINDS = ['payment', 'refund'] as const;
export type TTransactionKind = (typeof TRANSACTION_KINDS)[number];
/** completed: nothing refunded; partiallyRefunded / refunded: refunds naming the payment. Refunds are always completed. */
export const TRANSACTION_STATUSES = ['completed', 'partiallyRefunded', 'refunded'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_SORTS = ['-at', 'at', '-amount', 'amount'] as const;
export type TTransactionSort = (typeof TRANSACTION_SORTS)[number];
/** Page sizes the list offers; the URL and the server accept no others. */
export const TRANSACTION_PAGE_SIZES = [20, 50, 100, 200] as const;

const ZOptionalCents = z.coerce.number().int().min(0).optional();

export const ZTransactionsQuery = z
  .object({
    from: ZBusinessDay,
    to: ZBusinessDay,
    /** Ticket number, POS order id (prefix), card last 4 digits, or server name (part). */
    q: zText().trim().max(80).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    kind: z.enum(TRANSACTION_KINDS).optional(),
    status: z.enum(TRANSACTION_STATUSES).optional(),
    minCents: ZOptionalCents,
    maxCents: ZOptionalCents,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    sort: z.enum(TRANSACTION_SORTS).default('-at'),
  })
  .superRefine(
    (q, ctx) => {
      const days = daysInRange(q);
      if (days < 1)
        ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeReversed'].en });
      else if (days > MAX_REPORT_RANGE_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES['reports.rangeTooLong'].en });
      }
      if (q.minCents !== undefined && q.maxCents !== undefined && q.minCents > q.maxCents) {
        ctx.addIssue({ code: 'custom', path: ['maxCents'], message: 'The maximum cannot be below the minimum' });
      }
    },
    // The range rules need two real days: on a malformed one they would throw instead of answering 400.
    { when: (payload) => payload.issues.length === 0 },
  );
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

export const ZTransactionRow = z.object({
  /** 'payment-12' / 'refund-3': unique across both kinds, for table row keys. */
  key: z.string(),
  kind: z.enum(TRANSACTION_KINDS),
  id: z.number().int(),
  orderId: z.number().int(),
  posOrderId: z.string(),
  orderNumber: z.string().nullable(),
  channel: z.enum(ORDER_CHANNELS),
  serverName: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  cardLast4: z.string().nullable(),
  /** Payments: amount taken including the tip. Refunds: amount given back. */
  amountCents: z.number().int(),
  tipCents: z.number().int(),
  refundedCents: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  at: z.iso.datetime({ offset: true }),
  businessDay: z.string(),
  /** Refunds: why and who. */
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type TTransactionRow = z.infer<typeof ZTransactionRow>;

export const ZTransactionsResponse = z.object({
  range: ZDayRange,
  /** The latest business day up to the range's end with a closed order (null: none yet), as in the sales summary. */
  lastSalesDay: z.string().nullable(),
  rows: z.array(ZTransactionRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching rows over every page. */
  total: z.number().int(),
  /** Over every matching row, not just this page. */
  totals: z.object({
    paymentCount: z.number().int(),
    paymentCents: z.number().int(),
    refundCount: z.number().int(),
    refundCents: z.number().int(),
  }),
});
export type TTransactionsResponse = z.infer<typeof ZTransactionsResponse>;

const ZStaffActionOut = z.object({ by: z.string(), reason: z.string(), at: z.string() }).nullable();

export const ZOrderDetail = z.object({
  id: z.number().int(),
  posOrderId: z.string(),
  orderNumber: z.string().nullable(),
  channel: z.enum(ORDER_CHANNELS),
  deliveryPlatform: z.string().nullable(),
  tableName: z.string().nullable(),
  partySize: z.number().int(),
  serverName: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  businessDay: z.string(),
  voided: ZStaffActionOut,
  totals: z.object({
    grossSalesCents: z.number().int(),
    discountCents: z.number().int(),
    compCents: z.number().int(),
    voidCents: z.number().int(),
    netSalesCents: z.number().int(),
    taxCents: z.number().int(),
    serviceChargeCents: z.number().int(),
    tipCents: z.number().int(),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
  items: z.array(
    z.object({
      lineNo: z.number().int(),
      posItemId: z.string(),
      name: z.string(),
      category: z.string(),
      quantity: z.number().int(),
      unitPriceCents: z.number().int(),
      grossCents: z.number().int(),
      discountCents: z.number().int(),
      netCents: z.number().int(),
      options: z.array(
        z.object({ name: z.string(), group: z.string(), priceCents: z.number().int(), quantity: z.number().int() }),
      ),
      comped: ZStaffActionOut,
      voided: ZStaffActionOut,
    }),
  ),
  discounts: z.array(
    z.object({
      lineNo: z.number().int().nullable(),
      name: z.string(),
      kind: z.enum(DISCOUNT_KINDS),
      couponCode: z.string().nullable(),
      amountCents: z.number().int(),
      appliedBy: z.string().nullable(),
    }),
  ),
  taxes: z.array(
    z.object({
      name: z.string(),
      /** Thousandths of a percent (8875 = 8.875%). */
      rateMilliPercent: z.number().int().nullable(),
      taxableCents: z.number().int(),
      taxCents: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      posPaymentId: z.string(),
      method: z.enum(PAYMENT_METHODS),
      cardBrand: z.enum(CARD_BRANDS).nullable(),
      cardLast4: z.string().nullable(),
      amountCents: z.number().int(),
      tipCents: z.number().int(),
      refundedCents: z.number().int(),
      paidAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      posRefundId: z.string(),
      posPaymentId: z.string().nullable(),
      method: z.enum(PAYMENT_METHODS),
      amountCents: z.number().int(),
      /** The refunded card's brand and last digits (card refunds). */
      cardBrand: z.enum(CARD_BRANDS).nullable(),
      cardLast4: z.string().nullable(),
      /** As the POS typed it, or a back-office reason code (REFUND_REASONS), which screens translate. */
      reason: z.string(),
      by: z.string(),
      at: z.string(),
    }),
  ),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;
export type TStaffAction = z.infer<typeof ZStaffActionOut>;
