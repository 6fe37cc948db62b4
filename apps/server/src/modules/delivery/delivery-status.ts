import type { TPlatformConnection } from '@ra/shared/delivery/delivery.schemas';
import type { TConnectionRow } from './delivery.repository.ts';

/**
 * Whether a connected store was linked through the platform's own API: such a connection stores no
 * simulator signing secret (the platform signs with the deployment's credentials); a store the local
 * simulator issued has one, and stays simulated after the platform's credentials are configured.
 */
export function linkedThroughApi(row: Pick<TConnectionRow, 'webhookSecret'>): boolean {
  return row.webhookSecret === null;
}

/** A pause whose end has passed reads as connected: judged when read, like device status. */
export function effectiveStatus(row: TConnectionRow, now: Date): TPlatformConnection['status'] {
  if (row.status === 'paused' && row.pausedUntil && row.pausedUntil.getTime() <= now.getTime()) return 'connected';
  return row.status as TPlatformConnection['status'];
}
