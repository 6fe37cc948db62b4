import type { TPlatformConnection } from '@ra/shared/delivery/delivery.schemas';

/** The tag a platform's card shows: which connector serves its store, or connecting would use. */
export type TModeTag = 'live' | 'simulator' | 'connectLive';

/**
 * "Live API" only for a store connected through the platform's own API; a store the simulator issued
 * says "Simulator" even when the deployment has the platform's credentials. A platform not connected
 * says what connecting would use ("Live API available" or "Simulator").
 */
export function modeTag(p: Pick<TPlatformConnection, 'status' | 'mode' | 'connectMode'>): TModeTag {
  if (p.status !== 'disconnected' && p.mode) return p.mode;
  return p.connectMode === 'live' ? 'connectLive' : 'simulator';
}
