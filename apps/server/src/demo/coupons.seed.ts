import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TCouponChannel, TCouponRule } from '@ra/shared/coupons/coupons.schemas';
import type { Database } from '../db/client.ts';
import type { TDomainSeedContext } from './seed-context.ts';
import { couponCodes, couponRedemptions, coupons, couponSettings } from '../db/schema/coupons.ts';
import { menuCategories, menuItems, menuModifiers } from '../db/schema/menu.ts';
import { restaurants } from '../db/schema/restaurants.ts';
import { ruleOf } from '../modules/coupons/coupons.repository.ts';

type TSeedCoupon = Omit<typeof coupons.$inferInsert, 'restaurantId' | 'createdAt' | 'updatedAt' | 'channels' | 'days'> &
  Partial<Pick<typeof coupons.$inferInsert, 'channels' | 'days'>>;

const ALL_CHANNELS = ['pos', 'kiosk', 'online'];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Names and codes no other restaurant has (the authorization matrix looks for them in foreign answers). */
export const HARBOR_COUPON_MARKERS = ['Harbor Oyster Night', 'HARBOR10'];

const HARBOR: TSeedCoupon[] = [
  {
    name: 'Spend $50, save $10',
    type: 'spendMinus',
    code: 'HARBOR10',
    overAmount: 5000,
    minusAmount: 1000,
    totalNum: 500,
    perCustomerLimit: 1,
  },
  {
    name: 'Harbor Oyster Night',
    type: 'itemDiscount',
    code: 'OYSTER20',
    discount: 20,
    categoryIds: [2],
    days: [2, 3],
    hours: '17:00-22:00',
  },
  {
    name: 'Lunch 15% off over $30',
    type: 'spendDiscount',
    code: 'LUNCH15',
    overAmount: 3000,
    discount: 15,
    hours: '11:00-15:00',
    stackable: true,
  },
  { name: 'Buy 2 chowders, 1 free', type: 'buyGive', code: 'CHOWDER3', overAmount: 2, minusAmount: 1, itemIds: [1] },
  { name: 'Dessert for two', type: 'bogo', code: 'SWEET2', categoryIds: [5], channels: ['pos'] },
  {
    name: 'Three sides, 25% off',
    type: 'piecesDiscount',
    code: 'SIDES25',
    overAmount: 3,
    discount: 25,
    categoryIds: [4],
    stackable: true,
  },
  { name: 'Extra toppings half price', type: 'toppingDiscount', code: 'TOPHALF', discount: 50, toppingIds: [1, 2] },
  { name: 'Welcome back', type: 'customCode', code: 'WELCOME-BACK', minusAmount: 500, active: false },
];

const DRAGON: TSeedCoupon[] = [
  { name: '满100减20 Spend $100 save $20', type: 'spendMinus', code: 'DRAGON20', overAmount: 10000, minusAmount: 2000 },
  {
    name: '点心买二送一 Dim sum 3 for 2',
    type: 'buyGive',
    code: 'DIMSUM3',
    overAmount: 2,
    minusAmount: 1,
    categoryIds: [1],
  },
  { name: '新年9折 New year 10% off', type: 'spendDiscount', code: 'NEWYEAR10', overAmount: 2000, discount: 10 },
];

/**
 * The coupons below name menu rows by position (item 1 is the restaurant's first item, category 2 its
 * second category, topping 1 its first modifier); this turns them into the restaurant's real ids
 * (the menu's demo step runs first), dropping any position the menu does not have.
 */
async function menuIdsOf(ctx: TDomainSeedContext, restaurantId: number) {
  const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);
  const items = await ids(
    ctx.db
      .select({ id: menuItems.id })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurantId))
      .orderBy(asc(menuItems.id)),
  );
  const categories = await ids(
    ctx.db
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurantId))
      .orderBy(asc(menuCategories.sort), asc(menuCategories.id)),
  );
  const toppings = await ids(
    ctx.db
      .select({ id: menuModifiers.id })
      .from(menuModifiers)
      .where(eq(menuModifiers.restaurantId, restaurantId))
      .orderBy(asc(menuModifiers.id)),
  );
  const at = (list: number[], positions: number[] | undefined) =>
    (positions ?? []).flatMap((p) => (list[p - 1] === undefined ? [] : [list[p - 1]!]));
  return (c: TSeedCoupon): TSeedCoupon => ({
    ...c,
    itemIds: at(items, c.itemIds),
    categoryIds: at(categories, c.categoryIds),
    toppingIds: at(toppings, c.toppingIds),
  });
}

/** A handful of coupons of each type at Harbor Bistro and Golden Dragon; Harbor combines stackable ones. */
export async function seedCouponsDemo(ctx: TDomainSeedContext): Promise<void> {
  const rows = await ctx.db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants);
  const byName = (name: string) => rows.find((r) => r.name === name)?.id;
  const plan: Array<[number | undefined, TSeedCoupon[]]> = [
    [byName('Harbor Bistro'), HARBOR],
    [byName('金龙餐厅 Golden Dragon'), DRAGON],
  ];
  for (const [restaurantId, list] of plan) {
    if (restaurantId === undefined) continue;
    const real = await menuIdsOf(ctx, restaurantId);
    const inserted = await ctx.db
      .insert(coupons)
      .values(
        list.map((c) => ({
          channels: ALL_CHANNELS,
          days: EVERY_DAY,
          ...real(c),
          restaurantId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })),
      )
      .returning({ id: coupons.id, code: coupons.code });
    await ctx.db.insert(couponCodes).values(inserted.map((c) => ({ restaurantId, couponId: c.id, code: c.code })));
  }
  const harbor = byName('Harbor Bistro');
  if (harbor !== undefined)
    await ctx.db
      .insert(couponSettings)
      .values({ restaurantId: harbor, combine: true, pick: 'best', updatedAt: ctx.now })
      .onConflictDoNothing();
}

// --- the demo orders' coupons -----------------------------------------------------------------------

/** A coupon the demo orders may redeem, with the id of its own code (the one the orders carry). */
export interface TDemoCoupon {
  rule: TCouponRule;
  codeId: number;
}

/**
 * What the order generator needs to redeem a restaurant's coupons by their real rules: the coupons
 * without a use limit (the generated uses must never run into a total or per-customer limit), and the
 * menu's ids of the generator's items (by item code) and toppings (by name), which the rules name.
 */
export interface TDemoCouponCatalogue {
  coupons: TDemoCoupon[];
  items: Map<string, { id: number; categoryId: number | null }>;
  toppings: Map<string, number>;
}

/** One use of a coupon by a demo order, consumed (the order was paid). */
export interface TDemoCouponUse {
  couponId: number;
  codeId: number;
  code: string;
  /** The order's posOrderId. */
  orderRef: string;
  channel: TCouponChannel;
  discountCents: number;
  subtotalCents: number;
  lines: { lineId: string; discountCents: number }[];
  createdAt: Date;
}

export async function demoCouponCatalogue(db: Database, restaurantId: number): Promise<TDemoCouponCatalogue> {
  const rows = await db
    .select({ coupon: coupons, codeId: couponCodes.id })
    .from(coupons)
    .innerJoin(
      couponCodes,
      and(
        eq(couponCodes.restaurantId, coupons.restaurantId),
        eq(couponCodes.couponId, coupons.id),
        eq(couponCodes.code, coupons.code),
        isNull(couponCodes.batchId),
      ),
    )
    .where(
      and(
        eq(coupons.restaurantId, restaurantId),
        eq(coupons.active, true),
        isNull(coupons.deletedAt),
        isNull(coupons.totalNum),
        isNull(coupons.perCustomerLimit),
      ),
    )
    .orderBy(asc(coupons.id));
  if (rows.length === 0) return { coupons: [], items: new Map(), toppings: new Map() };
  const items = await db
    .select({ code: menuItems.itemCode, id: menuItems.id, categoryId: menuItems.categoryId })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, restaurantId))
    .orderBy(asc(menuItems.id));
  const toppings = await db
    .select({ id: menuModifiers.id, name: menuModifiers.name })
    .from(menuModifiers)
    .where(eq(menuModifiers.restaurantId, restaurantId))
    .orderBy(desc(menuModifiers.id));
  return {
    coupons: rows.map((r) => ({ rule: ruleOf(r.coupon), codeId: r.codeId })),
    items: new Map(items.map((i) => [i.code, { id: i.id, categoryId: i.categoryId }])),
    // Newest first, so a name on several modifiers maps to its first one.
    toppings: new Map(toppings.map((t) => [t.name, t.id])),
  };
}

/**
 * Files the demo orders' coupon uses as consumed redemptions (inserts of 1,000 rows) and counts them on
 * the coupons and their codes (one update each). A use already filed for the same order and code (a
 * run repeated with the same runId replaces its orders) is skipped, as the redeem endpoint's retry is.
 */
export async function recordDemoCouponUses(
  db: Database,
  restaurantId: number,
  uses: readonly TDemoCouponUse[],
): Promise<number> {
  const perCode = new Map<number, { couponId: number; n: number }>();
  let filed = 0;
  for (let i = 0; i < uses.length; i += 1000) {
    const rows = await db
      .insert(couponRedemptions)
      .values(uses.slice(i, i + 1000).map((u) => ({ ...u, restaurantId, customerId: null, status: 'consumed' })))
      .onConflictDoNothing()
      .returning({ couponId: couponRedemptions.couponId, codeId: couponRedemptions.codeId });
    for (const row of rows) {
      const entry = perCode.get(row.codeId) ?? { couponId: row.couponId, n: 0 };
      entry.n += 1;
      perCode.set(row.codeId, entry);
    }
    filed += rows.length;
  }
  if (filed === 0) return 0;
  const perCoupon = new Map<number, number>();
  for (const { couponId, n } of perCode.values()) perCoupon.set(couponId, (perCoupon.get(couponId) ?? 0) + n);
  const counts = (m: Map<number, number>) =>
    sql`(select unnest(${`{${[...m.keys()].join(',')}}`}::bigint[]) as id, unnest(${`{${[...m.values()].join(',')}}`}::int[]) as n)`;
  await db.execute(sql`update coupons c set used_count = c.used_count + v.n from ${counts(perCoupon)} v
    where c.restaurant_id = ${restaurantId} and c.id = v.id`);
  const codes = new Map([...perCode].map(([codeId, { n }]) => [codeId, n]));
  await db.execute(sql`update coupon_codes k set used_count = k.used_count + v.n from ${counts(codes)} v
    where k.restaurant_id = ${restaurantId} and k.id = v.id`);
  return filed;
}
