import { z } from 'zod';
import { ORDER_CHANNELS, ORDER_STATUSES } from '@ra/shared/orders/orders.schemas';

/** Kept beside the routes until the web app needs them in packages/shared. */

export const ZCalendarQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM'),
});

/** SPEC 2 "Order calendar shows total orders and total parties per day with a timezone label". */
export const ZOrderCalendarResponse = z.object({
  month: z.string(),
  /** IANA zone ('Unknown' until chosen) and its GMT offset now, for the label. */
  timeZone: z.string(),
  GMT: z.string(),
  hourOffsetEndOfDay: z.number().int(),
  days: z.array(
    z.object({
      day: z.string(),
      /** Closed orders of the business day. */
      orders: z.number().int(),
      /** Closed orders that seated a party (party size above 0). */
      parties: z.number().int(),
      /** Guests of those orders (sum of party sizes). */
      guests: z.number().int(),
      netSalesCents: z.number().int(),
    }),
  ),
  totals: z.object({
    orders: z.number().int(),
    parties: z.number().int(),
    guests: z.number().int(),
    netSalesCents: z.number().int(),
  }),
});
export type TOrderCalendarResponse = z.infer<typeof ZOrderCalendarResponse>;

const ZSoFar = z.object({
  businessDay: z.string(),
  netSalesCents: z.number().int(),
  orders: z.number().int(),
  guests: z.number().int(),
  averageCheckCents: z.number().int(),
  openOrders: z.number().int(),
});

export const ZDashboardTodayResponse = z.object({
  timeZone: z.string(),
  asOf: z.iso.datetime({ offset: true }),
  /** The current business day up to now. */
  today: ZSoFar,
  /** The same weekday a week earlier, up to the same local time of day. */
  sameTimeLastWeek: ZSoFar,
  /** The last 14 business days including today, oldest first. */
  last14Days: z.array(z.object({ day: z.string(), netSalesCents: z.number().int(), orders: z.number().int() })),
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
