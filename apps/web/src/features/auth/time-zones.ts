import { gmtLabel, isValidTimeZone } from '@ra/shared/business-day/business-day';

/**
 * US zones lead the list: the product's restaurants are mostly in the US (SPEC 3 "state (US
 * states)"), from east to west.
 */
export const US_TIME_ZONES: readonly string[] = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

export interface TTimeZoneOption {
  value: string;
  label: string;
  group: 'us' | 'other';
}

/** Every zone this browser knows, US zones first, each labelled with its current UTC offset. */
export function timeZoneOptions(allZones: readonly string[], now: number = Date.now()): TTimeZoneOption[] {
  const known = new Set(allZones);
  const us = US_TIME_ZONES.filter((z) => known.has(z) || isValidTimeZone(z));
  const usSet = new Set(us);
  const others = [...new Set([...allZones, 'UTC'])].filter((z) => !usSet.has(z)).sort((a, b) => a.localeCompare(b));
  const option = (zone: string, group: TTimeZoneOption['group']): TTimeZoneOption => ({
    value: zone,
    label: `(${gmtLabel(zone, now)}) ${zone.replaceAll('_', ' ')}`,
    group,
  });
  return [...us.map((z) => option(z, 'us')), ...others.filter(isValidTimeZone).map((z) => option(z, 'other'))];
}

export function supportedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...US_TIME_ZONES, 'UTC'];
}

/**
 * The browser's own zone as the suggestion, when it names a place: a machine left on UTC says
 * nothing about where the restaurant is, and saving it by accident would shift every business day.
 */
export function browserTimeZone(
  zone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | undefined {
  if (!zone || zone === 'UTC' || zone.startsWith('Etc/')) return undefined;
  return isValidTimeZone(zone) ? zone : undefined;
}
