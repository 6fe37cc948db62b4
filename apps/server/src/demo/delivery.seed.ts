import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_PLATFORM_HOURS } from '@ra/shared/delivery/delivery.schemas';
import type { TDomainSeedContext } from './seed-context.ts';
import { deliveryConnections } from '../db/schema/delivery.ts';
import { menuCategories } from '../db/schema/menu.ts';
import { restaurants } from '../db/schema/restaurants.ts';

/**
 * Harbor Bistro sells on DoorDash through the local stand-in (the simulator): its store connected a
 * month ago under the store id DoorDash's merchant portal would show, 15% markup, the raw bar left off
 * (oysters do not travel), so the 3rd Party page shows a connected store taking orders. The menu is
 * not published: the simulator keeps published menus in memory only, and the demo menu still has items
 * DoorDash refuses (the page's Publish shows them). Its webhook secret is random: only the simulator's test orders, signed with it on the
 * server, can use it (it is sealed when first read, lib/secrets.ts).
 */
export async function seedDeliveryDemo(ctx: TDomainSeedContext): Promise<void> {
  const [harbor] = await ctx.db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  if (!harbor) return;
  // The menu is seeded first; the mapping names its categories by id.
  const rawBar = await ctx.db
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, harbor.id), eq(menuCategories.name, 'Raw bar')));
  await ctx.db.insert(deliveryConnections).values({
    restaurantId: harbor.id,
    platform: 'doordash',
    status: 'connected',
    // Deterministic, as a demo must be; DoorDash store ids are numbers.
    storeId: String(24_870_000 + harbor.id),
    webhookSecret: randomBytes(32).toString('hex'),
    connectedAt: new Date(ctx.now.getTime() - 30 * 24 * 3600 * 1000),
    markup: { kind: 'percent', basisPoints: 1500 },
    hours: DEFAULT_PLATFORM_HOURS,
    mapping: { excludedCategories: rawBar.map((c) => String(c.id)), excludedItems: [] },
    updatedAt: ctx.now,
  });
}
