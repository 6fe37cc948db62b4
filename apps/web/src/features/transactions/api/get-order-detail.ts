import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderDetail } from '@ra/shared/transactions/transactions.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

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
