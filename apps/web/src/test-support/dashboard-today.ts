import type { TDashboardTodayResponse } from '@ra/shared/dashboard/dashboard.schemas';

const soFar = (businessDay: string, netSalesCents: number) => ({
  businessDay,
  until: '2026-11-27T17:00:00.000-05:00',
  netSalesCents,
  orders: 12,
  guests: 20,
  averageCheckCents: 1_000,
  openOrders: 1,
});

/** The dashboard's answer at 17:00 on Friday 2026-11-27 in New York: $1,234.56 so far today. */
export const harborToday: TDashboardTodayResponse = {
  timeZone: 'America/New_York',
  asOf: '2026-11-27T17:00:00.000-05:00',
  today: soFar('2026-11-27', 123_456),
  sameTimeLastWeek: soFar('2026-11-20', 100_000),
  last14Days: [{ day: '2026-11-27', netSalesCents: 123_456, orders: 12, partial: true }],
  latestOrders: [],
};
