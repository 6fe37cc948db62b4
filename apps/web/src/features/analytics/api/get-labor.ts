import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLaborResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** Labour cost against net sales over business days (GET /api/work-hours/labor; editWorkHour). */
export function getLabor(range: { from: string; to: string }, opts?: TRequestOptions): Promise<TLaborResponse> {
  const query = new URLSearchParams(range);
  return get<TLaborResponse>(`/api/work-hours/labor?${query.toString()}`, { silent: true, ...opts });
}

export const laborQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['analytics', 'labor', range.from, range.to] as const,
    queryFn: ({ signal }) => getLabor(range, { signal }),
  });

export function useLabor(range: { from: string; to: string }, enabled: boolean) {
  return useQuery({ ...laborQuery(range), enabled });
}
