import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCardBrand, TOrderChannel, TPaymentMethod } from '@ra/shared/orders/orders.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

export const TRANSACTION_KINDS = ['payment', 'refund'] as const;
export type TTransactionKind = (typeof TRANSACTION_KINDS)[number];
/** completed: nothing refunded; partiallyRefunded / refunded: refunds naming the payment. */
export const TRANSACTION_STATUSES = ['completed', 'partiallyRefunded', 'refunded'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_SORTS = ['-at', 'at', '-amount', 'amount'] as const;
export type TTransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The list's filters (server ZTransactionsQuery); amounts in cents. */
export interface TTransactionsFilter {
  from: string;
  to: string;
  q?: string;
  method?: TPaymentMethod;
  kind?: TTransactionKind;
  status?: TTransactionStatus;
  minCents?: number;
  maxCents?: number;
  page: number;
  pageSize: number;
  sort: TTransactionSort;
}

export interface TTransactionRow {
  /** 'payment-12' / 'refund-3'. */
  key: string;
  kind: TTransactionKind;
  id: number;
  orderId: number;
  posOrderId: string;
  orderNumber: string | null;
  channel: TOrderChannel;
  serverName: string | null;
  method: TPaymentMethod;
  cardBrand: TCardBrand | null;
  cardLast4: string | null;
  /** Payments: taken including the tip. Refunds: given back. */
  amountCents: number;
  tipCents: number;
  refundedCents: number;
  status: TTransactionStatus;
  at: string;
  businessDay: string;
  reason: string | null;
  by: string | null;
}

export interface TTransactionsResponse {
  range: { from: string; to: string };
  rows: TTransactionRow[];
  page: number;
  pageSize: number;
  total: number;
  /** Over every matching row, not just this page. */
  totals: { paymentCount: number; paymentCents: number; refundCount: number; refundCents: number };
}

/** GET payments and refunds, filtered, sorted and paged on the server (SPEC 2 /transactions; viewTransactions). */
export function getTransactions(filter: TTransactionsFilter, opts?: TRequestOptions): Promise<TTransactionsResponse> {
  return get<TTransactionsResponse>('/api/transactions', { silent: true, ...opts, query: { ...filter } });
}

export const transactionsQueryOptions = (filter: TTransactionsFilter) =>
  queryOptions({
    queryKey: ['transactions', 'list', filter],
    queryFn: ({ signal }) => getTransactions(filter, { signal }),
  });

export function useTransactions(filter: TTransactionsFilter) {
  return useQuery({ ...transactionsQueryOptions(filter), placeholderData: keepPreviousData });
}
