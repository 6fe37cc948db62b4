import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { num, rowsOf, str } from '../db/sql-util.ts';
import { pointsLedger, rewards } from '../db/schema/rewards.ts';
import type { TDomainSeedContext } from './seed-context.ts';

const DAY = 86_400_000;

/** A reward name no other restaurant has (the authorization matrix looks for it in foreign answers). */
export const HARBOR_REWARD_MARKER = 'Harbor chowder on the house';

interface TSeedReward {
  nameEn: string;
  nameZh: string;
  pointsCost: number;
  /** A coupon by code, or a menu item by a piece of its name (the first item when none matches). */
  coupon?: string;
  item?: string;
}

const HARBOR: TSeedReward[] = [
  { nameEn: HARBOR_REWARD_MARKER, nameZh: '免费海港蛤蜊浓汤', pointsCost: 60, item: 'chowder' },
  { nameEn: '$10 off a $50 check', nameZh: '满 $50 减 $10', pointsCost: 100, coupon: 'HARBOR10' },
  { nameEn: 'A draft beer on us', nameZh: '免费生啤一杯', pointsCost: 40, item: 'IPA' },
];
const DRAGON: TSeedReward[] = [
  { nameEn: 'Free spring rolls', nameZh: '免费春卷', pointsCost: 50, item: 'Spring rolls' },
];

async function restaurantId(db: Database, name: string): Promise<number | undefined> {
  const [row] = await rowsOf(db, sql`select id from restaurants where name = ${name}`);
  return row ? num(row.id) : undefined;
}

async function seedCatalogue(db: Database, restaurant: number, list: TSeedReward[], now: Date) {
  for (const [i, r] of list.entries()) {
    let couponId: number | null = null;
    let menuItemId: number | null = null;
    if (r.coupon) {
      const [c] = await rowsOf(
        db,
        sql`select id from coupons where restaurant_id = ${restaurant} and code = ${r.coupon}`,
      );
      if (!c) continue;
      couponId = num(c.id);
    } else {
      const [item] = await rowsOf(
        db,
        sql`select id from menu_items where restaurant_id = ${restaurant}
          order by (name ilike ${`%${r.item ?? ''}%`}) desc, id limit 1`,
      );
      if (!item) continue;
      menuItemId = num(item.id);
    }
    const created = new Date(now.getTime() - (45 - i) * DAY);
    await db.insert(rewards).values({
      restaurantId: restaurant,
      nameEn: r.nameEn,
      nameZh: r.nameZh,
      pointsCost: r.pointsCost,
      kind: couponId ? 'coupon' : 'item',
      couponId,
      menuItemId,
      createdAt: created,
      updatedAt: created,
    });
  }
}

/**
 * The rewards catalogues (issue 24): three rewards at Harbor Bistro (a free chowder, $10 off through
 * its HARBOR10 coupon, a free beer) and one at Golden Dragon. Their history needs customers, which
 * come from the demo orders afterwards: seedRewardsHistory.
 */
export async function seedRewardsDemo(ctx: TDomainSeedContext): Promise<void> {
  const harbor = await restaurantId(ctx.db, 'Harbor Bistro');
  const dragon = await restaurantId(ctx.db, '金龙餐厅 Golden Dragon');
  if (harbor !== undefined) await seedCatalogue(ctx.db, harbor, HARBOR, ctx.now);
  if (dragon !== undefined) await seedCatalogue(ctx.db, dragon, DRAGON, ctx.now);
}

/**
 * Run after the customer lists are built from the demo orders (demo/seed.ts): Harbor's best customers
 * redeemed rewards over the last month, and a few points were given by hand. Deterministic: customers
 * in points order, rewards in turn, each redemption between the customer's first order and now, and
 * only while the balance (earned + the ledger so far) covers it, as the POS would have allowed.
 */
export async function seedRewardsHistory(db: Database, now: Date): Promise<void> {
  const harbor = await restaurantId(db, 'Harbor Bistro');
  if (harbor === undefined) return;
  const catalogue = await rowsOf(
    db,
    sql`select r.id, r.name_en, r.name_zh, r.kind, r.points_cost, coalesce(i.price_cents, 0) as item_price,
        coalesce(c.minus_amount, 0) as minus
      from rewards r left join menu_items i on i.id = r.menu_item_id left join coupons c on c.id = r.coupon_id
      where r.restaurant_id = ${harbor} order by r.id`,
  );
  if (catalogue.length === 0) return;
  const customers = await rowsOf(
    db,
    sql`select phone, points, first_order_at from customers where restaurant_id = ${harbor} and points >= 40
      order by points desc, id limit 24`,
  );
  const rows: Array<typeof pointsLedger.$inferInsert> = [];
  customers.forEach((c, n) => {
    let balance = num(c.points);
    const first = new Date(String(c.first_order_at)).getTime();
    const from = Math.max(first, now.getTime() - 30 * DAY);
    const span = Math.max(now.getTime() - from, DAY);
    if (n % 6 === 5) {
      balance += 25;
      rows.push({
        restaurantId: harbor,
        phone: str(c.phone),
        type: 'adjust',
        points: 25,
        balanceAfter: balance,
        reason: 'Apology for a long wait',
        actorName: 'Demo data',
        createdAt: new Date(from + Math.floor(span * 0.2)),
      });
    }
    for (let k = 0; k < 3; k++) {
      const reward = catalogue[(n + k) % catalogue.length]!;
      const cost = num(reward.points_cost);
      if (balance < cost) break;
      balance -= cost;
      const kind = str(reward.kind);
      rows.push({
        restaurantId: harbor,
        phone: str(c.phone),
        type: 'redeem',
        points: -cost,
        balanceAfter: balance,
        rewardId: num(reward.id),
        rewardNameEn: str(reward.name_en),
        rewardNameZh: str(reward.name_zh),
        rewardKind: kind,
        valueCents: kind === 'item' ? num(reward.item_price) : num(reward.minus),
        idempotencyKey: `demo-${n}-${k}`,
        actorName: 'Front counter',
        createdAt: new Date(from + Math.floor((span * (k + 1 + (n % 3) / 3)) / 4.5)),
      });
    }
  });
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  if (rows.length > 0) await db.insert(pointsLedger).values(rows);
}
