import { and, eq, sql } from 'drizzle-orm';
import { addDays, formatIsoDay } from '@ra/shared/business-day/calendar-day';
import { wallClockToInstant, zonedParts } from '@ra/shared/business-day/business-day';
import type { Database } from '../db/client.ts';
import { menuCategories, menuGroups } from '../db/schema/menu.ts';
import { coupons } from '../db/schema/coupons.ts';
import { smsCampaigns } from '../db/schema/customers.ts';
import type { AuthContext } from '../lib/auth-context.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import { num, rowsOf } from '../db/sql-util.ts';
import { CouponsRepository } from '../modules/coupons/coupons.repository.ts';
import { PremiumCodesService } from '../modules/coupons/premium-codes.service.ts';
import { CampaignsRepository } from '../modules/customers/campaigns.repository.ts';
import { CampaignsService } from '../modules/customers/campaigns.service.ts';
import { CustomersService } from '../modules/customers/customers.service.ts';
import { LocalSmsSender } from '../modules/customers/sms-sender.ts';
import { LocalPaymentCharger } from '../modules/customers/payment-charger.ts';

/**
 * The rest of what makes the owner's restaurant a living one on a first `npm start` (issue 25), made
 * with the demo orders (the test databases keep the plain accounts their tests build on):
 * - a lunch and a dinner menu group, so /menugroup has something to edit;
 * - a batch of premium codes an admin generated last week (SPEC 6), on the oyster-night coupon;
 * - an SMS campaign to the restaurant's regulars, sent last week through the product's own path: quoted,
 *   submitted by the owner, approved by platform staff, charged and sent on the local stand-ins.
 */
export async function seedLivingExtras(db: Database, now: Date): Promise<void> {
  const [harbor] = await rowsOf(
    db,
    sql`select u.id as owner_id, u.restaurant_id, r.node_id, coalesce(r.time_zone, 'America/New_York') as tz
        from users u join restaurants r on r.id = u.restaurant_id where u.email = 'owner@demo.test'`,
  );
  const [admin] = await rowsOf(db, sql`select id from users where email = 'admin@demo.test'`);
  if (!harbor || !admin) return;
  const restaurantId = num(harbor.restaurant_id);
  const timeZone = String(harbor.tz);
  // Last week, at 10:30 in the restaurant: inside the SMS sending window.
  const lastWeek = addDays(formatIsoDay(zonedParts(now, timeZone)), -7);
  const [y, m, d] = lastWeek.split('-').map(Number) as [number, number, number];
  const at = new Date(wallClockToInstant(y, m, d, 10, timeZone) + 30 * 60_000);
  await seedMenuGroups(db, restaurantId, at);
  const adminAuth = authFor(num(admin.id), restaurantId, true, ['admin']);
  await seedPremiumCodes(db, restaurantId, adminAuth, at);
  await seedSentCampaign(
    db,
    restaurantId,
    authFor(num(harbor.owner_id), restaurantId, false, ['owner']),
    adminAuth,
    at,
  );
}

function authFor(userId: number, restaurantId: number, isAdmin: boolean, roles: string[]): AuthContext {
  return {
    sessionId: 'demo-seed',
    userId,
    isAdmin,
    isAgent: false,
    restaurantId,
    homeRestaurantId: isAdmin ? null : restaurantId,
    roles,
  } as unknown as AuthContext;
}

/** A queue that only records: the seed runs each job itself, in order, at the instant it chose. */
function recordingQueue(): JobQueue {
  return { send: async () => null, work: async () => undefined } as unknown as JobQueue;
}

async function seedMenuGroups(db: Database, restaurantId: number, at: Date): Promise<void> {
  const existing = await db
    .select({ id: menuGroups.id })
    .from(menuGroups)
    .where(eq(menuGroups.restaurantId, restaurantId));
  if (existing.length > 0) return;
  const categories = await db
    .select({ id: menuCategories.id, name: menuCategories.name })
    .from(menuCategories)
    .where(eq(menuCategories.restaurantId, restaurantId));
  const ids = (...names: string[]) => names.flatMap((n) => categories.filter((c) => c.name === n).map((c) => c.id));
  const lunch = ids('Starters', 'Salads', 'Mains', 'Sides');
  const dinner = ids('Raw bar', 'Starters', 'Salads', 'Mains', 'Sides', 'Desserts');
  if (lunch.length === 0 || dinner.length === 0) return;
  await db.insert(menuGroups).values([
    { restaurantId, name: 'Lunch', foreignName: '午餐', categoryIds: lunch, sort: 1, createdAt: at, updatedAt: at },
    { restaurantId, name: 'Dinner', foreignName: '晚餐', categoryIds: dinner, sort: 2, createdAt: at, updatedAt: at },
  ]);
}

async function seedPremiumCodes(db: Database, restaurantId: number, admin: AuthContext, at: Date): Promise<void> {
  const [coupon] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.restaurantId, restaurantId), eq(coupons.code, 'OYSTER20')));
  if (!coupon) return;
  const service = new PremiumCodesService(new CouponsRepository(db), { now: () => at }, recordingQueue());
  const batch = await service.generate(
    admin,
    { couponId: coupon.id, count: 250, length: 8, prefix: 'OY' },
    '127.0.0.1',
  );
  await service.work(batch.id);
}

async function seedSentCampaign(
  db: Database,
  restaurantId: number,
  owner: AuthContext,
  admin: AuthContext,
  at: Date,
): Promise<void> {
  const existing = await db
    .select({ id: smsCampaigns.id })
    .from(smsCampaigns)
    .where(eq(smsCampaigns.restaurantId, restaurantId));
  if (existing.length > 0) return;
  let instant = at;
  const clock = { now: () => instant };
  const campaigns = new CampaignsService({
    repo: new CampaignsRepository(db),
    clock,
    jobs: recordingQueue(),
    customers: new CustomersService(db, clock),
    bankVerified: async () => true,
    sms: new LocalSmsSender(db, clock),
    payments: new LocalPaymentCharger(db, clock),
    fromNumber: '+15550100000',
    statusCallbackUrl: 'http://localhost/api/api/customers/sms/status',
  });
  // The regulars: the sixty who came most often.
  const regulars = await rowsOf(
    db,
    sql`select id from customers where restaurant_id = ${restaurantId}
        order by total_orders desc, id limit 60`,
  );
  if (regulars.length === 0) return;
  const request = {
    audience: { ids: regulars.map((r) => num(r.id)) },
    bodyEn: 'Harbor Bistro: oyster night is back this Thursday, half-dozen for $12. Reply STOP to opt out.',
    bodyZh: '海港小馆：本周四生蚝之夜回归，半打只要 $12。回复 STOP 退订。',
  } as Parameters<CampaignsService['submit']>[1];
  const { id } = await campaigns.submit(owner, request);
  instant = new Date(at.getTime() + 40 * 60_000);
  await campaigns.review(admin, id, 'approved', undefined);
  instant = new Date(at.getTime() + 55 * 60_000);
  await campaigns.sendNow(owner, id);
  await campaigns.runSend(id);
}
