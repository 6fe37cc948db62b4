import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TCampaignQuote,
  TCampaignRequest,
  TCustomerCount,
  TCustomerFilter,
  TCustomerNameMatches,
  TOwnCampaignList,
  TSmsPricingView,
  ZCampaignList,
  ZCustomerDetail,
  ZCustomerList,
} from '@ra/shared/customers/customers.schemas';
import { get, post, put } from '../../../lib/request.ts';

export type TCustomerList = z.infer<typeof ZCustomerList>;
export type TCampaignList = z.infer<typeof ZCampaignList>;
export type TListQuery = TCustomerFilter & { page: number; pageSize: number };

/** GET the customer list, filtered, sorted and paged on the server. */
export function useCustomers(query: TListQuery) {
  return useQuery({
    queryKey: ['customers', 'list', query],
    queryFn: ({ signal }) =>
      get<TCustomerList>('/api/customers', {
        signal,
        silent: true,
        query: query as Record<string, string | number | undefined>,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many customers match the filter (up to 10,000, then totalCapped): its own request beside the page,
 * which answers without counting. Keyed by the filter only, so paging does not count again; a new
 * filter shows the loading placeholder until its count arrives, not the previous filter's.
 */
export function useCustomerCount(filter: TCustomerFilter) {
  return useQuery({
    queryKey: ['customers', 'count', filter],
    queryFn: ({ signal }) =>
      get<TCustomerCount>('/api/customers/count', {
        signal,
        silent: true,
        query: filter as Record<string, string | number | undefined>,
      }),
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: ['customers', 'campaigns'],
    queryFn: ({ signal }) => get<TOwnCampaignList>('/api/customers/campaigns', { signal, silent: true }),
    refetchInterval: (q) =>
      q.state.data?.rows.some((c) => c.sendState === 'sending' || c.sendState === 'waiting') ? 2000 : false,
  });
}

export type TReviewStatus = 'pending' | 'approved' | 'rejected' | 'sent' | 'all';

/** Campaigns of the restaurants below the caller's node (agents, their team members and admins). */
export function useReviews(enabled: boolean, status: TReviewStatus = 'pending') {
  return useQuery({
    queryKey: ['customers', 'reviews', status],
    queryFn: ({ signal }) => get<TCampaignList>('/api/customers/reviews', { signal, silent: true, query: { status } }),
    enabled,
  });
}

/** Customers (members) by name, to select for an SMS; a 400 names each name that matches no one. */
export const lookupCustomerNames = (names: string[]) =>
  post<TCustomerNameMatches>('/api/customers/lookup-names', { names }, { silent: true });

export const quoteCampaign = (body: TCampaignRequest) =>
  post<TCampaignQuote>('/api/customers/campaigns/quote', body, { silent: true });

export function useSubmitCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCampaignRequest) =>
      post<{ message: string; id: number }>('/api/customers/campaigns', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customers'] }),
  });
}

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      post<{ message: string; waitsUntil: string | null }>(`/api/customers/campaigns/${id}/send`, undefined, {
        silent: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['customers', 'campaigns'] }),
  });
}

export function useReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; decision: 'approved' | 'rejected'; note?: string }) =>
      post<{ message: string }>(
        `/api/customers/reviews/${v.id}`,
        { decision: v.decision, note: v.note },
        { silent: true },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['customers', 'reviews'] }),
  });
}

export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

/** One customer: their orders and opt-in history (the drawer from the list). */
export function useCustomerDetail(id: number | null) {
  return useQuery({
    queryKey: ['customers', 'detail', id],
    queryFn: ({ signal }) => get<TCustomerDetail>(`/api/customers/${id}`, { signal, silent: true }),
    enabled: id !== null,
  });
}

/** The restaurant's points rule (points per dollar of net sales). */
export function usePointsRule() {
  return useQuery({
    queryKey: ['customers', 'settings'],
    queryFn: ({ signal }) => get<{ pointsPerDollar: number }>('/api/customers/settings', { signal, silent: true }),
  });
}

export function useSavePointsRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pointsPerDollar: number) =>
      put<{ pointsPerDollar: number }>('/api/customers/settings', { pointsPerDollar }, { silent: true }),
    onSuccess: (data) => client.setQueryData(['customers', 'settings'], data),
  });
}

export type TSmsPricing = { pricePerPartMicros: number; taxRateBasisPoints: number };

/** The platform SMS pricing, and whether the caller may set it (platform staff only). */
export function useSmsPricing(enabled = true) {
  return useQuery({
    queryKey: ['customers', 'pricing'],
    queryFn: ({ signal }) => get<TSmsPricingView>('/api/customers/sms/pricing', { signal, silent: true }),
    enabled,
  });
}

export function useSaveSmsPricing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pricing: TSmsPricing) => put<TSmsPricing>('/api/customers/sms/pricing', pricing, { silent: true }),
    onSuccess: (data) => client.setQueryData<TSmsPricingView>(['customers', 'pricing'], { ...data, editable: true }),
  });
}
