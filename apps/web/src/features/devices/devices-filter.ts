import {
  DEVICE_LIST_PAGE_SIZES,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  type TDeviceListQuery,
} from '@ra/shared/devices/devices.schemas';
import { oneOf, pageOf, pageSizeOf } from '../../lib/url-params.ts';

export const DEFAULT_DEVICE_PAGE_SIZE = 20;

/** Which dialog is open, kept in the URL so each has a link: the pairing dialog, or one device. */
export type TDevicesDialog = { kind: 'pair' } | { kind: 'device'; id: number } | null;

export interface TDevicesState {
  query: TDeviceListQuery;
  dialog: TDevicesDialog;
}

/** The page's state from the URL (type, status, q, page, pageSize, pair, device), with safe fallbacks. */
export function parseDevicesSearch(search: URLSearchParams): TDevicesState {
  const q = search.get('q')?.trim();
  const device = Number(search.get('device'));
  return {
    query: {
      type: oneOf(DEVICE_TYPES, search.get('type')),
      status: oneOf(DEVICE_STATUSES, search.get('status')),
      q: q ? q.slice(0, 60) : undefined,
      page: pageOf(search.get('page')),
      pageSize: pageSizeOf(search.get('pageSize'), DEVICE_LIST_PAGE_SIZES, DEFAULT_DEVICE_PAGE_SIZE),
    },
    dialog:
      search.get('pair') === '1'
        ? { kind: 'pair' }
        : Number.isInteger(device) && device > 0
          ? { kind: 'device', id: device }
          : null,
  };
}

export function devicesSearch({ query, dialog }: TDevicesState): URLSearchParams {
  const out = new URLSearchParams();
  if (query.type) out.set('type', query.type);
  if (query.status) out.set('status', query.status);
  if (query.q) out.set('q', query.q);
  if (query.page !== 1) out.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_DEVICE_PAGE_SIZE) out.set('pageSize', String(query.pageSize));
  if (dialog?.kind === 'pair') out.set('pair', '1');
  if (dialog?.kind === 'device') out.set('device', String(dialog.id));
  return out;
}

/** Seconds since the last beat, as the list says it ("12 s ago", "3 min ago", "2 h ago", or a date). */
export function sinceLastVisit(
  lastVisitAt: string | null,
  serverTime: string,
): { unit: 'never' | 'seconds' | 'minutes' | 'hours' | 'date'; value: number } {
  if (!lastVisitAt) return { unit: 'never', value: 0 };
  const seconds = Math.max(0, Math.round((Date.parse(serverTime) - Date.parse(lastVisitAt)) / 1000));
  if (seconds < 60) return { unit: 'seconds', value: seconds };
  if (seconds < 3600) return { unit: 'minutes', value: Math.floor(seconds / 60) };
  if (seconds < 24 * 3600) return { unit: 'hours', value: Math.floor(seconds / 3600) };
  return { unit: 'date', value: 0 };
}
