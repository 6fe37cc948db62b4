import { z } from 'zod';
import { zIsoMonth, zIsoYear } from '../validation/dates.ts';

/**
 * The order calendar (SPEC 2 "Order calendar shows total orders and total parties per day with a
 * timezone label"). One contract: the server validates and documents with these, the web reads its
 * answers as these types.
 */

export const CALENDAR_MESSAGES = {
  'calendar.invalidMonth': { en: 'Please choose a month (YYYY-MM)', zh: '请选择月份（YYYY-MM）' },
  'calendar.invalidYear': { en: 'Please choose a year (YYYY)', zh: '请选择年份（YYYY）' },
} as const;

/** A month of the calendar, 'YYYY-MM'. */
export const ZCalendarMonth = zIsoMonth(CALENDAR_MESSAGES['calendar.invalidMonth'].en);

export const ZCalendarQuery = z.object({ month: ZCalendarMonth });
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;

export const ZCalendarYearQuery = z.object({
  year: zIsoYear(CALENDAR_MESSAGES['calendar.invalidYear'].en),
});
export type TCalendarYearQuery = z.infer<typeof ZCalendarYearQuery>;

/** What a day or a month of the calendar counts. */
const ZCalendarFigures = z.object({
  /** Closed orders of the business day(s). */
  orders: z.number().int(),
  /** Closed orders that seated a party (party size above 0): dine-in tables, not to-go bags. */
  parties: z.number().int(),
  /** Guests of those orders (sum of party sizes). */
  guests: z.number().int(),
  netSalesCents: z.number().int(),
});
export type TCalendarFigures = z.infer<typeof ZCalendarFigures>;

/** Which restaurant clock the calendar's days follow, for its label. */
const ZCalendarClock = z.object({
  /** IANA zone ('Unknown' until chosen) and its GMT offset now. */
  timeZone: z.string(),
  GMT: z.string(),
  hourOffsetEndOfDay: z.number().int(),
  /** The restaurant's business day now ('' without a time zone): later days have nothing to show yet. */
  today: z.string(),
});

export const ZOrderCalendarResponse = ZCalendarClock.extend({
  month: z.string(),
  days: z.array(ZCalendarFigures.extend({ day: z.string() })),
  totals: ZCalendarFigures,
});
export type TOrderCalendarResponse = z.infer<typeof ZOrderCalendarResponse>;
export type TCalendarDay = TOrderCalendarResponse['days'][number];

/** The year view: each month's totals. */
export const ZOrderCalendarYearResponse = ZCalendarClock.extend({
  year: z.string(),
  months: z.array(ZCalendarFigures.extend({ month: z.string() })),
  totals: ZCalendarFigures,
});
export type TOrderCalendarYearResponse = z.infer<typeof ZOrderCalendarYearResponse>;
export type TCalendarMonth = TOrderCalendarYearResponse['months'][number];
