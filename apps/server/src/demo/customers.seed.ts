import { sql } from 'drizzle-orm';
import type { TDomainSeedContext } from './seed-context.ts';
import type { Database } from '../db/client.ts';
import { CustomersService } from '../modules/customers/customers.service.ts';

/** The customers domain's demo data with the accounts: none (customers come from the demo orders). */
export async function seedCustomersDemo(_ctx: TDomainSeedContext): Promise<void> {}

const NAMES = ['Emma Brown', 'Liam Chen', 'Olivia Davis', 'Noah Wilson', 'Ava Garcia', 'Mason Lee', 'Mia Patel'];
const ZH_NAMES = ['王芳', '李伟', '张静', '刘洋'];

/**
 * Run after the demo orders (demo/seed.ts): about a third of each restaurant's demo orders get a repeat
 * customer's phone (300 numbers in the 555-01xx fiction range per restaurant, one in four a Chinese
 * speaker), then the customer lists are built. Deterministic by order id.
 */
export async function seedCustomersFromDemoOrders(
  db: Database,
  restaurantIds: readonly number[],
  now: Date,
): Promise<void> {
  if (restaurantIds.length === 0) return;
  const names = sql.raw(`array[${NAMES.map((n) => `'${n}'`).join(',')}]`);
  const zhNames = sql.raw(`array[${ZH_NAMES.map((n) => `'${n}'`).join(',')}]`);
  for (const restaurantId of restaurantIds) {
    await db.execute(sql`
      with picked as (
        select id, (id * 7919) % 300 as k from orders
        where restaurant_id = ${restaurantId} and customer_phone is null and id % 100 < 35
      )
      update orders o set
        customer_phone = '+1555010' || lpad(p.k::text, 4, '0'),
        customer_language = case when p.k % 4 = 0 then 'zh' else 'en' end,
        customer_name = case when p.k % 4 = 0 then (${zhNames})[1 + (p.k / 4) % ${ZH_NAMES.length}]
          else (${names})[1 + p.k % ${NAMES.length}] end
      from picked p where o.id = p.id and o.restaurant_id = ${restaurantId}`);
    await new CustomersService(db, { now: () => now }).recompute(restaurantId);
  }
}
