/**
 * Saved segments (issue 24): a customer-list filter saved under a name per restaurant, usable as an SMS
 * audience (evaluated when the campaign is sent). One schema per request and answer, shared by the
 * server's routes and the web's forms.
 */
import { z } from 'zod';
import { zText } from '../validation/text.ts';
import { ZIdText } from '../validation/limits.ts';
import { CUSTOMER_RANGES, CUSTOMER_SORTS, ZCustomerCount, ZCustomerFilter } from '../customers/customers.schemas.ts';
import { SEGMENTS_MESSAGES } from './segments.messages.ts';

/** At most this many segments per restaurant: the list counts each one's matches when it is shown. */
export const MAX_SEGMENTS = 50;
export const SEGMENT_NAME_MAX = 60;

export const ZSegmentName = zText()
  .trim()
  .min(1, SEGMENTS_MESSAGES.nameRequired!.en)
  .max(SEGMENT_NAME_MAX, SEGMENTS_MESSAGES.nameTooLong!.en);

/** Create: a name and the list's filter as the list sends it (amounts in dollars, like "12.50"). */
export const ZSegmentRequest = z.object({ name: ZSegmentName, filter: ZCustomerFilter });
export type TSegmentRequest = z.input<typeof ZSegmentRequest>;

/** Edit: a new name (rename), a new filter, or both. */
export const ZSegmentUpdate = z
  .object({ name: ZSegmentName.optional(), filter: ZCustomerFilter.optional() })
  .refine((v) => v.name !== undefined || v.filter !== undefined, {
    message: SEGMENTS_MESSAGES.nothingToChange!.en,
  });
export type TSegmentUpdate = z.input<typeof ZSegmentUpdate>;

/** A saved filter as answered: amounts in cents (the list's URL holds cents too). */
export const ZSegmentFilter = z.object({
  range: z.enum(CUSTOMER_RANGES),
  sort: z.enum(CUSTOMER_SORTS),
  order: z.enum(['asc', 'desc']),
  spentMin: z.number().int().optional(),
  spentMax: z.number().int().optional(),
  ordersMin: z.number().int().optional(),
  ordersMax: z.number().int().optional(),
  notSeenDays: z.number().int().optional(),
  q: z.string().optional(),
});
export type TSegmentFilter = z.infer<typeof ZSegmentFilter>;

export const ZSegment = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: ZSegmentFilter,
  /** Customers the filter matches now (counted like the list's count, up to 10,000). */
  matches: ZCustomerCount,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSegment = z.infer<typeof ZSegment>;

export const ZSegmentList = z.object({ rows: z.array(ZSegment), max: z.number().int() });
export type TSegmentList = z.infer<typeof ZSegmentList>;

export const ZSegmentIdParams = z.object({ id: ZIdText });
export const ZSegmentDeleted = z.object({ message: z.string() });
