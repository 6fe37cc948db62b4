/** 'Unknown' is what the client expects for a restaurant that has not chosen its zone (SPEC 4). */
export const UNKNOWN_TIME_ZONE = 'Unknown';

let zones: Set<string> | undefined;

/**
 * IANA zones this runtime can compute with, so a stored zone can always produce a GMT offset.
 * Intl.supportedValuesOf lists one canonical name per zone, and ICU's canonical names are sometimes
 * the old ones ('Asia/Calcutta'), so a current Area/Location name the runtime accepts counts too
 * ('Asia/Kolkata').
 */
export function isSupportedTimeZone(zone: string): boolean {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (zones.has(zone)) return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Building an Intl formatter costs far more than using one; getrest asks on every request. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** 'GMT-05:00' for New York in winter; 'GMT+00:00' for UTC or an unknown zone. */
export function gmtOffsetLabel(zone: string | null | undefined, at: Date): string {
  if (!zone || zone === UNKNOWN_TIME_ZONE || !isSupportedTimeZone(zone)) return 'GMT+00:00';
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  const part = formatter.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  // longOffset prints plain 'GMT' for a zero offset.
  if (!part || part === 'GMT') return 'GMT+00:00';
  return part;
}
