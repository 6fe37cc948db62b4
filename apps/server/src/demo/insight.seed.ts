import { sql } from 'drizzle-orm';
import type { TDomainSeedContext } from './seed-context.ts';

/**
 * Item costs for the item profitability page (issue 24): most demo items get a food cost between 22%
 * and 45% of their price, spread by the item's id so the four quadrants all have members; about one
 * item in seven is left without a cost, so the page's "add a cost" list is alive too. Deterministic:
 * ids are made in the same order on every seed.
 */
export async function seedInsightDemo(ctx: TDomainSeedContext): Promise<void> {
  await ctx.db.execute(sql`
    update menu_items set cost_cents = round(price_cents * (22 + (id * 37) % 24) / 100.0)::int
    where cost_cents is null and id % 7 <> 3 and price_cents > 0`);
}
