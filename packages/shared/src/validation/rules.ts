/**
 * SPEC 5 field rules, shared by the browser's forms and the server's schemas so both refuse the
 * same input. Patterns have no `g` flag: a global RegExp's `test` is stateful and would alternate
 * between true and false on the same value. Predicates take `unknown` so they can back form
 * validators directly; they never trim, callers (or zod's `.trim()`) decide that.
 */

/**
 * SPEC 5: letters, digits, underscore, hyphen or dot, then @, a domain, and a 2-4 letter ending.
 * Defined here, where nothing imports zod: the sign-in page checks it before any schema is loaded.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** SPEC 5: exactly 9 digits (account.routingnumberError). No ABA checksum: the SPEC asks only for length. */
export const ROUTING_NUMBER = /^\d{9}$/;

/** SPEC 5: 5 digits, optionally a hyphen and 4 more (ZIP+4) (account.zipcodeError). */
export const ZIP_CODE = /^\d{5}(?:-\d{4})?$/;

/**
 * SPEC 5 "US-style" phone (account.phoneError): ten digits, optionally after +1, written as
 * (555) 123-4567, 555-123-4567, 555.123.4567, 555 123 4567 or 5551234567. A number written with
 * separators uses the same one throughout. Only the shape is checked, not NANP digit rules: the
 * conventional sample number (555) 123-4567 itself breaks them.
 */
export const US_PHONE = /^(?:\+1[ .-]?)?(?:\(\d{3}\) ?\d{3}[ .-]?\d{4}|\d{3}([ .-]?)\d{3}\1\d{4})$/;

/**
 * SPEC 5 says only "digits only" for the POS PIN. 4 is the shortest PIN staff are used to from
 * card terminals; 8 keeps it quick to key in on the POS pin pad.
 */
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 8;
export const PIN = new RegExp(`^\\d{${PIN_MIN_LENGTH},${PIN_MAX_LENGTH}}$`);

/** SPEC 5 email rule (user.EmailFormatrules); one pattern for login and user forms. */
export const EMAIL = EMAIL_PATTERN;

/**
 * SPEC 5 "Amounts: at most two decimal places": digits, then optionally a point and one or two
 * digits ('12', '12.5', '12.50'). Unsigned because every amount field the SPEC lists (fee, deposit
 * amounts, amount) is non-negative; '.5' and '5.' are refused so the stored text is unambiguous.
 */
export const AMOUNT_2DP = /^\d+(?:\.\d{1,2})?$/;

const matches =
  (pattern: RegExp) =>
  (value: unknown): boolean =>
    typeof value === 'string' && pattern.test(value);

export const isRoutingNumber = matches(ROUTING_NUMBER);
export const isZipCode = matches(ZIP_CODE);
export const isUsPhone = matches(US_PHONE);
export const isPin = matches(PIN);
export const isEmail = matches(EMAIL);
export const isAmount2dp = matches(AMOUNT_2DP);

/** One availability window of a menu dish: minutes from midnight, and the weekdays it applies to. */
export interface TDishHourSegment {
  /** 'HH:MM' as written. */
  start: string;
  end: string;
  startMinutes: number;
  /** Up to 1440 ('24:00' means until the end of the day). */
  endMinutes: number;
  /** Ascending weekday numbers, 0 = Sunday as in `Date#getDay`. */
  days: number[];
}

/**
 * SPEC 5 dish-hour segments are joined by '|'. A comma would read as a list separator inside a
 * segment (as if '1,3,5' were days), so '|' keeps the two levels visibly apart.
 */
export const DISH_HOURS_SEPARATOR = '|';

const DISH_HOUR_SEGMENT = /^(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})\s*;\s*([0-6])(?:\s*-\s*([0-6]))?$/;

function parseDishHourSegment(segment: string): TDishHourSegment | null {
  const match = DISH_HOUR_SEGMENT.exec(segment.trim());
  if (!match) return null;
  const [sh, sm, eh, em, fromDay] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const toDay = match[6] === undefined ? fromDay : Number(match[6]);
  if (sh > 23 || sm > 59 || em > 59 || eh > 24 || (eh === 24 && em !== 0)) return null;
  const startMinutes = sh * 60 + sm;
  const endMinutes = eh * 60 + em;
  // Windows crossing midnight or running Saturday into Sunday are written as two segments, so a
  // reversed range is taken as a typo rather than guessed at.
  if (startMinutes >= endMinutes || fromDay > toDay) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    start: `${pad(sh)}:${pad(sm)}`,
    end: `${pad(eh)}:${pad(em)}`,
    startMinutes,
    endMinutes,
    days: Array.from({ length: toDay - fromDay + 1 }, (_, i) => fromDay + i),
  };
}

/**
 * Parses the menu dish-hour format of SPEC 5, 'HH:MM-HH:MM;D-D' (e.g. '07:00-11:00;1-5' is 7 to
 * 11 am Monday to Friday), with several segments joined by '|' ('07:00-11:00;1-5|10:00-14:00;0-0').
 * A single day may stand alone ('10:00-14:00;6'); spaces around the separators are ignored. Returns null when any
 * segment is malformed, out of range or reversed, or when the text is empty: a half-understood
 * schedule would sell dishes at the wrong times.
 */
export function parseDishHours(value: string): TDishHourSegment[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const segments: TDishHourSegment[] = [];
  for (const text of value.split(DISH_HOURS_SEPARATOR)) {
    const segment = parseDishHourSegment(text);
    if (!segment) return null;
    segments.push(segment);
  }
  return segments;
}
