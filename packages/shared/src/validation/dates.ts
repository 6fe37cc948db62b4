import { z } from 'zod';
import { INPUT_MESSAGES } from './input.messages.ts';
import { zText } from './text.ts';
import { FIRST_DAY, FIRST_YEAR, LAST_DAY, LAST_YEAR } from './year-range.ts';

/**
 * Dates, months and instants in requests: each is a 400 unless it names a real day (not 2024-02-30)
 * in FIRST_YEAR..LAST_YEAR. The years are checked only once the format is right, so '2024-02-30'
 * reads as "not a date" and '0000-01-01' as "outside the years", never both.
 */

const yearOutOfRange = INPUT_MESSAGES['validation.yearOutOfRange'].en;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const yearInRange = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

/** True for a real 'YYYY-MM-DD' day between FIRST_DAY and LAST_DAY. */
export function isSupportedDay(value: unknown): boolean {
  return ZIsoDay.safeParse(value).success;
}

/**
 * A length bound (for the API contract: every request string has a maximum) that speaks only once the
 * format check has passed, so a malformed value gets its one message, not the same one twice. zod runs
 * `when` on every check; its types admit it only on refinements, hence the cast.
 */
function boundOnceWellFormed(message: string): { message: string } {
  return { message, when: formatIsValid } as { message: string };
}

/**
 * A day, 'YYYY-MM-DD'. `message` is the wording for anything that is not a real day (the shared one
 * unless a screen has its own); a day outside the years gets the year message.
 */
export function zIsoDay(message: string = INPUT_MESSAGES['validation.invalidDay'].en) {
  return z.iso
    .date({ error: message })
    .max(10, boundOnceWellFormed(message))
    .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, { message: yearOutOfRange, when: formatIsValid });
}

export const ZIsoDay = zIsoDay();

/** A calendar month, 'YYYY-MM' (the order calendar's page), with a screen's own wording for a malformed one. */
export function zIsoMonth(message: string = INPUT_MESSAGES['validation.invalidMonth'].en) {
  return zText({ error: message })
    .regex(ISO_MONTH, message)
    .max(7, boundOnceWellFormed(message))
    .refine(yearInRange, { message: yearOutOfRange, when: formatIsValid });
}

export const ZIsoMonth = zIsoMonth();

/** A year, 'YYYY' (the order calendar's year view). */
export function zIsoYear(message: string = INPUT_MESSAGES['validation.invalidYear'].en) {
  return zText({ error: message })
    .regex(/^\d{4}$/, message)
    .max(4, boundOnceWellFormed(message))
    .refine(yearInRange, { message: yearOutOfRange, when: formatIsValid });
}

/**
 * An instant as ISO 8601 with 'Z' or an explicit offset ('2026-03-14T19:30:00-04:00'): a local time
 * without one would be read in the server's zone. The year is checked as written.
 */
export const ZInstant = z.iso
  .datetime({ offset: true, error: INPUT_MESSAGES['validation.invalidDateTime'].en })
  .max(64, boundOnceWellFormed(INPUT_MESSAGES['validation.invalidDateTime'].en))
  .refine(yearInRange, { message: yearOutOfRange, when: formatIsValid });

/**
 * Range and length checks run only on a value whose format passed, so one bad value gets one
 * message (the length bound is what the OpenAPI document shows; the format already implies it).
 */
function formatIsValid(payload: { issues: readonly unknown[] }): boolean {
  return payload.issues.length === 0;
}
