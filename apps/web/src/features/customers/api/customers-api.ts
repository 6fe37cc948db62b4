import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TCampaignQuote,
  TCampaignRequest,
  TCustomerFilter,
  ZCampaignList,
  ZCustomerList,
} from '@ra/shared/customers/customers.schemas';
import { get, post } from '../../../lib/request.ts';

export type TCustomerList = z.infer<typeof ZCustomerList>;
export type TCampaignList = z.infer<typeof ZCampaignList>;
export type TListQuery = TCustomerFilter & { page: number; pageSize: number };

/** GET the customer list, filtered, sorted and paged on the server. */
export function useCustomers(query: TListQuery) {
  return useQuery({
    queryKey: ['customers', 'list', query],
    queryFn: ({ signal }) =>
      get<TCustomerList>('/api/customers', { signal, silent: true, query: query as Record<string, string | number | undefined> }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: ['customers', 'campaigns'],
    queryFn: ({ signal }) => get<TCampaignList>('/api/customers/campaigns', { signal, silent: true }),
    refetchInterval: (q) => (q.state.data?.rows.some((c) => c.sendState === 'sending' || c.sendState === 'waiting') ? 2000 : false),
  });
}

export function useReviews(enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'reviews'],
    queryFn: ({ signal }) => get<TCampaignList>('/api/customers/reviews', { signal, silent: true, query: { status: 'pending' } }),
    enabled,
  });
}

export const quoteCampaign = (body: TCampaignRequest) =>
  post<TCampaignQuote>('/api/customers/campaigns/quote', body, { silent: true });

export function useSubmitCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCampaignRequest) => post<{ message: string; id: number }>('/api/customers/campaigns', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customers'] }),
  });
}

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      post<{ message: string; waitsUntil: string | null }>(`/api/customers/campaigns/${id}/send`, undefined, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['customers', 'campaigns'] }),
  });
}

export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; decision: 'approved' | 'rejected'; note?: string }) =>
      post<{ message: string }>(`/api/customers/reviews/${v.id}`, { decision: v.decision, note: v.note }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customers', 'reviews'] }),
  });
}
