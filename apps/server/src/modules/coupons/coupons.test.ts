import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COUPONS_MESSAGES } from '@ra/shared/coupons/coupons.messages';
import { PREMIUM_CODE_ALPHABET, ZCouponPerformance, type TCouponPerformance } from '@ra/shared/coupons/coupons.schemas';
import { auditLog } from '../../db/schema/audit.ts';
import { couponCodes, couponRedemptions, coupons } from '../../db/schema/coupons.ts';
import { menuCategories, menuItems, menuModifiers } from '../../db/schema/menu.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { pairMatrixDevice } from '../../../test/matrix/devices.ts';
import type { TMatrixEnv } from '../../../test/matrix/types.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { harbor } from '../team/team.test-support.ts';

const en = (key: keyof typeof COUPONS_MESSAGES) => COUPONS_MESSAGES[key].en;

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let owner: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let harborId: number;

const cart = (cents: number, extra: Record<string, unknown> = {}) => ({
  channel: 'pos',
  lines: [
    { lineId: 'a', itemId: 1, categoryId: 2, quantity: 1, unitPriceCents: cents - Math.floor(cents / 3) },
    { lineId: 'b', itemId: 2, categoryId: 3, quantity: 1, unitPriceCents: Math.floor(cents / 3) },
  ],
  ...extra,
});

async function createCoupon(body: Record<string, unknown>) {
  const res = await manager({ method: 'POST', url: '/api/api/coupon', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; code: string; usedCount: number };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const home = await harbor(ctx.db);
  harborId = home.id;
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
  await admin({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: home.xid } });
});

afterAll(async () => {
  await ctx?.close();
});

describe('coupons', () => {
  it('lists the demo coupons of the caller’s restaurant only', async () => {
    const res = await manager({ method: 'GET', url: '/api/api/coupon', query: { pageSize: '50' } });
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { items: { name: string }[] }).items.map((c) => c.name);
    expect(names).toContain('Harbor Oyster Night');
    expect(names.some((n) => n.includes('Golden Dragon') || n.includes('DIMSUM'))).toBe(false);
  });

  it('refuses a coupon that breaks a SPEC 5 rule with the shared message, and writes nothing', async () => {
    const res = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: { name: 'Bad', type: 'spendMinus', overAmount: 500, minusAmount: 1000, totalNum: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      overAmount: en('coupons.spendAtLeastMinus'),
      totalNum: en('coupons.totalNumMin'),
    });
    const list = await manager({ method: 'GET', url: '/api/api/coupon', query: { q: 'Bad' } });
    expect(list.json().total).toBe(0);
  });

  it('refuses a discount above 100% for every coupon type, on create and on edit, and changes nothing', async () => {
    const base = { name: 'Typo 150', overAmount: 5000, minusAmount: 1, itemIds: '1', toppingIds: '1' };
    for (const type of [
      'spendDiscount',
      'piecesDiscount',
      'itemDiscount',
      'toppingDiscount',
      'buyGive',
      'spendMinus',
    ]) {
      const res = await manager({ method: 'POST', url: '/api/api/coupon', payload: { ...base, type, discount: 150 } });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().errors.discount, type).toBe(en('coupons.discountRange'));
    }
    const list = await manager({ method: 'GET', url: '/api/api/coupon', query: { q: 'Typo 150' } });
    expect(list.json().total).toBe(0);

    const ok = await createCoupon({ name: 'Spend 50 ten off', type: 'spendDiscount', overAmount: 5000, discount: 10 });
    const edit = await manager({
      method: 'PUT',
      url: `/api/api/coupon/${ok.id}`,
      payload: { name: 'Spend 50 ten off', type: 'spendDiscount', overAmount: 5000, discount: 150 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors.discount).toBe(en('coupons.discountRange'));
    const after = await manager({ method: 'GET', url: `/api/api/coupon/${ok.id}` });
    expect(after.json().discount).toBe(10);
    await manager({ method: 'DELETE', url: `/api/api/coupon/${ok.id}` });
  });

  it('creates, edits and deletes a coupon with audit rows; codes are unique and compared in capitals', async () => {
    const created = await createCoupon({ name: 'Spring', type: 'customCode', code: 'spring-5', minusAmount: 500 });
    expect(created.code).toBe('SPRING-5');
    const dup = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: { name: 'Dup', type: 'customCode', code: 'Spring-5', minusAmount: 100 },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ code: en('coupons.codeTaken') });
    const put = await manager({
      method: 'PUT',
      url: `/api/api/coupon/${created.id}`,
      payload: { name: 'Spring sale', type: 'customCode', code: 'SPRING-6', minusAmount: 600 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Spring sale', code: 'SPRING-6', minusAmount: 600 });
    const del = await manager({ method: 'DELETE', url: `/api/api/coupon/${created.id}` });
    expect(del.statusCode).toBe(200);
    expect((await manager({ method: 'GET', url: `/api/api/coupon/${created.id}` })).statusCode).toBe(404);
    const actions = (
      await ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(created.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['coupon.create', 'coupon.update', 'coupon.delete']));
  });

  it('refuses callers without editCoupon, and redemption without canOrder', async () => {
    expect((await staff({ method: 'GET', url: '/api/api/coupon' })).statusCode).toBe(403);
    expect(
      (await staff({ method: 'POST', url: '/api/api/coupon/simulate', payload: { ...cart(6000), codes: [] } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('redemption', () => {
  it('answers the discount line by line and takes one use; the same order again answers the first redemption', async () => {
    const c = await createCoupon({
      name: 'Ten off fifty',
      type: 'spendMinus',
      overAmount: 5000,
      minusAmount: 1000,
      totalNum: 10,
    });
    const body = { ...cart(6000), code: c.code.toLowerCase(), orderRef: 'R-1' };
    const first = await staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: body });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ discountCents: 1000, status: 'consumed', orderSubtotalCents: 6000 });
    expect(first.json().lines).toEqual([
      { lineId: 'a', discountCents: 667 },
      { lineId: 'b', discountCents: 333 },
    ]);
    const again = await staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: body });
    expect(again.json().id).toBe(first.json().id);
    expect((await manager({ method: 'GET', url: `/api/api/coupon/${c.id}` })).json().usedCount).toBe(1);
  });

  it('refuses a cart below the minimum with the reason, and an unknown code', async () => {
    const below = await staff({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(4000), code: 'HARBOR10', orderRef: 'R-2' },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('Spend $10.00 more to use this coupon');
    const unknown = await staff({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(6000), code: 'NOPE', orderRef: 'R-2' },
    });
    expect(unknown.json().message).toBe(en('coupons.codeUnknown'));
  });

  it('holds the limit under concurrent redemption: limit 5, 20 at once, exactly 5 succeed; a release gives one back', async () => {
    const c = await createCoupon({
      name: 'Five only',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
      totalNum: 5,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff({
          method: 'POST',
          url: '/api/api/coupon/redeem',
          payload: { ...cart(2000), code: c.code, orderRef: `C-${i}` },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().message === en('coupons.limitReached')),
    ).toBe(true);
    const release = await staff({ method: 'POST', url: `/api/api/coupon/redemption/${ok[0]!.json().id}/release` });
    expect(release.json().status).toBe('released');
    expect((await manager({ method: 'GET', url: `/api/api/coupon/${c.id}` })).json().usedCount).toBe(4);
    const more = await staff({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(2000), code: c.code, orderRef: 'C-late' },
    });
    expect(more.statusCode).toBe(200);
  });

  it('reserve then consume; the per-customer limit counts live redemptions', async () => {
    const c = await createCoupon({
      name: 'Once each',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 50,
      perCustomerLimit: 1,
    });
    const reserve = await staff({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(1000), code: c.code, orderRef: 'P-1', customerId: '+15550001', mode: 'reserve' },
    });
    expect(reserve.json().status).toBe('reserved');
    const second = await staff({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(1000), code: c.code, orderRef: 'P-2', customerId: '+15550001' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(en('coupons.customerLimitReached'));
    const consume = await staff({ method: 'POST', url: `/api/api/coupon/redemption/${reserve.json().id}/consume` });
    expect(consume.json().status).toBe('consumed');
  });

  it('stacking: a second coupon on the same order is refused when one is not stackable', async () => {
    const a = await createCoupon({
      name: 'Stack A',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
      stackable: true,
    });
    const b = await createCoupon({ name: 'Solo B', type: 'spendMinus', overAmount: 100, minusAmount: 100 });
    const c = await createCoupon({
      name: 'Stack C',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
      stackable: true,
    });
    const redeem = (code: string) =>
      staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: { ...cart(3000), code, orderRef: 'S-1' } });
    expect((await redeem(a.code)).statusCode).toBe(200);
    const solo = await redeem(b.code);
    expect(solo.statusCode).toBe(409);
    expect(solo.json().message).toBe(en('coupons.notStackable'));
    expect((await redeem(c.code)).statusCode).toBe(200); // Harbor combines stackable coupons (demo policy)
  });
});

describe('cart simulator', () => {
  it('shows which coupons apply, the discount each gives, and why the others do not', async () => {
    const res = await manager({
      method: 'POST',
      url: '/api/api/coupon/simulate',
      payload: { ...cart(6000), codes: ['HARBOR10', 'SWEET2', 'NOPE'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.subtotalCents).toBe(6000);
    expect(body.discountCents).toBe(1000);
    expect(
      body.verdicts.map((v: { code: string; applied: boolean; reason: { key: string } | null }) => [
        v.code,
        v.applied,
        v.reason?.key ?? null,
      ]),
    ).toEqual([
      ['HARBOR10', true, null],
      ['SWEET2', false, 'coupons.noQualifyingItems'],
      ['NOPE', false, 'coupons.codeUnknown'],
    ]);
  });

  it('takes a topping discount off the toppings a cart line carries (the simulator’s topping picker)', async () => {
    const menu = (await manager({ method: 'GET', url: '/api/api/coupon/menu' })).json() as {
      items: { id: number; priceCents: number }[];
      toppings: { id: number; priceCents: number }[];
    };
    const [item] = menu.items;
    const [cheese, bacon] = menu.toppings;
    const created = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: {
        name: 'Half-price topping',
        type: 'toppingDiscount',
        discount: 50,
        toppingIds: String(cheese!.id),
        code: 'TOPSIM50',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const line = (toppings: { toppingId: number; priceCents: number }[]) => ({
      lineId: 'L1',
      itemId: item!.id,
      quantity: 2,
      unitPriceCents: 1000,
      toppings,
    });
    const simulate = async (toppings: { toppingId: number; priceCents: number }[]) => {
      const res = await manager({
        method: 'POST',
        url: '/api/api/coupon/simulate',
        payload: { lines: [line(toppings)], codes: ['TOPSIM50'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const withToppings = await simulate([
      { toppingId: cheese!.id, priceCents: 300 },
      { toppingId: bacon!.id, priceCents: 500 },
    ]);
    // 2 × (1000 + 300 + 500); 50% of the listed topping only, on both units
    expect(withToppings.subtotalCents).toBe(3600);
    expect(withToppings.discountCents).toBe(300);
    expect(withToppings.lines).toEqual([{ lineId: 'L1', discountCents: 300 }]);
    const without = await simulate([]);
    expect(without.discountCents).toBe(0);
    expect(without.verdicts[0].reason.key).toBe('coupons.noQualifyingItems');
  });
});

describe('premium codes (platform staff only)', () => {
  it('refuses the owner', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/coupon/codes/generate',
      payload: { couponId: 1, count: 10, length: 8 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('generates 1,000 unique codes in the background, exports them and looks one up', async () => {
    const c = await createCoupon({ name: 'VIP', type: 'spendMinus', overAmount: 100, minusAmount: 100 });
    const start = await admin({
      method: 'POST',
      url: '/api/api/coupon/codes/generate',
      payload: { couponId: c.id, count: 1000, length: 8, prefix: 'VIP' },
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ status: 'queued', generated: 0, requested: 1000 });
    const busy = await admin({
      method: 'POST',
      url: '/api/api/coupon/codes/generate',
      payload: { couponId: c.id, count: 10, length: 8 },
    });
    expect(busy.statusCode).toBe(409);
    await ctx.app.jobs.drain();
    const batch = await admin({ method: 'GET', url: `/api/api/coupon/codes/batches/${start.json().id}` });
    expect(batch.json()).toMatchObject({ status: 'done', generated: 1000 });
    const codes = await ctx.db
      .select({ code: couponCodes.code })
      .from(couponCodes)
      .where(and(eq(couponCodes.restaurantId, harborId), eq(couponCodes.batchId, start.json().id)));
    expect(new Set(codes.map((x) => x.code)).size).toBe(1000);
    const pattern = new RegExp(`^VIP[${PREMIUM_CODE_ALPHABET}]{8}$`);
    expect(codes.every((x) => pattern.test(x.code))).toBe(true);

    const csv = await admin({
      method: 'GET',
      url: `/api/api/coupon/codes/batches/${start.json().id}/export`,
      query: { format: 'csv' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1001);
    const xlsx = await admin({
      method: 'GET',
      url: `/api/api/coupon/codes/batches/${start.json().id}/export`,
      query: { format: 'xlsx' },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    // A premium code is good once.
    const code = codes[0]!.code;
    const use = (orderRef: string) =>
      staff({ method: 'POST', url: '/api/api/coupon/redeem', payload: { ...cart(1000), code, orderRef } });
    expect((await use('V-1')).statusCode).toBe(200);
    const twice = await use('V-2');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(en('coupons.codeUsed'));
    const lookup = await admin({
      method: 'GET',
      url: '/api/api/coupon/codes/lookup',
      query: { code: code.toLowerCase() },
    });
    expect(lookup.json()).toMatchObject({ code, couponName: 'VIP' });
    expect(lookup.json().redemptions).toHaveLength(1);
  });

  it('a cancelled batch stops', async () => {
    const c = await createCoupon({ name: 'Cancel me', type: 'spendMinus', overAmount: 100, minusAmount: 100 });
    const start = await admin({
      method: 'POST',
      url: '/api/api/coupon/codes/generate',
      payload: { couponId: c.id, count: 5000, length: 10 },
    });
    const cancel = await admin({ method: 'POST', url: `/api/api/coupon/codes/batches/${start.json().id}/cancel` });
    expect(cancel.json().status).toBe('cancelled');
    await ctx.app.jobs.drain();
    const batch = await admin({ method: 'GET', url: `/api/api/coupon/codes/batches/${start.json().id}` });
    expect(batch.json()).toMatchObject({ status: 'cancelled', generated: 0 });
  });
});

describe('coupon performance', () => {
  it('sums uses, discount, sales and net of live redemptions by coupon', async () => {
    const res = await manager({
      method: 'GET',
      url: '/api/api/coupon/performance',
      query: { from: '2026-03-14', to: '2026-03-14' },
    });
    expect(res.statusCode).toBe(200);
    const row = (
      res.json().rows as { name: string; uses: number; discountCents: number; salesCents: number; netCents: number }[]
    ).find((r) => r.name === 'Ten off fifty');
    expect(row).toEqual({
      couponId: expect.any(Number),
      name: 'Ten off fifty',
      uses: 1,
      discountCents: 1000,
      salesCents: 6000,
      netCents: 5000,
    });
  });
});

describe('coupon performance against the comparison period', () => {
  it('cuts yesterday at the same time when today is in progress, as the sales report does', async () => {
    // Now is 19:30 on Saturday 2026-03-14 in New York: yesterday counts up to 19:30, not to its end.
    const c = await createCoupon({ name: 'Same-time check', type: 'customCode', code: 'same-time', minusAmount: 100 });
    const [code] = await ctx.db.select().from(couponCodes).where(eq(couponCodes.couponId, c.id));
    const use = (at: string, orderRef: string) => ({
      restaurantId: harborId,
      couponId: c.id,
      codeId: code!.id,
      code: code!.code,
      orderRef,
      channel: 'pos',
      status: 'consumed',
      discountCents: 100,
      subtotalCents: 2_000,
      lines: [],
      createdAt: new Date(at),
    });
    await ctx.db
      .insert(couponRedemptions)
      .values([
        use('2026-03-13T12:00:00-04:00', 'st-lunch'),
        use('2026-03-13T21:00:00-04:00', 'st-late'),
        use('2026-03-14T12:00:00-04:00', 'st-today'),
      ]);
    const performance = async (query: Record<string, string>) => {
      const res = await manager({ method: 'GET', url: '/api/api/coupon/performance', query });
      expect(res.statusCode, res.body).toBe(200);
      return ZCouponPerformance.parse(res.json());
    };
    const uses = (rows: TCouponPerformance['rows'] | null) => rows?.find((r) => r.couponId === c.id)?.uses;

    const today = await performance({ from: '2026-03-14', to: '2026-03-14', preset: 'today' });
    expect(today.previousRange).toEqual({ from: '2026-03-13', to: '2026-03-13' });
    expect(today.sameTime).toEqual({
      asOf: new Date(TEST_NOW).toISOString(),
      previousUntil: new Date('2026-03-13T19:30:00-04:00').toISOString(),
    });
    expect(uses(today.rows)).toBe(1);
    // the 21:00 use is after the same time yesterday
    expect(uses(today.previous)).toBe(1);

    // Any preset whose range ends today is cut the same way (a custom day compares with the day before).
    expect((await performance({ from: '2026-03-14', to: '2026-03-14', preset: 'custom' })).sameTime).toEqual(
      today.sameTime,
    );
    // A period that is over is compared whole.
    const yesterday = await performance({ from: '2026-03-13', to: '2026-03-13', preset: 'yesterday' });
    expect(yesterday.sameTime).toBeNull();
    expect(uses(yesterday.rows)).toBe(2);
    // Without a preset (the coupon page) nothing is compared.
    const plain = await performance({ from: '2026-03-14', to: '2026-03-14' });
    expect(plain.previousRange).toBeNull();
    expect(plain.previous).toBeNull();
    expect(plain.sameTime).toBeNull();
  });
});

describe('menu ids', () => {
  it('accepts the restaurant’s own items, categories and toppings and refuses missing or foreign ids by name', async () => {
    const ids = async (table: typeof menuItems | typeof menuCategories | typeof menuModifiers, own: boolean) =>
      (await ctx.db.select({ id: table.id, restaurantId: table.restaurantId }).from(table))
        .filter((r) => (r.restaurantId === harborId) === own)
        .map((r) => r.id);
    const [item, otherItem] = [(await ids(menuItems, true))[0]!, (await ids(menuItems, false))[0]!];
    const [category, otherCategory] = [(await ids(menuCategories, true))[0]!, (await ids(menuCategories, false))[0]!];
    const [topping, otherTopping] = [(await ids(menuModifiers, true))[0]!, (await ids(menuModifiers, false))[0]!];
    const base = { name: 'Menu checked', type: 'itemDiscount', discount: 10 };

    const ok = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: { ...base, itemIds: String(item), categoryIds: String(category) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ itemIds: [item], categoryIds: [category] });

    const missingItem = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: { ...base, itemIds: `${item},${otherItem},999999` },
    });
    expect(missingItem.statusCode).toBe(400);
    expect(missingItem.body).toContain(
      COUPONS_MESSAGES['coupons.unknownItems'].en.replace('{ids}', `${otherItem}, 999999`),
    );
    const missingCategory = await manager({
      method: 'POST',
      url: '/api/api/coupon',
      payload: { ...base, categoryIds: String(otherCategory) },
    });
    expect(missingCategory.statusCode).toBe(400);
    expect(missingCategory.body).toContain(
      COUPONS_MESSAGES['coupons.unknownCategories'].en.replace('{ids}', String(otherCategory)),
    );
    const toppings = (toppingIds: string) =>
      manager({
        method: 'POST',
        url: '/api/api/coupon',
        payload: { name: 'Topping checked', type: 'toppingDiscount', discount: 50, toppingIds },
      });
    expect((await toppings(String(topping))).statusCode).toBe(200);
    const foreign = await toppings(`${topping},${otherTopping}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(
      COUPONS_MESSAGES['coupons.unknownToppings'].en.replace('{ids}', String(otherTopping)),
    );
    // The Chinese text is the same message with the same ids.
    expect(COUPONS_MESSAGES['coupons.unknownItems'].zh).toContain('{ids}');
  });

  it('lists the restaurant’s own categories, items and toppings for the pickers, to editCoupon only', async () => {
    const res = await manager({ method: 'GET', url: '/api/api/coupon/menu' });
    expect(res.statusCode).toBe(200);
    const menu = res.json() as { categories: { id: number }[]; items: { id: number }[]; toppings: { id: number }[] };
    const own = async (table: typeof menuItems | typeof menuCategories | typeof menuModifiers) =>
      (await ctx.db.select({ id: table.id }).from(table).where(eq(table.restaurantId, harborId)))
        .map((r) => r.id)
        .sort();
    expect(menu.items.map((i) => i.id).sort()).toEqual(await own(menuItems));
    expect(menu.categories.map((i) => i.id).sort()).toEqual(await own(menuCategories));
    expect(menu.toppings.map((i) => i.id).sort()).toEqual(await own(menuModifiers));
    expect(menu.items.length).toBeGreaterThan(0);
    expect((await staff({ method: 'GET', url: '/api/api/coupon/menu' })).statusCode).toBe(403);
  });

  it('the demo coupons point at real rows of their own restaurant’s menu', async () => {
    const rows = await ctx.db.select().from(coupons);
    const items = new Map((await ctx.db.select().from(menuItems)).map((r) => [r.id, r.restaurantId]));
    const categories = new Map((await ctx.db.select().from(menuCategories)).map((r) => [r.id, r.restaurantId]));
    const toppings = new Map((await ctx.db.select().from(menuModifiers)).map((r) => [r.id, r.restaurantId]));
    const seeded = rows.filter((r) => ['CHOWDER3', 'OYSTER20', 'TOPHALF', 'DIMSUM3'].includes(r.code));
    expect(seeded).toHaveLength(4);
    for (const c of seeded) {
      const all = [
        ...c.itemIds.map((id) => items.get(id)),
        ...c.categoryIds.map((id) => categories.get(id)),
        ...c.toppingIds.map((id) => toppings.get(id)),
      ];
      expect(all.length, c.code).toBeGreaterThan(0);
      expect(new Set(all), c.code).toEqual(new Set([c.restaurantId]));
    }
  });
});

describe('POS devices', () => {
  it('a paired device redeems, consumes and releases at its own restaurant only', async () => {
    const device = as(
      ctx.app,
      (
        await pairMatrixDevice(
          { app: ctx.app, tokenFor: (e: string) => tokenFor(ctx.app, e) } as unknown as TMatrixEnv,
          'Coupon till',
        )
      ).token,
    );
    const c = await createCoupon({ name: 'Device deal', type: 'spendMinus', overAmount: 100, minusAmount: 100 });
    const reserve = await device({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(2000), code: c.code, orderRef: 'D-1', mode: 'reserve' },
    });
    expect(reserve.statusCode, reserve.body).toBe(200);
    const id = reserve.json().id as number;
    expect((await device({ method: 'POST', url: `/api/api/coupon/redemption/${id}/consume` })).json().status).toBe(
      'consumed',
    );
    expect((await device({ method: 'POST', url: `/api/api/coupon/redemption/${id}/release` })).json().status).toBe(
      'released',
    );
    // Golden Dragon's code is unknown to a Harbor device; the coupon pages stay closed to it.
    const foreign = await device({
      method: 'POST',
      url: '/api/api/coupon/redeem',
      payload: { ...cart(20000), code: 'DRAGON20', orderRef: 'D-2' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(en('coupons.codeUnknown'));
    expect((await device({ method: 'GET', url: '/api/api/coupon' })).statusCode).toBe(403);
  });
});

// Last in the file: it moves the app clock (and puts it back).
describe('reservation expiry', () => {
  it('gives back a use held 30 minutes unconsumed, by the app clock, on the job queue; a late consume is refused', async () => {
    const clock = ctx.config.clock as ManualClock;
    const c = await createCoupon({
      name: 'Held once',
      type: 'spendMinus',
      overAmount: 100,
      minusAmount: 100,
      totalNum: 2,
    });
    const reserve = (orderRef: string) =>
      staff({
        method: 'POST',
        url: '/api/api/coupon/redeem',
        payload: { ...cart(2000), code: c.code, orderRef, mode: 'reserve' },
      });
    const used = async () => (await manager({ method: 'GET', url: `/api/api/coupon/${c.id}` })).json().usedCount;
    const status = async (id: number) =>
      (await ctx.db.select().from(couponRedemptions).where(eq(couponRedemptions.id, id)))[0]!.status;
    try {
      const held = await reserve('E-1');
      expect(held.json().status).toBe('reserved');
      clock.advance(60_000);
      const other = await reserve('E-1b');
      expect(other.json().status).toBe('reserved');
      expect((await reserve('E-2')).statusCode).toBe(409);

      clock.advance(28 * 60_000);
      await ctx.app.jobs.drain();
      expect(await status(held.json().id)).toBe('reserved');
      expect(await used()).toBe(2);

      // 30 minutes after the first: it goes; the second, a minute younger, on the job queued for it.
      clock.advance(60_000);
      await ctx.app.jobs.drain();
      expect(await status(held.json().id)).toBe('released');
      expect(await status(other.json().id)).toBe('reserved');
      expect(await used()).toBe(1);
      clock.advance(60_000);
      await ctx.app.jobs.drain();
      expect(await status(other.json().id)).toBe('released');
      expect(await used()).toBe(0);
      const late = await staff({ method: 'POST', url: `/api/api/coupon/redemption/${held.json().id}/consume` });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(en('coupons.redemptionReleased'));

      // Consumed before the job runs but after the time is up: released there and refused.
      const next = await reserve('E-3');
      expect(next.statusCode, next.body).toBe(200);
      clock.advance(31 * 60_000);
      const tooLate = await staff({ method: 'POST', url: `/api/api/coupon/redemption/${next.json().id}/consume` });
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json().message).toBe(en('coupons.reservationExpired').replace('{minutes}', '30'));
      expect(await used()).toBe(0);
      await ctx.app.jobs.drain(); // the job finds nothing left to release
      expect(await used()).toBe(0);

      // A reservation consumed in time stays used when its job runs.
      const kept = await reserve('E-4');
      clock.advance(10 * 60_000);
      expect(
        (await staff({ method: 'POST', url: `/api/api/coupon/redemption/${kept.json().id}/consume` })).json().status,
      ).toBe('consumed');
      clock.advance(30 * 60_000);
      await ctx.app.jobs.drain();
      expect(await status(kept.json().id)).toBe('consumed');
      expect(await used()).toBe(1);
    } finally {
      clock.set(TEST_NOW);
    }
  });
});

describe('coupons for any item', () => {
  const anyCart = {
    channel: 'pos',
    lines: [
      { lineId: 'a', itemId: 901, categoryId: 77, quantity: 1, unitPriceCents: 900 },
      { lineId: 'b', itemId: 902, categoryId: null, quantity: 1, unitPriceCents: 800 },
      { lineId: 'c', itemId: 903, quantity: 1, unitPriceCents: 700 },
    ],
  };
  const simulate = async (code: string) => {
    const res = await manager({
      method: 'POST',
      url: '/api/api/coupon/simulate',
      payload: { ...anyCart, codes: [code] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().verdicts[0] as { applied: boolean; discountCents: number; lines: unknown[] };
  };

  it('buy 2 give 1, buy 1 get 1 and 3 pieces 10% off saved for any item apply to whatever the cart holds', async () => {
    const buy = await createCoupon({
      name: 'Any two plus one',
      type: 'buyGive',
      code: 'ANYTWO1',
      overAmount: 2,
      minusAmount: 1,
      anyItem: true,
    });
    const bogo = await createCoupon({ name: 'Any bogo', type: 'bogo', code: 'ANYBOGO', anyItem: true });
    const pieces = await createCoupon({
      name: 'Any three pieces',
      type: 'piecesDiscount',
      code: 'ANYPCS3',
      overAmount: 3,
      discount: 10,
      anyItem: true,
    });
    const stored = await manager({ method: 'GET', url: `/api/api/coupon/${buy.id}` });
    expect(stored.json()).toMatchObject({ itemIds: [], categoryIds: [] });

    // $9, $8, $7 of items no coupon names: one group of 2 + 1, the $7 is free
    expect(await simulate('ANYTWO1')).toMatchObject({ applied: true, discountCents: 700 });
    // buy 1 get 1: of $9 and $8 the $8 is free; the $7 has no pair
    expect(await simulate('ANYBOGO')).toMatchObject({ applied: true, discountCents: 800 });
    // 10% of $24.00
    expect(await simulate('ANYPCS3')).toMatchObject({ applied: true, discountCents: 240 });

    for (const id of [buy.id, bogo.id, pieces.id])
      expect((await manager({ method: 'DELETE', url: `/api/api/coupon/${id}` })).statusCode).toBe(200);
  });

  it('refuses any item for other types and together with ids; without it ids are still required', async () => {
    const post = (payload: Record<string, unknown>) => manager({ method: 'POST', url: '/api/api/coupon', payload });
    const other = await post({ name: 'Any item off', type: 'itemDiscount', discount: 10, anyItem: true });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.anyItem).toBe(en('coupons.anyItemNotAllowed'));
    const both = await post({
      name: 'Any and listed',
      type: 'buyGive',
      overAmount: 2,
      minusAmount: 1,
      anyItem: true,
      itemIds: '1',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.itemIds).toBe(en('coupons.anyItemWithIds'));
    const none = await post({ name: 'Nothing listed', type: 'piecesDiscount', overAmount: 3, discount: 10 });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.itemIds).toBe(en('coupons.itemsOrCategoriesRequired'));
  });
});
