import type { TDomainSeedContext } from '../../db/domain-seeds.ts';
import { couponCodes, coupons, couponSettings } from '../../db/schema/coupons.ts';
import { asc, eq } from 'drizzle-orm';
import { menuCategories, menuItems, menuModifiers } from '../../db/schema/menu.ts';
import { restaurants } from '../../db/schema/restaurants.ts';

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
