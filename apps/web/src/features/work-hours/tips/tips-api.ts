import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTipRule } from '@ra/shared/tips/allocation';
import type { TTipPeriodResponse, TTipRuleResponse } from '@ra/shared/tips/tips.schemas';
import { downloadFile } from '../../../lib/download.ts';
import { get, post, put } from '../../../lib/request.ts';
import { workHoursKeys } from '../api/query-keys.ts';

/** Tips (issue 23): keys under work hours', so a closed or reopened period refetches its tips too. */
export const tipsKeys = {
  all: [...workHoursKeys.all, 'tips'] as const,
  rule: () => [...tipsKeys.all, 'rule'] as const,
  period: (start: string | null) => [...tipsKeys.all, 'period', start] as const,
};

export function useTipRule(enabled = true) {
  return useQuery({
    queryKey: tipsKeys.rule(),
    queryFn: ({ signal }) => get<TTipRuleResponse>('/api/tips/rule', { silent: true, signal }),
    enabled,
  });
}

export function useSaveTipRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: TTipRule) => put<TTipRuleResponse>('/api/tips/rule', rule, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: tipsKeys.all }),
  });
}

/** The worked example: the rule on the last ended pay period's real orders and shifts, not saved. */
export function previewTipRule(rule: TTipRule) {
  return post<TTipPeriodResponse>('/api/tips/rule/preview', rule, { silent: true });
}

/** A pay period's tips (`start` null: the current period). Staff get their own line only. */
export function useTipPeriod(start: string | null) {
  return useQuery({
    queryKey: tipsKeys.period(start),
    queryFn: ({ signal }) =>
      get<TTipPeriodResponse>(`/api/tips/period${start ? `?start=${start}` : ''}`, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadTips(start: string, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/tips/period/export?start=${start}&format=${format}`, {
    fallbackName: `tips-${start}.${format}`,
  });
}
