import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TReportMailFrequency,
  TReportMailPreview,
  TReportMailSettings,
  TReportMailUpdate,
} from '@ra/shared/report-mail/report-mail.schemas';
import { get, post, put } from '../../../lib/request.ts';

const KEY = ['report-mail', 'settings'] as const;

export const reportMailSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => get<TReportMailSettings>('/api/report-mail/settings', { silent: true, signal }),
  });

export function useReportMailSettings() {
  return useQuery(reportMailSettingsQuery());
}

export function useUpdateReportMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportMailUpdate) => put<TReportMailSettings>('/api/report-mail/settings', body),
    onSuccess: (settings) => client.setQueryData(KEY, settings),
  });
}

export function useReportMailPreview(frequency: TReportMailFrequency | null, lang: 'en' | 'zh') {
  return useQuery({
    queryKey: ['report-mail', 'preview', frequency, lang],
    queryFn: ({ signal }) =>
      get<TReportMailPreview>('/api/report-mail/preview', {
        silent: true,
        signal,
        query: { frequency: frequency!, lang },
      }),
    enabled: frequency !== null,
  });
}

export function useSendReportNow() {
  return useMutation({
    mutationFn: (body: { frequency: TReportMailFrequency; lang: 'en' | 'zh'; includeXlsx: boolean }) =>
      post<{ to: string }>('/api/report-mail/send-now', body),
  });
}
