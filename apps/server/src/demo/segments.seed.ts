import { sql } from 'drizzle-orm';
import type { TSegmentFilter } from '@ra/shared/segments/segments.schemas';
import type { TDomainSeedContext } from './seed-context.ts';

/**
 * Harbor Bistro's saved segments (issue 24), as the owner would make them from the customer list. The
 * customers come from the demo orders afterwards (seed.ts). Each demo customer visits every few days, so
 * the bounds are picked to split them: with 14 days of orders (the screenshots' demo) 67, 35 and 37 of
 * Harbor's 105 customers; with more days more of them are regulars and big spenders.
 */
export const DEMO_SEGMENTS: ReadonlyArray<{ name: string; filter: TSegmentFilter }> = [
  { name: 'Regulars', filter: { range: 'all', sort: 'totalOrders', order: 'desc', ordersMin: 6 } },
  { name: 'Not back in 2 days', filter: { range: 'all', sort: 'lastOrderAt', order: 'asc', notSeenDays: 2 } },
  { name: 'Big spenders', filter: { range: 'all', sort: 'points', order: 'desc', spentMin: 50_000 } },
];

export async function seedSegmentsDemo(ctx: TDomainSeedContext): Promise<void> {
  const at = ctx.now.toISOString();
  for (const s of DEMO_SEGMENTS)
    await ctx.db.execute(sql`insert into customer_segments (restaurant_id, name, filter, created_by_user_id, created_at,
        updated_at)
      select r.id, ${s.name}, ${JSON.stringify(s.filter)}::jsonb, u.id, ${at}::timestamptz, ${at}::timestamptz
      from restaurants r join users u on u.email = 'owner@demo.test'
      where r.name = 'Harbor Bistro'
      on conflict do nothing`);
}
