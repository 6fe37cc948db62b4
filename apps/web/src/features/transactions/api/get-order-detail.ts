import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TCardBrand,
  TDiscountKind,
  TOrderChannel,
  TOrderStatus,
  TPaymentMethod,
} from '@ra/shared/orders/orders.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

export type TStaffActionOut = { by: string; reason: string; at: string } | null;

/** The order behind a transaction (server ZOrderDetail). */
export interface TOrderDetail {
  id: number;
  posOrderId: string;
  orderNumber: string | null;
  channel: TOrderChannel;
  deliveryPlatform: string | null;
  tableName: string | null;
  partySize: number;
  serverName: string | null;
  status: TOrderStatus;
  openedAt: string;
  closedAt: string | null;
  businessDay: string;
  voided: TStaffActionOut;
  totals: {
    grossSalesCents: number;
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
  };
  items: Array<{
    lineNo: number;
    posItemId: string;
    name: string;
    category: string;
    quantity: number;
    unitPriceCents: number;
    grossCents: number;
    discountCents: number;
    netCents: number;
    options: Array<{ name: string; group: string; priceCents: number; quantity: number }>;
    comped: TStaffActionOut;
    voided: TStaffActionOut;
  }>;
  discounts: Array<{
    lineNo: number | null;
    name: string;
    kind: TDiscountKind;
    couponCode: string | null;
    amountCents: number;
    appliedBy: string | null;
  }>;
  taxes: Array<{ name: string; rateBasisPoints: number | null; taxableCents: number; taxCents: number }>;
  payments: Array<{
    id: number;
    posPaymentId: string;
    method: TPaymentMethod;
    cardBrand: TCardBrand | null;
    cardLast4: string | null;
    amountCents: number;
    tipCents: number;
    refundedCents: number;
    paidAt: string;
  }>;
  refunds: Array<{
    id: number;
    posRefundId: string;
    posPaymentId: string | null;
    method: TPaymentMethod;
    amountCents: number;
    reason: string;
    by: string;
    at: string;
  }>;
}

/** GET one order with its lines, options, discounts, comps/voids, payments and refunds. */
export function getOrderDetail(orderId: number, opts?: TRequestOptions): Promise<TOrderDetail> {
  return get<TOrderDetail>(`/api/transactions/order/${orderId}`, { silent: true, ...opts });
}

export const orderDetailQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['transactions', 'order', orderId],
    queryFn: ({ signal }) => getOrderDetail(orderId, { signal }),
  });

export function useOrderDetail(orderId: number | null) {
  return useQuery({ ...orderDetailQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
