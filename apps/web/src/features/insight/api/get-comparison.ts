import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TComparisonQuery, TComparisonResponse } from '@ra/shared/insight/insight.schemas';
import { currentLanguage } from '../../../lib/i18n.ts';
import { downloadFile } from '../../../lib/download.ts';
import { get } from '../../../lib/request.ts';

export const insightKeys = {
  comparison: (q: object) => ['insight', 'comparison', q] as const,
};

/** GET one page of the comparison across locations (sorted and paged on the server). */
export function useComparison(query: TComparisonQuery) {
  return useQuery({
    queryKey: insightKeys.comparison(query),
    queryFn: ({ signal }) =>
      get<TComparisonResponse>('/insight/comparison', { silent: true, signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** Every restaurant of the comparison as a file, with its words in the language on screen. */
export function downloadComparison(
  query: Pick<TComparisonQuery, 'from' | 'to' | 'sort' | 'order' | 'q'>,
  format: 'csv' | 'xlsx',
): Promise<void> {
  const params = new URLSearchParams({
    from: query.from,
    to: query.to,
    sort: query.sort,
    order: query.order,
    format,
    lang: currentLanguage(),
  });
  if (query.q) params.set('q', query.q);
  return downloadFile(`/insight/comparison/export?${params.toString()}`, {
    fallbackName: `comparison ${query.from}_${query.to}.${format}`,
  });
}
