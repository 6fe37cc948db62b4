import { DELIVERY_PLATFORMS, type TDeliveryPlatform } from '@ra/shared/delivery/delivery.schemas';
import { oneOf } from '../../lib/url-params.ts';

/**
 * Which panel is open, kept in the URL so each has a link: a platform's settings, what it would refuse
 * in the menu (problems), or the orders the store refused recently (refused).
 */
export type TDeliveryDialog = { kind: 'settings' | 'problems' | 'refused'; platform: TDeliveryPlatform } | null;

const platformOf = (raw: string | null): TDeliveryPlatform | undefined => oneOf(DELIVERY_PLATFORMS, raw);

export function parseDeliveryDialog(search: URLSearchParams): TDeliveryDialog {
  const settings = platformOf(search.get('settings'));
  if (settings) return { kind: 'settings', platform: settings };
  const problems = platformOf(search.get('problems'));
  if (problems) return { kind: 'problems', platform: problems };
  const refused = platformOf(search.get('refused'));
  return refused ? { kind: 'refused', platform: refused } : null;
}

export function deliveryDialogSearch(dialog: TDeliveryDialog): URLSearchParams {
  const out = new URLSearchParams();
  if (dialog) out.set(dialog.kind, dialog.platform);
  return out;
}

export const PAUSE_OPTIONS = ['30m', '1h', '2h', 'indefinite'] as const;
export type TPauseOption = (typeof PAUSE_OPTIONS)[number];

/** When a pause of `option` ends, from the server's "now"; undefined for "until I resume". */
export function pauseUntil(option: TPauseOption, serverNow: string): string | undefined {
  const minutes = { '30m': 30, '1h': 60, '2h': 120, indefinite: 0 }[option];
  return minutes ? new Date(Date.parse(serverNow) + minutes * 60_000).toISOString() : undefined;
}
