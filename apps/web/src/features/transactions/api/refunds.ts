import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateRefundRequest, TOfficeRefund, TOrderRefunds } from '@ra/shared/refunds/refunds.schemas';
import { get, post } from '../../../lib/request.ts';

/** What is left to refund on an order, the caller's limit, and the order's refunds (issue 23). */
export const orderRefundsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['transactions', 'order', orderId, 'refunds'],
    queryFn: ({ signal }) => get<TOrderRefunds>(`/api/refunds/order/${orderId}`, { silent: true, signal }),
  });

export function useOrderRefunds(orderId: number, enabled: boolean) {
  return useQuery({ ...orderRefundsQueryOptions(orderId), enabled });
}

/** After any refund change the order, its refunds, the transactions list and the reports are stale. */
function useRefreshAfterRefund() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['transactions'] }),
      client.invalidateQueries({ queryKey: ['reports'] }),
    ]);
}

export function useCreateRefund(orderId: number) {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: (body: TCreateRefundRequest) =>
      post<TOfficeRefund>(`/api/refunds/order/${orderId}`, body, { silent: true }),
    onSettled: refresh,
  });
}

export function useDecideRefund() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      giftcardNumber,
    }: {
      id: number;
      decision: 'approve' | 'reject';
      giftcardNumber?: string;
    }) =>
      post<TOfficeRefund>(
        `/api/refunds/${id}/${decision}`,
        decision === 'approve' ? (giftcardNumber ? { giftcardNumber } : {}) : undefined,
        { silent: true },
      ),
    onSettled: refresh,
  });
}

export function useRetryRefund() {
  const refresh = useRefreshAfterRefund();
  return useMutation({
    mutationFn: (id: number) => post<TOfficeRefund>(`/api/refunds/${id}/retry`, undefined, { silent: true }),
    onSettled: refresh,
  });
}
