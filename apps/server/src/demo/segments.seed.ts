import { sql } from 'drizzle-orm';
import type { TSegmentFilter } from '@ra/shared/segments/segments.schemas';
import type { TDomainSeedContext } from './seed-context.ts';

/**
 * Harbor Bistro's saved segments (issue 24), as the owner would make them from the customer list. The
 * customers come from the demo orders afterwards (seed.ts), so the bounds are chosen to match some of
 * them whether the demo has 14, 21 or 90 days of orders: regulars with 3+ orders, those not back for
 * 10 days, and those who spent $150 or more.
 */
export const DEMO_SEGMENTS: ReadonlyArray<{ name: string; filter: TSegmentFilter }> = [
  { name: 'Regulars', filter: { range: 'all', sort: 'totalOrders', order: 'desc', ordersMin: 3 } },
  { name: 'Not back in 10 days', filter: { range: 'all', sort: 'lastOrderAt', order: 'asc', notSeenDays: 10 } },
  { name: 'Big spenders', filter: { range: 'all', sort: 'points', order: 'desc', spentMin: 15_000 } },
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
