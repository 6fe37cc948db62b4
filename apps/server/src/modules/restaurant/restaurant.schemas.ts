import { z } from 'zod';
import { US_PHONE, ZIP_CODE } from '@ra/shared/validation/rules';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { zIsoDay } from '@ra/shared/validation/dates';
import { zText } from '@ra/shared/validation/text';

/**
 * Request and response shapes for the restaurant's own data that packages/shared does not define
 * yet. The field rules come from packages/shared/src/validation so the Business Info form and this
 * server refuse the same input; the shapes should move to packages/shared/src/restaurant/ when the
 * web side needs them.
 */

/** SPEC 3 "state (US states)": the 50 states, DC and the inhabited territories, as postal codes. */
// prettier-ignore
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
  'AS', 'GU', 'MP', 'PR', 'VI',
] as const;

const required = VALIDATION_MESSAGES['validation.required'].en;
const requiredText = (max: number) => zText().trim().min(1, required).max(max);

const ZClockTime = zText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 09:30');

/** One weekday's hours; a close time earlier than the open time means closing after midnight. */
export const ZBusinessDay = z
  .object({
    /** 0 = Sunday, as Date#getDay. */
    day: z.number().int().min(0).max(6),
    closed: z.boolean(),
    open: ZClockTime,
    close: ZClockTime,
  })
  .refine((d) => d.closed || d.open !== d.close, { message: 'Open and close times must differ', path: ['close'] });
export type TBusinessDay = z.infer<typeof ZBusinessDay>;

const ZIsoDate = zIsoDay('Use a date like 2025-12-25');

/** POST /api/api/updaterest (SPEC 3 "Restaurant", SPEC 5 required fields and formats). */
export const ZUpdateRestRequest = z.object({
  name: requiredText(100),
  fullname: requiredText(200),
  street: requiredText(200),
  city: requiredText(100),
  state: z.enum(US_STATE_CODES, 'Please select a US state'),
  zip: zText().trim().regex(ZIP_CODE, VALIDATION_MESSAGES['account.zipcodeError'].en),
  phone: zText().trim().regex(US_PHONE, VALIDATION_MESSAGES['account.phoneError'].en),
  businessHours: z
    .array(ZBusinessDay)
    .length(7, 'Give all seven weekdays')
    .refine((days) => new Set(days.map((d) => d.day)).size === 7, 'Each weekday once')
    .optional(),
  holidays: z.array(ZIsoDate).max(366).optional(),
});
export type TUpdateRestRequest = z.infer<typeof ZUpdateRestRequest>;

/** The Business Info / Business Hour screens' data. */
export const ZRestProfile = z.object({
  id: z.number().int(),
  xid: z.string(),
  name: z.string(),
  fullname: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  businessHours: z.array(ZBusinessDay),
  holidays: z.array(z.string()),
});
export type TRestProfile = z.infer<typeof ZRestProfile>;

/**
 * POST /api/api/updateRestAdminConfig: the SPEC 6 "system admin config" switches. Only the keys
 * given change; the order-to-go-with-date flag can only be turned on (SPEC 4).
 */
export const ZUpdateRestAdminConfigRequest = z
  .strictObject({
    version: zText().trim().min(1).max(32).optional(),
    enableOrderToGoWithDateSelect: z.literal(true).optional(),
    enablePremiumCoupon: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one setting');

export const ZRestAdminConfig = z.object({
  version: z.string(),
  enableOrderToGoWithDateSelect: z.boolean(),
  enablePremiumCoupon: z.boolean(),
});
