import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrderChannel, TOrderStatus } from '@ra/shared/orders/orders.schemas';
import { get, isApiError, type TRequestOptions } from '../../../lib/request.ts';

/** Today so far, or the same weekday last week up to the same time of day. */
export interface TSoFar {
  businessDay: string;
  netSalesCents: number;
  orders: number;
  guests: number;
  averageCheckCents: number;
  openOrders: number;
}

export interface TLatestOrder {
  id: number;
  posOrderId: string;
  orderNumber: string | null;
  channel: TOrderChannel;
  status: TOrderStatus;
  partySize: number;
  serverName: string | null;
  openedAt: string;
  totalCents: number;
}

/** The server's answer (apps/server dashboard.schemas.ts ZDashboardTodayResponse). */
export interface TDashboardToday {
  timeZone: string;
  asOf: string;
  today: TSoFar;
  sameTimeLastWeek: TSoFar;
  /** The last 14 business days including today, oldest first. */
  last14Days: Array<{ day: string; netSalesCents: number; orders: number }>;
  latestOrders: TLatestOrder[];
}

/** GET the home page's sales figures (needs viewSalesReport; SPEC 6). */
export function getDashboardToday(opts?: TRequestOptions): Promise<TDashboardToday> {
  // the page shows its own state for a failure, and a 403 just means the plain welcome
  return get<TDashboardToday>('/api/dashboard/today', { silent: true, ...opts });
}

export const dashboardTodayQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'today'],
    queryFn: ({ signal }) => getDashboardToday({ signal }),
    // "today so far" moves while the page is open
    refetchInterval: 5 * 60_000,
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

export function useDashboardToday(enabled: boolean) {
  return useQuery({ ...dashboardTodayQueryOptions(), enabled });
}
