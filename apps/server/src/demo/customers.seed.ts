import { sql } from 'drizzle-orm';
import type { TDomainSeedContext } from './seed-context.ts';
import type { Database } from '../db/client.ts';
import { CustomersService } from '../modules/customers/customers.service.ts';

/** The customers domain's demo data with the accounts: none (customers come from the demo orders). */
export async function seedCustomersDemo(_ctx: TDomainSeedContext): Promise<void> {}

const FIRST = ['Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Mason', 'Mia', 'Ethan', 'Chloe', 'Lucas', 'Grace', 'Owen'];
const LAST = ['Brown', 'Chen', 'Davis', 'Wilson', 'Garcia', 'Lee', 'Patel', 'Murphy', 'Nguyen', 'Rivera', 'Kelly'];
/** First × last names: 132 English and 64 Chinese names, so a long list reads like real people. */
const NAMES = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
const ZH_NAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '周'].flatMap((x) =>
  ['芳', '伟', '静', '洋', '敏', '磊', '婷', '军'].map((y) => `${x}${y}`),
);

/**
 * Run after the demo orders (demo/seed.ts): about a third of each restaurant's demo orders get a repeat
 * customer's phone (300 numbers in the fictional 555 area code per restaurant, one in four a Chinese
 * speaker), then the customer lists are built. Deterministic by order id.
 *
 * `largeBase` is the restaurant whose list shows what a busy place has (issue 25): six orders in ten
 * carry one of 5,000 numbers, a few thousand customers in all, enough to page through, to build
 * segments from and to reach the 1,000-recipient limit of an SMS campaign.
 */
export async function seedCustomersFromDemoOrders(
  db: Database,
  restaurantIds: readonly number[],
  now: Date,
  largeBase: number | null = null,
): Promise<void> {
  if (restaurantIds.length === 0) return;
  const names = sql.raw(`array[${NAMES.map((n) => `'${n}'`).join(',')}]`);
  const zhNames = sql.raw(`array[${ZH_NAMES.map((n) => `'${n}'`).join(',')}]`);
  for (const restaurantId of restaurantIds) {
    const large = restaurantId === largeBase;
    const [space, share] = large ? [5000, 60] : [300, 35];
    // The large base draws numbers the way a real list fills: a hashed order id, squared, so the low
    // numbers are regulars who come often and most of the rest came once or twice. (id × 7919 mod space
    // would give every number exactly one order until there are more orders than numbers.)
    const key = large
      ? sql`floor(${space} * power(((id::bigint * 2654435761) % 4294967296)::float8 / 4294967296, 2))::int`
      : sql`(id * 7919) % ${space}`;
    await db.execute(sql`
      with picked as (
        select id, ${key} as k from orders
        where restaurant_id = ${restaurantId} and customer_phone is null and id % 100 < ${share}
      )
      update orders o set
        customer_phone = '+1555010' || lpad(p.k::text, 4, '0'),
        customer_language = case when p.k % 4 = 0 then 'zh' else 'en' end,
        customer_name = case when p.k % 4 = 0 then (${zhNames})[1 + (p.k / 4) % ${ZH_NAMES.length}]
          else (${names})[1 + (p.k * 31) % ${NAMES.length}] end
      from picked p where o.id = p.id and o.restaurant_id = ${restaurantId}`);
    await new CustomersService(db, { now: () => now }).recompute(restaurantId);
  }
}
