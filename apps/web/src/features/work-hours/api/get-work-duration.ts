import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';
import { workHoursKeys } from './query-keys.ts';

/** SPEC 7 GET /api/restaurant/{restId}/work-duration?from=&to= (epoch ms): records and the timesheet. */
export function getWorkDuration(restId: number, from: number, to: number, opts?: TRequestOptions) {
  return get<TWorkDurationResponse>(`/api/restaurant/${restId}/work-duration`, {
    // the page shows 'Fetch failed' or the server's errmsg itself (SPEC 8)
    silent: true,
    ...opts,
    query: { from, to },
  });
}

export const workDurationQuery = (restId: number, from: number, to: number) =>
  queryOptions({
    queryKey: workHoursKeys.sheet(restId, from, to),
    queryFn: ({ signal }) => getWorkDuration(restId, from, to, { signal }),
  });

export function useWorkDuration(restId: number | null, range: { from: number; to: number } | null) {
  return useQuery({
    ...workDurationQuery(restId ?? 0, range?.from ?? 0, range?.to ?? 0),
    enabled: restId !== null && range !== null,
    placeholderData: keepPreviousData,
  });
}
