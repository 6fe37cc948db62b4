import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboardTodayResponse } from '@ra/shared/dashboard/dashboard.schemas';
import { get, isApiError, type TRequestOptions } from '../../../lib/request.ts';

/** GET the home page's sales figures (needs viewSalesReport; SPEC 6). */
export function getDashboardToday(opts?: TRequestOptions): Promise<TDashboardTodayResponse> {
  // the page shows its own state for a failure, and a 403 just means the plain welcome
  return get<TDashboardTodayResponse>('/api/dashboard/today', { silent: true, ...opts });
}

export const dashboardTodayQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'today'],
    queryFn: ({ signal }) => getDashboardToday({ signal }),
    // "today so far" moves while the page is open: the live sales stream refetches it (lib/live-sales.ts)
    retry: (failures, error) => failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
  });

export function useDashboardToday(enabled: boolean) {
  return useQuery({ ...dashboardTodayQueryOptions(), enabled });
}
