import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { REWARDS_MESSAGES } from '@ra/shared/rewards/rewards.messages';
import type { TIngestOrderInput } from '@ra/shared/orders/orders.schemas';
import { coupons } from '../../db/schema/coupons.ts';
import { menuItems } from '../../db/schema/menu.ts';
import { pointsLedger } from '../../db/schema/rewards.ts';
import { num, rowsOf } from '../../db/sql-util.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';
import { createPerson, harbor, restaurantByName } from '../team/team.test-support.ts';
import { pairMatrixDevice } from '../../../test/matrix/devices.ts';
import type { TMatrixEnv } from '../../../test/matrix/types.ts';

const en = (key: keyof typeof REWARDS_MESSAGES) => REWARDS_MESSAGES[key].en;

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let dragon: ReturnType<typeof as>;
let harborId: number;
let couponId: number;
let foreignCouponId: number;
let item: { id: number; priceCents: number };

type TAccount = { customerId: number; earned: number; spent: number; adjusted: number; balance: number };

/** A closed check for `phone` on business day 2026-03-10: one dish of `cents`, paid in full. */
function order(posOrderId: string, phone: string, cents: number, day = '2026-03-10'): TIngestOrderInput {
  return {
    posOrderId,
    channel: 'dineIn',
    partySize: 2,
    status: 'closed',
    openedAt: `${day}T17:00:00Z`,
    closedAt: `${day}T18:00:00Z`,
    items: [{ posItemId: 'D1', name: 'Harbor chowder', category: 'Soups', quantity: 1, unitPriceCents: cents }],
    payments: [{ posPaymentId: `${posOrderId}-p`, method: 'card', amountCents: cents, paidAt: `${day}T17:59:00Z` }],
    customer: { phone },
  };
}

/** Pushes orders and lets the customer list's debounced rebuild run. */
async function orders(...list: TIngestOrderInput[]) {
  for (const o of list) {
    const res = await owner({ method: 'POST', url: '/api/api/pos/orders', payload: o as object });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  clock.advance(31_000);
  await ctx.app.jobs.drain();
  await relogin();
}

async function relogin() {
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  dragon = as(ctx.app, await tokenFor(ctx.app, 'owner@dragon.test'));
}

async function customerId(phone: string): Promise<number> {
  const res = await owner({ method: 'GET', url: '/api/api/customers', query: { q: phone.slice(-7) } });
  const row = (res.json().rows as Array<{ id: number; phone: string }>).find((r) => r.phone === phone);
  if (!row) throw new Error(`no customer ${phone}`);
  return row.id;
}

async function account(id: number): Promise<TAccount> {
  const res = await owner({ method: 'GET', url: `/api/api/rewards/customers/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function createReward(payload: Record<string, unknown>) {
  const res = await owner({ method: 'POST', url: '/api/api/rewards', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; pointsCost: number; valueCents: number; kind: string };
}

const redeem = (who: ReturnType<typeof as>, payload: Record<string, unknown>) =>
  who({ method: 'POST', url: '/api/api/pos/rewards/redeem', payload });

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  harborId = (await harbor(ctx.db)).id;
  await createPerson(ctx.db, await restaurantByName(ctx.db, '金龙餐厅 Golden Dragon'), {
    email: 'owner@dragon.test',
    existingRole: 'Owner',
    firstName: 'Wei',
    lastName: 'Zhang',
  });
  await relogin();
  const [coupon] = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.restaurantId, harborId), eq(coupons.type, 'spendMinus'), eq(coupons.active, true)))
    .limit(1);
  const [foreign] = await ctx.db.select({ id: coupons.id }).from(coupons).where(ne(coupons.restaurantId, harborId));
  const [dish] = await ctx.db
    .select({ id: menuItems.id, priceCents: menuItems.priceCents })
    .from(menuItems)
    .where(eq(menuItems.restaurantId, harborId))
    .limit(1);
  if (!coupon || !foreign || !dish) throw new Error('demo coupons or menu missing');
  couponId = coupon.id;
  foreignCouponId = foreign.id;
  item = dish;
});

afterAll(async () => {
  await ctx?.close();
});

describe('catalogue', () => {
  it('creates a coupon reward and a free-item reward, edits, archives and restores', async () => {
    const coupon = await createReward({
      nameEn: 'Ten off',
      nameZh: '减十元',
      pointsCost: 150,
      kind: 'coupon',
      couponId,
    });
    expect(coupon).toMatchObject({ kind: 'coupon', pointsCost: 150, archived: false });
    const free = await createReward({ nameEn: 'Free dish', pointsCost: 90, kind: 'item', menuItemId: item.id });
    expect(free.valueCents).toBe(item.priceCents);
    const edited = await owner({
      method: 'PUT',
      url: `/api/api/rewards/${free.id}`,
      payload: {
        nameEn: 'Free dish of the day',
        nameZh: '今日免费菜',
        pointsCost: 95,
        kind: 'item',
        menuItemId: item.id,
      },
    });
    expect(edited.json()).toMatchObject({ nameEn: 'Free dish of the day', nameZh: '今日免费菜', pointsCost: 95 });
    const archived = await owner({ method: 'POST', url: `/api/api/rewards/${free.id}/archive` });
    expect(archived.json().archived).toBe(true);
    const active = (await owner({ method: 'GET', url: '/api/api/rewards' })).json().items as { id: number }[];
    expect(active.map((r) => r.id)).toContain(coupon.id);
    expect(active.map((r) => r.id)).not.toContain(free.id);
    const gone = (await owner({ method: 'GET', url: '/api/api/rewards', query: { archived: 'archived' } })).json();
    expect(gone.items.map((r: { id: number }) => r.id)).toContain(free.id);
    await owner({ method: 'POST', url: `/api/api/rewards/${free.id}/restore` });
    expect((await owner({ method: 'GET', url: `/api/api/rewards/${free.id}` })).json().archived).toBe(false);
    const audit = await ctx.db.execute(
      sql`select action from audit_log where target_type = 'reward' and target_id = ${String(free.id)} order by id`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'reward.create',
      'reward.update',
      'reward.archive',
      'reward.restore',
    ]);
  });

  it('refuses bad input with a 400 naming the field, changing nothing', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/rewards', query: { archived: 'all' } })).json().items
      .length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ nameEn: ' ', pointsCost: 10, kind: 'coupon', couponId }, 'nameEn', en('rewards.nameRequired')],
      [{ nameEn: 'X', pointsCost: 0, kind: 'coupon', couponId }, 'pointsCost', en('rewards.pointsRange')],
      [{ nameEn: 'X', pointsCost: 1.5, kind: 'coupon', couponId }, 'pointsCost', en('rewards.pointsRange')],
      [{ nameEn: 'X', pointsCost: 10, kind: 'coupon' }, 'couponId', en('rewards.couponRequired')],
      [{ nameEn: 'X', pointsCost: 10, kind: 'item' }, 'menuItemId', en('rewards.itemRequired')],
      [{ nameEn: 'X'.repeat(61), pointsCost: 10, kind: 'coupon', couponId }, 'nameEn', en('rewards.nameTooLong')],
      // Another restaurant's coupon is not this restaurant's to give.
      [
        { nameEn: 'X', pointsCost: 10, kind: 'coupon', couponId: foreignCouponId },
        'couponId',
        en('rewards.couponUnknown'),
      ],
      [{ nameEn: 'X', pointsCost: 10, kind: 'item', menuItemId: 2_000_000 }, 'menuItemId', en('rewards.itemUnknown')],
    ];
    for (const [payload, fieldName, message] of cases) {
      const res = await owner({ method: 'POST', url: '/api/api/rewards', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[fieldName]).toBe(message);
    }
    const after = (await owner({ method: 'GET', url: '/api/api/rewards', query: { archived: 'all' } })).json().items
      .length;
    expect(after).toBe(before);
  });

  it('is the coupon editor’s: staff get 403, another restaurant sees none of Harbor’s rewards', async () => {
    const reward = await createReward({ nameEn: 'Harbor only', pointsCost: 10, kind: 'coupon', couponId });
    expect((await staff({ method: 'GET', url: '/api/api/rewards' })).statusCode).toBe(403);
    expect((await staff({ method: 'POST', url: `/api/api/rewards/${reward.id}/archive` })).statusCode).toBe(403);
    expect((await manager({ method: 'GET', url: '/api/api/rewards' })).statusCode).toBe(200);
    expect((await dragon({ method: 'GET', url: `/api/api/rewards/${reward.id}` })).statusCode).toBe(404);
    const edit = await dragon({
      method: 'PUT',
      url: `/api/api/rewards/${reward.id}`,
      payload: { nameEn: 'Taken', pointsCost: 1, kind: 'item', menuItemId: item.id },
    });
    expect(edit.statusCode).toBe(404);
    const archive = await dragon({ method: 'POST', url: `/api/api/rewards/${reward.id}/archive` });
    expect(archive.statusCode).toBe(404);
    const list = (await dragon({ method: 'GET', url: '/api/api/rewards' })).body;
    expect(list).not.toContain('Harbor only');
  });
});

describe('points ledger and POS redemption', () => {
  const PHONE = '+15557770001';
  let cid: number;
  let tenOff: { id: number; pointsCost: number; valueCents: number };

  beforeAll(async () => {
    await orders(order('RW-1', PHONE, 12_345), order('RW-2', PHONE, 8_000));
    cid = await customerId(PHONE);
    tenOff = await createReward({ nameEn: 'Ten off next visit', pointsCost: 100, kind: 'coupon', couponId });
  });

  it('earned points are the customer list’s points; the balance is earned − spent ± adjusted', async () => {
    const listed = (await owner({ method: 'GET', url: `/api/api/customers/${cid}` })).json();
    const points = listed.points ?? listed.customer?.points;
    expect(points).toBe(203); // floor(203.45) × 1 point per dollar
    expect(await account(cid)).toMatchObject({ earned: 203, spent: 0, adjusted: 0, balance: 203 });
  });

  it('the POS looks up by phone as typed, redeems, and answers the coupon to apply', async () => {
    const look = await staff({
      method: 'POST',
      url: '/api/api/pos/rewards/lookup',
      payload: { phone: '(555) 777-0001' },
    });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json()).toMatchObject({ customerId: cid, balance: 203 });
    const offered = look.json().rewards.find((r: { id: number }) => r.id === tenOff.id);
    expect(offered.affordable).toBe(true);
    const res = await redeem(staff, { phone: PHONE, rewardId: tenOff.id, idempotencyKey: 'pos-key-0001' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: true, pointsSpent: 100, balance: 103, item: null });
    expect(res.json().coupon).toMatchObject({ id: couponId, type: 'spendMinus' });
    expect(res.json().coupon.code).not.toBe('');
    expect(await account(cid)).toMatchObject({ earned: 203, spent: 100, balance: 103 });
  });

  it('is idempotent by key: the same key answers the first redemption and spends nothing more', async () => {
    const again = await redeem(staff, { phone: PHONE, rewardId: tenOff.id, idempotencyKey: 'pos-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, pointsSpent: 100, balance: 103 });
    const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, 'pos-key-0001'));
    expect(rows).toHaveLength(1);
    const other = await createReward({ nameEn: 'Other', pointsCost: 1, kind: 'item', menuItemId: item.id });
    const reused = await redeem(staff, { phone: PHONE, rewardId: other.id, idempotencyKey: 'pos-key-0001' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(en('rewards.keyReused'));
    expect((await account(cid)).balance).toBe(103);
  });

  it('refuses what the balance does not cover, archived rewards, unknown customers and bad requests', async () => {
    const dear = await createReward({ nameEn: 'Dear', pointsCost: 104, kind: 'item', menuItemId: item.id });
    const short = await redeem(staff, { phone: PHONE, rewardId: dear.id, idempotencyKey: 'pos-key-0002' });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Not enough points: this reward costs 104, the customer has 103');
    await owner({ method: 'POST', url: `/api/api/rewards/${tenOff.id}/archive` });
    const archived = await redeem(staff, { phone: PHONE, rewardId: tenOff.id, idempotencyKey: 'pos-key-0003' });
    expect(archived.json().message).toBe(en('rewards.archived'));
    await owner({ method: 'POST', url: `/api/api/rewards/${tenOff.id}/restore` });
    const nobody = await redeem(staff, { phone: '+15557779999', rewardId: tenOff.id, idempotencyKey: 'pos-key-0004' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(en('rewards.customerNotFound'));
    const noCustomer = await redeem(staff, { rewardId: tenOff.id, idempotencyKey: 'pos-key-0005' });
    expect(noCustomer.statusCode).toBe(400);
    const noKey = await redeem(staff, { phone: PHONE, rewardId: tenOff.id, idempotencyKey: 'x' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors.idempotencyKey).toBe(en('rewards.keyRequired'));
    expect((await account(cid)).balance).toBe(103);
  });

  it('adjusts by hand with a reason, audited, never below zero; the ledger refuses edits', async () => {
    const noReason = await owner({
      method: 'POST',
      url: `/api/api/rewards/customers/${cid}/adjust`,
      payload: { points: 5, reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(en('rewards.reasonRequired'));
    const up = await owner({
      method: 'POST',
      url: `/api/api/rewards/customers/${cid}/adjust`,
      payload: { points: 7, reason: 'Birthday' },
    });
    expect(up.json()).toMatchObject({ adjusted: 7, balance: 110 });
    const below = await owner({
      method: 'POST',
      url: `/api/api/rewards/customers/${cid}/adjust`,
      payload: { points: -111, reason: 'Typo' },
    });
    expect(below.statusCode).toBe(409);
    const history = (await owner({ method: 'GET', url: `/api/api/rewards/customers/${cid}` })).json().history;
    expect(
      history.map((h: { type: string; points: number; balanceAfter: number }) => [h.type, h.points, h.balanceAfter]),
    ).toEqual([
      ['adjust', 7, 110],
      ['redeem', -100, 103],
    ]);
    const audit = await ctx.db.execute(
      sql`select details from audit_log where action = 'points.adjust' and target_id = ${String(cid)}`,
    );
    expect((audit as unknown as { rows: { details: { reason: string } }[] }).rows[0]?.details.reason).toBe('Birthday');
    await expect(ctx.db.execute(sql`update points_ledger set points = 1000 where phone = ${PHONE}`)).rejects.toThrow();
    expect((await staff({ method: 'GET', url: `/api/api/rewards/customers/${cid}` })).statusCode).toBe(403);
  });

  it('a paired device redeems at its own restaurant only; the ledger names the device', async () => {
    const env = { app: ctx.app, tokenFor: (email: string) => tokenFor(ctx.app, email) } as unknown as TMatrixEnv;
    const device = as(ctx.app, (await pairMatrixDevice(env, 'Rewards till')).token);
    const cheap = await createReward({ nameEn: 'Cheap', pointsCost: 10, kind: 'item', menuItemId: item.id });
    const res = await redeem(device, { customerId: cid, rewardId: cheap.id, idempotencyKey: 'device-key-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ id: item.id, priceCents: item.priceCents });
    const [row] = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.idempotencyKey, 'device-key-01'));
    expect(row).toMatchObject({ actorName: 'Rewards till', actorUserId: null, valueCents: item.priceCents });
    // Golden Dragon's owner asking for Harbor's customer and reward finds neither.
    const foreign = await redeem(dragon, { customerId: cid, rewardId: cheap.id, idempotencyKey: 'dragon-key-01' });
    expect(foreign.statusCode).toBe(404);
    const look = await dragon({ method: 'POST', url: '/api/api/pos/rewards/lookup', payload: { phone: PHONE } });
    expect(look.statusCode).toBe(404);
  });
});

describe('a coupon reward gives each redemption its own code', () => {
  it('issues a single-use code per redemption, answers it to the POS, keeps it on the ledger, and it applies once', async () => {
    const PHONE = '+15557770077';
    await orders(order('RW-77', PHONE, 30_000)); // 300 points
    const cid = await customerId(PHONE);
    const reward = await createReward({ nameEn: 'Code per visit', pointsCost: 100, kind: 'coupon', couponId });
    const [own] = await ctx.db.select({ code: coupons.code }).from(coupons).where(eq(coupons.id, couponId));
    const first = await redeem(staff, { phone: PHONE, rewardId: reward.id, idempotencyKey: 'code-key-0001' });
    const second = await redeem(staff, { phone: PHONE, rewardId: reward.id, idempotencyKey: 'code-key-0002' });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const a = first.json().coupon.code as string;
    const b = second.json().coupon.code as string;
    expect(a).toMatch(/^RW[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
    expect(b).toMatch(/^RW[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
    expect(new Set([a, b, own!.code]).size).toBe(3);
    // The same key again answers the same code; nothing new is issued.
    const again = await redeem(staff, { phone: PHONE, rewardId: reward.id, idempotencyKey: 'code-key-0001' });
    expect(again.json()).toMatchObject({ created: false, coupon: { code: a } });
    // On the customer's ledger, and a single-use code of the coupon tied to its redemption.
    const { history } = (await account(cid)) as unknown as { history: Array<{ couponCode: string | null }> };
    expect(history.filter((e) => e.couponCode !== null).map((e) => e.couponCode)).toEqual([b, a]);
    const issued = await rowsOf(
      ctx.db,
      sql`select code, coupon_id, single_use, points_entry_id from coupon_codes
          where restaurant_id = ${harborId} and code in (${a}, ${b}) order by points_entry_id`,
    );
    expect(issued.map((r) => [r.code, num(r.coupon_id), r.single_use, num(r.points_entry_id)])).toEqual([
      [a, couponId, true, first.json().redemptionId],
      [b, couponId, true, second.json().redemptionId],
    ]);
    // The POS applies the code to an order once; a second order cannot use it again.
    const cartOf = (orderRef: string) => ({
      channel: 'pos',
      code: a.toLowerCase(),
      orderRef,
      lines: [{ lineId: 'a', itemId: 1, categoryId: 2, quantity: 1, unitPriceCents: 20_000 }],
    });
    const applied = await staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: cartOf('RW-APPLY-1') });
    expect(applied.statusCode, applied.body).toBe(200);
    const twice = await staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: cartOf('RW-APPLY-2') });
    expect(twice.statusCode).not.toBe(200);
  });
});

describe('concurrency', () => {
  it('50 parallel redemptions of one customer’s points never overspend', async () => {
    const PHONE = '+15557770050';
    await orders(order('RW-50', PHONE, 50_000)); // 500 points
    const cid = await customerId(PHONE);
    const reward = await createReward({ nameEn: 'Twenty', pointsCost: 20, kind: 'item', menuItemId: item.id });

    // One side held open: a transaction locks the customer's row as every points movement does and
    // takes 100 of the 500 points back by hand, and does not commit while the 50 redemptions arrive.
    let locked!: () => void;
    let release!: () => void;
    const lockedNow = new Promise<void>((r) => (locked = r));
    const released = new Promise<void>((r) => (release = r));
    const holding = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from customers where id = ${cid} for update`);
      await tx.insert(pointsLedger).values({
        restaurantId: harborId,
        phone: PHONE,
        type: 'adjust',
        points: -100,
        balanceAfter: 400,
        reason: 'Held open by the test',
        createdAt: clock.now(),
      });
      locked();
      await released;
    });
    await lockedNow;

    let answered = 0;
    const results = Array.from({ length: 50 }, (_, i) =>
      redeem(staff, {
        phone: PHONE,
        rewardId: reward.id,
        idempotencyKey: `parallel-${String(i).padStart(3, '0')}`,
      }).finally(() => (answered += 1)),
    );
    // Every redemption is in flight while the hold lasts: each waits on the customer's row lock or,
    // behind those, for a database connection (PGlite's one connection is the hold's). None answers.
    // Kept short: a request that waits for a connection longer than the pool's 5 s answers 503.
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(0);
    release();
    await holding;
    const answers = await Promise.all(results);

    // 400 points left after the held adjustment, 20 each: exactly 20 of the 50 are paid, the rest refused.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 409).map((r) => r.json().key)).toEqual(
      Array.from({ length: 30 }, () => 'rewards.insufficient'),
    );
    expect(await account(cid)).toMatchObject({ earned: 500, spent: 400, adjusted: -100, balance: 0 });
    const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.phone, PHONE));
    // The ledger sums to the balance, and each row's balance follows the one before it.
    expect(500 + rows.reduce((sum, r) => sum + r.points, 0)).toBe(0);
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    expect(ordered.map((r) => r.balanceAfter)).toEqual([400, ...Array.from({ length: 20 }, (_, i) => 380 - i * 20)]);
  });

  it('the same key sent 20 times at once spends once', async () => {
    const PHONE = '+15557770020';
    await orders(order('RW-20', PHONE, 10_000));
    const cid = await customerId(PHONE);
    const reward = await createReward({ nameEn: 'Ten', pointsCost: 10, kind: 'item', menuItemId: item.id });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        redeem(staff, { customerId: cid, rewardId: reward.id, idempotencyKey: 'same-key-20' }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().redemptionId)).size).toBe(1);
    expect((await account(cid)).balance).toBe(90);
  });
});

describe('report', () => {
  it('counts points issued, redemptions by reward and value given away over the period; exports CSV', async () => {
    const A = '+15557770101';
    const B = '+15557770102';
    const before = (
      await owner({ method: 'GET', url: '/api/api/rewards/report', query: { from: '2026-03-12', to: '2026-03-14' } })
    ).json();
    await orders(
      order('RP-1', A, 30_099, '2026-03-12'),
      order('RP-2', B, 20_050, '2026-03-12'),
      order('RP-3', A, 9_900, '2026-02-01'),
    );
    const free = await createReward({
      nameEn: 'Report dish',
      nameZh: '报表菜',
      pointsCost: 50,
      kind: 'item',
      menuItemId: item.id,
    });
    const tenOff = await createReward({ nameEn: 'Report coupon', pointsCost: 120, kind: 'coupon', couponId });
    await redeem(staff, { phone: A, rewardId: free.id, idempotencyKey: 'report-k-1' });
    await redeem(staff, { phone: A, rewardId: free.id, idempotencyKey: 'report-k-2' });
    await redeem(staff, { phone: B, rewardId: tenOff.id, idempotencyKey: 'report-k-3' });
    const res = await owner({
      method: 'GET',
      url: '/api/api/rewards/report',
      query: { from: '2026-03-12', to: '2026-03-14' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // 2026-03-12: A earned floor(300.99) = 300, B floor(200.50) = 200; A's February order is outside.
    expect(report.pointsIssued - before.pointsIssued).toBe(500);
    expect(report.redemptions - before.redemptions).toBe(3);
    expect(report.pointsRedeemed - before.pointsRedeemed).toBe(50 + 50 + 120);
    const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.id, couponId));
    expect(report.valueGivenCents - before.valueGivenCents).toBe(2 * item.priceCents + coupon!.minusAmount);
    expect(report.byReward.find((r: { rewardId: number }) => r.rewardId === free.id)).toMatchObject({
      redemptions: 2,
      points: 100,
      valueCents: 2 * item.priceCents,
      nameZh: '报表菜',
    });
    const csv = await owner({
      method: 'GET',
      url: '/api/api/rewards/report/export',
      query: { from: '2026-03-12', to: '2026-03-14', lang: 'zh' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('报表菜,2,100,');
    expect(csv.body).toContain(`发放积分,,${report.pointsIssued},`);
    const earlier = await owner({
      method: 'GET',
      url: '/api/api/rewards/report',
      query: { from: '2026-02-01', to: '2026-02-01' },
    });
    expect(earlier.json()).toMatchObject({ redemptions: 0 });
    expect(earlier.json().pointsIssued).toBeGreaterThanOrEqual(99);
    const backwards = await owner({
      method: 'GET',
      url: '/api/api/rewards/report',
      query: { from: '2026-03-14', to: '2026-03-12' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toBe(en('rewards.periodOrder'));
    expect(
      (await staff({ method: 'GET', url: '/api/api/rewards/report', query: { from: '2026-03-12', to: '2026-03-14' } }))
        .statusCode,
    ).toBe(403);
  });
});
