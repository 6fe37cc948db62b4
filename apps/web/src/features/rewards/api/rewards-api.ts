import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TReward,
  TRewardInput,
  TRewardList,
  TRewardOptions,
  TRewardsReport,
} from '@ra/shared/rewards/rewards.schemas';
import { downloadFile } from '../../../lib/download.ts';
import { get, post, put } from '../../../lib/request.ts';

export type TArchivedFilter = 'active' | 'archived' | 'all';

/** One place for the rewards cache keys, so every change invalidates what it touches. */
export const rewardKeys = {
  all: ['rewards'] as const,
  list: (archived: TArchivedFilter) => ['rewards', 'list', archived] as const,
  options: () => ['rewards', 'options'] as const,
  report: (from: string, to: string) => ['rewards', 'report', from, to] as const,
};

/** GET /api/api/rewards (editCoupon). */
export function useRewards(archived: TArchivedFilter) {
  return useQuery({
    queryKey: rewardKeys.list(archived),
    queryFn: ({ signal }) => get<TRewardList>('/api/rewards', { signal, silent: true, query: { archived } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/api/rewards/options: the coupons and menu items a reward can give. */
export function useRewardOptions(enabled: boolean) {
  return useQuery({
    queryKey: rewardKeys.options(),
    queryFn: ({ signal }) => get<TRewardOptions>('/api/rewards/options', { signal, silent: true }),
    enabled,
  });
}

/** POST /api/api/rewards or PUT /api/api/rewards/:id. */
export function useSaveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TRewardInput }) =>
      id === null
        ? post<TReward>('/api/rewards', input, { silent: true })
        : put<TReward>(`/api/rewards/${id}`, input, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}

/** POST /api/api/rewards/:id/archive or /restore. */
export function useArchiveReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      post<TReward>(`/api/rewards/${id}/${archive ? 'archive' : 'restore'}`, undefined, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: rewardKeys.all }),
  });
}

/** GET /api/api/rewards/report over business days from..to. */
export function useRewardsReport(from: string, to: string) {
  return useQuery({
    queryKey: rewardKeys.report(from, to),
    queryFn: ({ signal }) => get<TRewardsReport>('/api/rewards/report', { signal, silent: true, query: { from, to } }),
    enabled: from !== '' && to !== '' && from <= to,
    placeholderData: keepPreviousData,
  });
}

export function downloadRewardsReport(from: string, to: string, lang: 'en' | 'zh') {
  return downloadFile('/api/rewards/report/export', {
    query: { from, to, lang },
    fallbackName: `Rewards ${from}_${to}.csv`,
  });
}
