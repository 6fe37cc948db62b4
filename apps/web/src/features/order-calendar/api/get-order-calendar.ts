import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { get, type TRequestOptions } from '../../../lib/request.ts';

export interface TCalendarDay {
  day: string;
  /** Closed orders of the business day. */
  orders: number;
  /** Closed orders that seated a party (party size above 0). */
  parties: number;
  guests: number;
  netSalesCents: number;
}

/** The server's answer (apps/server dashboard.schemas.ts ZOrderCalendarResponse). */
export interface TOrderCalendar {
  month: string;
  /** IANA zone ('Unknown' until chosen) and its GMT offset now, for the label. */
  timeZone: string;
  GMT: string;
  hourOffsetEndOfDay: number;
  days: TCalendarDay[];
  totals: { orders: number; parties: number; guests: number; netSalesCents: number };
}

/** GET orders and parties per business day of a month ('YYYY-MM'), SPEC 2 "Order calendar". */
export function getOrderCalendar(month: string, opts?: TRequestOptions): Promise<TOrderCalendar> {
  return get<TOrderCalendar>('/api/order-calendar', { silent: true, ...opts, query: { month } });
}

export const orderCalendarQueryOptions = (month: string) =>
  queryOptions({ queryKey: ['orderCalendar', month], queryFn: ({ signal }) => getOrderCalendar(month, { signal }) });

export function useOrderCalendar(month: string) {
  return useQuery({ ...orderCalendarQueryOptions(month), placeholderData: keepPreviousData });
}
