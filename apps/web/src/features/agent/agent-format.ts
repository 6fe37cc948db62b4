import { AGENT_TIME_ZONE } from '@ra/shared/agent/pay-periods';
import { formatCents as formatSharedCents, formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { restaurantZoneOf } from '@ra/shared/format/restaurant-time';

/**
 * Cents as US dollars ('$1,234.50', '-$4.00'): all agent money is integer cents (issue 13). The shared
 * formatter, which writes money the same way in both languages.
 */
export function formatCents(cents: number): string {
  return formatSharedCents(Math.round(cents), 'en');
}

/**
 * An instant in the interface language, or '—' for none, in `zone`: a restaurant's own zone for what
 * happened at that restaurant, the agency's (AGENT_TIME_ZONE) for the agent's own business.
 */
export function formatInstant(iso: string | null, lang: string, zone: string = AGENT_TIME_ZONE): string {
  if (!iso) return '—';
  return formatDateTime(iso, toDisplayLanguage(lang), restaurantZoneOf(zone) ?? AGENT_TIME_ZONE);
}

/** The points of a sparkline through `values`, scaled into width x height (pure, unit-tested). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${(i * step).toFixed(1)},${(height - (v / max) * height).toFixed(1)}`).join(' ');
}

export const AGENT_TABS = [
  'portfolio',
  'compare',
  'applications',
  'notifications',
  'paychecks',
  'team',
  'smsReviews',
] as const;
export type TAgentTab = (typeof AGENT_TABS)[number];

/** The open tab from the URL, so a refresh or a shared link shows the same place. */
export function tabFromSearch(search: URLSearchParams): TAgentTab {
  const tab = search.get('tab');
  return (AGENT_TABS as readonly string[]).includes(tab ?? '') ? (tab as TAgentTab) : 'portfolio';
}

/** Basis points as a percent for people: 250 -> '2.5%', 1000 -> '10%', 1 -> '0.01%'. */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** A percent typed by a person (2.5) as whole basis points (250), without float dust (0.29 -> 29). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}
