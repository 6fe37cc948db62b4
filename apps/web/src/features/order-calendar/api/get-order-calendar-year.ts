import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderCalendarYearResponse } from '@ra/shared/dashboard/order-calendar.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** GET each month's orders and parties of a year ('YYYY'): the calendar's year view. */
export function getOrderCalendarYear(year: string, opts?: TRequestOptions): Promise<TOrderCalendarYearResponse> {
  return get<TOrderCalendarYearResponse>('/api/order-calendar/year', { silent: true, ...opts, query: { year } });
}

export const orderCalendarYearQueryOptions = (year: string) =>
  queryOptions({
    queryKey: ['orderCalendar', 'year', year],
    queryFn: ({ signal }) => getOrderCalendarYear(year, { signal }),
  });

export function useOrderCalendarYear(year: string, enabled = true) {
  return useQuery({ ...orderCalendarYearQueryOptions(year), placeholderData: keepPreviousData, enabled });
}
