import type { TPlatformConnection } from '@ra/shared/delivery/delivery.schemas';
import type { TConnectionRow } from './delivery.repository.ts';

/** A pause whose end has passed reads as connected: judged when read, like device status. */
export function effectiveStatus(row: TConnectionRow, now: Date): TPlatformConnection['status'] {
  if (row.status === 'paused' && row.pausedUntil && row.pausedUntil.getTime() <= now.getTime()) return 'connected';
  return row.status as TPlatformConnection['status'];
}
