import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_STATUSES } from '../orders/orders.schemas.ts';

/**
 * The dashboard home's sales (SPEC 2 /dashboard, viewSalesReport). One contract: the server
 * validates and documents with these, the web reads its answers as these types.
 */

/** A business day up to an instant: today so far, or the comparison day up to the same time. */
const ZSoFar = z.object({
  businessDay: z.string(),
  /** The figures count orders opened before this instant. */
  until: z.iso.datetime({ offset: true }),
  netSalesCents: z.number().int(),
  orders: z.number().int(),
  guests: z.number().int(),
  averageCheckCents: z.number().int(),
  openOrders: z.number().int(),
});
export type TSoFar = z.infer<typeof ZSoFar>;

export const ZDashboardTodayResponse = z.object({
  timeZone: z.string(),
  asOf: z.iso.datetime({ offset: true }),
  /** The current business day up to now. */
  today: ZSoFar,
  /** The same weekday a week earlier, up to the same time into its business day. */
  sameTimeLastWeek: ZSoFar,
  /** The last 14 business days including today, oldest first; today is `partial` (so far). */
  last14Days: z.array(
    z.object({
      day: z.string(),
      netSalesCents: z.number().int(),
      orders: z.number().int(),
      partial: z.boolean(),
    }),
  ),
  latestOrders: z.array(
    z.object({
      id: z.number().int(),
      posOrderId: z.string(),
      orderNumber: z.string().nullable(),
      channel: z.enum(ORDER_CHANNELS),
      status: z.enum(ORDER_STATUSES),
      partySize: z.number().int(),
      serverName: z.string().nullable(),
      openedAt: z.string(),
      totalCents: z.number().int(),
    }),
  ),
});
export type TDashboardTodayResponse = z.infer<typeof ZDashboardTodayResponse>;
export type TLatestOrder = TDashboardTodayResponse['latestOrders'][number];
export type TDashboardDay = TDashboardTodayResponse['last14Days'][number];
