import type { TPlatformHours } from '@ra/shared/delivery/delivery.schemas';

/** A delivery platform connection as the effective-hours view reads it (the delivery module's row). */
export interface TBusinessDeliveryConnection {
  platform: string;
  status: string;
  hours: TPlatformHours | null;
  pausedUntil: Date | null;
}

/**
 * What this module reads from other domains, given by app.ts: the menu's items (for their dish hours)
 * and the delivery connections (for each platform's hours and pause), both of one restaurant.
 */
export interface TBusinessPorts {
  menuItems(restaurantId: number): Promise<ReadonlyArray<{ name: string; dishHours: string | null }>>;
  deliveryConnections(restaurantId: number): Promise<readonly TBusinessDeliveryConnection[]>;
}
