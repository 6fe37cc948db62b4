import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TProfitabilityResponse } from '@ra/shared/insight/insight.schemas';
import { currentLanguage } from '../../../lib/i18n.ts';
import { downloadFile } from '../../../lib/download.ts';
import { get } from '../../../lib/request.ts';

/** GET the selected restaurant's item profitability over business days. */
export function useProfitability(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['insight', 'profitability', range.from, range.to],
    queryFn: ({ signal }) =>
      get<TProfitabilityResponse>('/insight/profitability', { silent: true, signal, query: { ...range } }),
    placeholderData: keepPreviousData,
  });
}

export function downloadProfitability(range: { from: string; to: string }, format: 'csv' | 'xlsx'): Promise<void> {
  const params = new URLSearchParams({ from: range.from, to: range.to, format, lang: currentLanguage() });
  return downloadFile(`/insight/profitability/export?${params.toString()}`, {
    fallbackName: `item profitability ${range.from}_${range.to}.${format}`,
  });
}
