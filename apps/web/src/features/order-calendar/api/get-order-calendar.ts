import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderCalendarResponse } from '@ra/shared/dashboard/order-calendar.schemas';
import { get, type TRequestOptions } from '../../../lib/request.ts';

/** GET orders and parties per business day of a month ('YYYY-MM'), SPEC 2 "Order calendar". */
export function getOrderCalendar(month: string, opts?: TRequestOptions): Promise<TOrderCalendarResponse> {
  return get<TOrderCalendarResponse>('/api/order-calendar', { silent: true, ...opts, query: { month } });
}

export const orderCalendarQueryOptions = (month: string) =>
  queryOptions({ queryKey: ['orderCalendar', month], queryFn: ({ signal }) => getOrderCalendar(month, { signal }) });

export function useOrderCalendar(month: string, enabled = true) {
  return useQuery({ ...orderCalendarQueryOptions(month), placeholderData: keepPreviousData, enabled });
}
