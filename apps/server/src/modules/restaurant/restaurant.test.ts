import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@ra/shared/errors';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import { PAGE_PERMISSIONS } from '@ra/shared/permissions';
import { ZRestInfoResponse } from '@ra/shared/auth/auth.schemas';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { auditLog } from '../../db/schema/audit.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { roles, users } from '../../db/schema/users.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import { ZIngestOrderRequest } from '@ra/shared/orders/orders.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { AuditRepository } from '../../db/audit.repository.ts';
import { OrdersRepository } from '../orders/orders.repository.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { RestaurantRepository } from './restaurant.repository.ts';
import { RestaurantService } from './restaurant.service.ts';
import { as, createTestContext, tokenFor, type TestContext } from '../../../test/helper.ts';

let ctx: TestContext;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;
let harborId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  staff = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.staff));
  const [row] = await ctx.db.select({ id: users.restaurantId }).from(users).where(eq(users.email, DEMO_EMAILS.owner));
  harborId = row!.id!;
});
afterAll(async () => {
  await ctx?.close();
});

const NO_PERMISSION = { code: 40300, key: 'common.noPermission', message: MESSAGES.noPermission.en };

const validProfile = {
  name: 'Harbor Bistro',
  fullname: 'Harbor Bistro & Oyster Bar',
  street: '120 Atlantic Ave',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  phone: '(617) 555-0142',
};

describe('getrest', () => {
  it('answers the restaurant info the client reads, valid against ZRestInfoResponse', async () => {
    const res = await owner({ method: 'GET', url: '/api/api/getrest' });
    expect(res.statusCode).toBe(200);
    const info = ZRestInfoResponse.parse(res.json());
    expect(info).toMatchObject({
      id: harborId,
      name: 'Harbor Bistro',
      fullname: 'Harbor Bistro & Oyster Bar',
      restname: 'Harbor Bistro',
      config: {
        hourOffsetEndOfDay: 3,
        version: '1.0.0',
        enableOrderToGoWithDateSelect: false,
        configAdmin: false,
        workHoursSteps: 15,
        tipWord: null,
        tipWordZh: null,
        tipsWord: null,
        enablePremiumCoupon: false,
      },
    });
    expect(info.locales.timeZone).toBe('America/New_York');
    expect(['GMT-05:00', 'GMT-04:00']).toContain(info.locales.GMT);
    expect(info.locales.locales).toEqual(['en', 'zh']);
    expect(Math.abs(info.timestamp - ctx.config.clock.now().getTime() / 1000)).toBeLessThan(60);
  });

  it('gives the owner every page and the Owner role plus the system role "owner"', async () => {
    const info = (await owner({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.roles).toEqual(['Owner', 'owner']);
    expect(Object.values(info.PagePermissions).every(Boolean)).toBe(true);
    expect(Object.values(info.operationAuthority).every(Boolean)).toBe(true);
  });

  it('gives staff only viewWorkHours among the pages', async () => {
    const info = (await staff({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.roles).toEqual(['Staff']);
    const granted = PAGE_PERMISSIONS.filter((p) => info.PagePermissions[p]);
    expect(granted).toEqual(['viewWorkHours']);
    expect(info.operationAuthority.canOrder).toBe(true);
    expect(info.operationAuthority.canVoid).toBe(false);
  });

  it('gives the manager menu, coupons, sales and work hours but not accounts or config', async () => {
    const info = (await manager({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.roles).toEqual(['Manager']);
    expect(info.PagePermissions).toMatchObject({
      editMenu: true,
      editCoupon: true,
      viewSalesReport: true,
      viewWorkHours: true,
      editAccounts: false,
      editConfig: false,
    });
  });

  it('reflects a role change on the very next request', async () => {
    const before = (await staff({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(before.PagePermissions.viewSalesReport).toBe(false);
    const [role] = await ctx.db
      .select()
      .from(roles)
      .where(and(eq(roles.restaurantId, harborId), eq(roles.name, 'Staff')));
    // Written straight to the database, as another server would: announced to this one by NOTIFY.
    const announced = ctx.app.authCache.nextInvalidation();
    await ctx.db
      .update(roles)
      .set({ flags: { ...role!.flags, viewSalesReport: true } })
      .where(eq(roles.id, role!.id));
    await announced;
    try {
      const after = (await staff({ method: 'GET', url: '/api/api/getrest' })).json();
      expect(after.PagePermissions.viewSalesReport).toBe(true);
    } finally {
      await ctx.db.update(roles).set({ flags: role!.flags }).where(eq(roles.id, role!.id));
    }
  });
});

describe('updaterest', () => {
  it('is refused to a manager and to staff, who lack editConfig', async () => {
    for (const caller of [manager, staff]) {
      const res = await caller({ method: 'POST', url: '/api/api/updaterest', payload: validProfile });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(NO_PERMISSION);
    }
  });

  it('refuses a 4-digit zip and a malformed phone with messages under each field', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: { ...validProfile, zip: '0211', phone: '555-12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 40000,
      key: 'common.badRequest',
      message: MESSAGES.badRequest.en,
      errors: {
        zip: VALIDATION_MESSAGES['account.zipcodeError'].en,
        phone: VALIDATION_MESSAGES['account.phoneError'].en,
      },
      fieldKeys: { zip: { key: 'account.zipcodeError' }, phone: { key: 'account.phoneError' } },
    });
  });

  it('refuses an empty required field and an unknown state', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: { ...validProfile, city: ' ', state: 'XX' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['city', 'state']);
  });

  it('saves the profile and business hours of the caller’s own restaurant and records who did it', async () => {
    const businessHours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      closed: day === 1,
      open: '11:00',
      close: day >= 5 ? '01:00' : '22:00',
    }));
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: {
        ...validProfile,
        fullname: 'Harbor Bistro and Raw Bar',
        zip: '02110-1234',
        businessHours,
        holidays: ['2026-07-04'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: harborId,
      fullname: 'Harbor Bistro and Raw Bar',
      zip: '02110-1234',
      holidays: ['2026-07-04'],
    });

    const profile = (await owner({ method: 'GET', url: '/api/api/restaurant/profile' })).json();
    // Sent as one open/close pair per day (the first release's shape), read back as ranges.
    expect(profile.businessHours).toEqual(
      businessHours.map((d) => ({
        day: d.day,
        closed: d.closed,
        ranges: d.closed ? [] : [{ open: d.open, close: d.close }],
      })),
    );
    expect(profile.specialDays).toEqual([{ date: '2026-07-04', closed: true, ranges: [], note: '' }]);
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().fullname).toBe('Harbor Bistro and Raw Bar');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'restaurant.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ restaurantId: harborId, targetId: String(harborId) });

    const others = await ctx.db.select({ fullname: restaurants.fullname }).from(restaurants);
    expect(others.filter((r) => r.fullname === 'Harbor Bistro and Raw Bar')).toHaveLength(1);
  });

  it('keeps holidays sent beside special days, and returns them (decisions "updaterest holidays")', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: {
        ...validProfile,
        holidays: ['2026-12-25', '2026-07-04'],
        specialDays: [
          { date: '2026-11-26', closed: false, ranges: [{ open: '10:00', close: '15:00' }], note: 'Short day' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().holidays).toEqual(['2026-07-04', '2026-12-25']);
    const profile = (await owner({ method: 'GET', url: '/api/api/restaurant/profile' })).json();
    expect(profile.holidays).toEqual(['2026-07-04', '2026-12-25']);
    expect(profile.specialDays).toEqual([
      { date: '2026-07-04', closed: true, ranges: [], note: '' },
      { date: '2026-11-26', closed: false, ranges: [{ open: '10:00', close: '15:00' }], note: 'Short day' },
      { date: '2026-12-25', closed: true, ranges: [], note: '' },
    ]);
  });

  it('refuses a holiday that is also a special day with opening hours, in both languages, changing nothing', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/restaurant/profile' })).json();
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: {
        ...validProfile,
        fullname: 'Not saved',
        holidays: ['2026-11-26'],
        specialDays: [{ date: '2026-11-26', closed: false, ranges: [{ open: '10:00', close: '15:00' }], note: '' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.holidays).toBe(BUSINESS_MESSAGES['business.holidayHasHours'].en);
    expect(BUSINESS_MESSAGES['business.holidayHasHours'].zh).toBe('节假日不能同时设为有营业时段的特殊日期');
    expect((await owner({ method: 'GET', url: '/api/api/restaurant/profile' })).json()).toEqual(before);
  });

  it('refuses business hours that do not list each weekday once', async () => {
    const day = { day: 1, closed: false, open: '09:00', close: '17:00' };
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: { ...validProfile, businessHours: Array.from({ length: 7 }, () => day) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('businessHours');
  });
});

describe('restaurant settings', () => {
  const setConfig = (caller: typeof owner, name: string, value: string) =>
    caller({ method: 'POST', url: '/api/api/updateRestConfig', payload: { name, value } });
  const getConfig = (caller: typeof owner, name: string) =>
    caller({ method: 'POST', url: '/api/api/getRestConfig', payload: { name } });

  it('reads the time zone by the name "timezone"', async () => {
    const res = await getConfig(staff, 'timezone');
    expect(res.json()).toEqual({ name: 'timezone', value: 'America/New_York' });
  });

  it('lets any user choose the time zone while it is unset, and nobody without editConfig after that', async () => {
    await ctx.db.update(restaurants).set({ timeZone: null }).where(eq(restaurants.id, harborId));
    expect((await getConfig(staff, 'timezone')).json()).toEqual({ name: 'timezone', value: null });
    const rest = (await staff({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(rest.locales).toMatchObject({ timeZone: 'Unknown', GMT: 'GMT+00:00' });

    const chosen = await setConfig(staff, 'timezone', 'America/Chicago');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ name: 'timezone', value: 'America/Chicago' });
    const after = (await staff({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(after.locales.timeZone).toBe('America/Chicago');
    expect(['GMT-06:00', 'GMT-05:00']).toContain(after.locales.GMT);

    const again = await setConfig(staff, 'timezone', 'America/Denver');
    expect(again.statusCode).toBe(403);
    expect((await setConfig(owner, 'timezone', 'America/New_York')).statusCode).toBe(200);
  });

  it('refuses a time zone the runtime does not know', async () => {
    const res = await setConfig(owner, 'timezone', 'Mars/Olympus_Mons');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ value: 'Unknown time zone' });
  });

  it('refuses other settings to a user without editConfig', async () => {
    expect((await setConfig(manager, 'workHoursSteps', '30')).json()).toEqual(NO_PERMISSION);
  });

  it('changes a work-hours setting and getrest reports it', async () => {
    expect((await setConfig(owner, 'workHoursSteps', '30')).json()).toEqual({ name: 'workHoursSteps', value: '30' });
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().config.workHoursSteps).toBe(30);
    expect((await setConfig(owner, 'workHoursSteps', '7')).statusCode).toBe(400);
    await setConfig(owner, 'workHoursSteps', '15');
  });

  it('clears a tip word back to unset with an empty value', async () => {
    await setConfig(owner, 'tipWord', 'gratuity');
    expect((await getConfig(owner, 'tipWord')).json().value).toBe('gratuity');
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().config.tipWord).toBe('gratuity');
    await setConfig(owner, 'tipWord', '');
    expect((await getConfig(owner, 'tipWord')).json().value).toBeNull();
  });

  it('only ever turns the order-to-go-with-date flag on (SPEC 4)', async () => {
    expect((await setConfig(owner, 'enableOrderToGoWithDateSelect', 'false')).statusCode).toBe(400);
    expect((await setConfig(owner, 'enableOrderToGoWithDateSelect', 'true')).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().config.enableOrderToGoWithDateSelect).toBe(
      true,
    );
  });

  it('refuses an unknown setting name as a field error', async () => {
    const res = await getConfig(owner, 'noSuchSetting');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name:
        'Unknown setting; known: timezone, hourOffsetEndOfDay, posLocales, workHoursSteps, ' +
        'enableOrderToGoWithDateSelect, enableCaptureSignature, captureSignature, ' +
        'requireSignatureForWorkHoursEdit, enableClockingOutWaitingTime, tipWord, tipWordZh, tipsWord',
    });
  });
});

describe('admin config and cache', () => {
  it('refuses admin config to a restaurant owner', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updateRestAdminConfig',
      payload: { enablePremiumCoupon: true },
    });
    expect(res.json()).toEqual(NO_PERMISSION);
  });

  it('lets platform staff change it once they have picked a restaurant', async () => {
    const admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
    const before = await admin({
      method: 'POST',
      url: '/api/api/updateRestAdminConfig',
      payload: { enablePremiumCoupon: true },
    });
    expect(before.statusCode).toBe(409);
    const harborXid = (await owner({ method: 'GET', url: '/api/api/getrest' })).json().xid as string;
    expect(
      (await admin({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: harborXid } })).statusCode,
    ).toBe(200);

    const res = await admin({
      method: 'POST',
      url: '/api/api/updateRestAdminConfig',
      payload: { enablePremiumCoupon: true, version: '2.1.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enablePremiumCoupon: true, version: '2.1.0' });
    const info = (await admin({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.config).toMatchObject({ configAdmin: true, version: '2.1.0' });
    expect(info.roles).toEqual(['agent', 'admin']);

    const off = await admin({
      method: 'POST',
      url: '/api/api/updateRestAdminConfig',
      payload: { enableOrderToGoWithDateSelect: false },
    });
    expect(off.statusCode).toBe(400);
  });

  it('clearrestcacheLite answers ok, with no body even when a JSON content type is sent', async () => {
    expect((await staff({ method: 'POST', url: '/api/api/clearrestcacheLite' })).json()).toEqual({ ok: true });
    const res = await staff({
      method: 'POST',
      url: '/api/api/clearrestcacheLite',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('clock changes are whole', () => {
  const setHour = (value: string) =>
    owner({ method: 'POST', url: '/api/api/updateRestConfig', payload: { name: 'hourOffsetEndOfDay', value } });

  /** A paid check opened at 03:30 EDT on 2026-03-12: business day 03-12 with the day ending at 3, 03-11 at 4. */
  const earlyCheck = ZIngestOrderRequest.parse({
    posOrderId: 'CLOCK-1',
    channel: 'toGo',
    partySize: 1,
    status: 'closed',
    openedAt: '2026-03-12T07:30:00Z',
    closedAt: '2026-03-12T07:40:00Z',
    items: [{ posItemId: 'C', name: 'Coffee', category: 'Drinks', quantity: 1, unitPriceCents: 400 }],
    payments: [{ posPaymentId: 'CLOCK-1-p', method: 'cash', amountCents: 400, paidAt: '2026-03-12T07:40:00Z' }],
  });
  const dayOfCheck = async () => {
    const [row] = await ctx.db
      .execute(sql`select business_day::text as d from orders where pos_order_id = 'CLOCK-1'`)
      .then((r) => (r as unknown as { rows: Array<{ d: string }> }).rows);
    return row?.d;
  };
  const settingAudits = () =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, harborId), eq(auditLog.action, 'restaurant.config.update')))
      .orderBy(desc(auditLog.id));

  beforeAll(async () => {
    await new OrdersService(new OrdersRepository(ctx.db), ctx.config.clock).ingestOrdersFor(harborId, [earlyCheck]);
  });

  it('re-files the orders and records the old and new value at the server’s time', async () => {
    expect(await dayOfCheck()).toBe('2026-03-12');
    expect((await setHour('4')).statusCode).toBe(200);
    expect(await dayOfCheck()).toBe('2026-03-11');
    const [audit] = await settingAudits();
    expect(audit).toMatchObject({
      details: { name: 'hourOffsetEndOfDay', value: '4', before: '3' },
      createdAt: ctx.config.clock.now(),
    });
    expect((await setHour('3')).statusCode).toBe(200);
    expect(await dayOfCheck()).toBe('2026-03-12');
  });

  it('keeps the setting, the orders and the audit log as they were when re-filing fails', async () => {
    const auditsBefore = (await settingAudits()).length;
    // The real re-filing runs, then the change fails before it commits.
    const failing = new RestaurantService(
      new RestaurantRepository(ctx.db),
      new AuditRepository(ctx.db),
      async (restaurantId, tx) => {
        await new OrdersRepository(ctx.db).rebuildRollups(restaurantId, tx);
        throw new Error('disk full');
      },
      ctx.config.clock,
    );
    const auth = {
      userId: 1,
      restaurantId: harborId,
      PagePermissions: { editConfig: true },
    } as unknown as AuthContext;
    await expect(failing.updateSetting(auth, 'hourOffsetEndOfDay', '4', '127.0.0.1')).rejects.toThrow('disk full');
    const info = (await owner({ method: 'GET', url: '/api/api/getrest' })).json();
    expect(info.config.hourOffsetEndOfDay).toBe(3);
    expect(await dayOfCheck()).toBe('2026-03-12');
    expect(await settingAudits()).toHaveLength(auditsBefore);
  });

  it('does not re-file anything when the value does not change', async () => {
    const [before] = await ctx.db
      .execute(sql`select xmin::text as x from orders where pos_order_id = 'CLOCK-1'`)
      .then((r) => (r as unknown as { rows: Array<{ x: string }> }).rows);
    expect((await setHour('3')).statusCode).toBe(200);
    const [after] = await ctx.db
      .execute(sql`select xmin::text as x from orders where pos_order_id = 'CLOCK-1'`)
      .then((r) => (r as unknown as { rows: Array<{ x: string }> }).rows);
    expect(after?.x).toBe(before?.x);
  });
});
