import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import { DEFAULT_BUSINESS_SETTINGS } from '@ra/shared/business/business.schemas';
import { VALIDATION_MESSAGES } from '@ra/shared/validation/messages';
import { MESSAGES } from '@ra/shared/errors';
import { auditLog } from '../../db/schema/audit.ts';
import { bankAccounts, bankProviderOutbox } from '../../db/schema/business.ts';
import { restaurants } from '../../db/schema/restaurants.ts';
import { DEMO_EMAILS } from '../../demo/seed.ts';
import type { ManualClock } from '../../lib/clock.ts';
import { as, createTestContext, TEST_NOW, tokenFor, type TestContext } from '../../../test/helper.ts';
import { isBankVerified } from './bank-status.ts';
import { AccountNumberCipher } from './bank-crypto.ts';
import {
  SIMULATED_DESCRIPTOR_CODE_ACCOUNT,
  SIMULATED_REFUSED_ACCOUNT,
  SIMULATED_UNAVAILABLE_ACCOUNT,
} from './bank-provider.ts';

let ctx: TestContext;
let clock: ManualClock;
let owner: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let harbor: { id: number; nodeId: number };

const msg = (key: keyof typeof BUSINESS_MESSAGES) => BUSINESS_MESSAGES[key].en;
const DAY = 86_400_000;

/** Sessions last 12 hours: after the clock moves days ahead, everyone signs in again. */
async function signInAll() {
  owner = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.owner));
  manager = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.manager));
  admin = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.admin));
}

async function moveClock(to: Date | string) {
  clock.set(to);
  await ctx.app.jobs.drain();
  await signInAll();
}

beforeAll(async () => {
  ctx = await createTestContext();
  clock = ctx.config.clock as ManualClock;
  await signInAll();
  const [row] = await ctx.db
    .select({ id: restaurants.id, nodeId: restaurants.nodeId })
    .from(restaurants)
    .where(eq(restaurants.name, 'Harbor Bistro'));
  harbor = row!;
});
afterAll(async () => {
  await ctx?.close();
});

const bank = {
  holderName: 'Grace Miller',
  accountType: 'checking',
  routingNumber: '011000015',
  accountNumber: '000123456789',
  providerCustomerId: 'cus_Harbor01',
};

async function postedAmounts(): Promise<[string, string]> {
  const res = await owner({ method: 'GET', url: '/api/api/business/bank/outbox' });
  const item = res.json().items[0];
  const text = (c: number) => `0.${String(c).padStart(2, '0')}`;
  return [text(item.amount1Cents), text(item.amount2Cents)];
}

async function resetBank() {
  await owner({ method: 'POST', url: '/api/api/business/bank/reset' });
  await moveClock(TEST_NOW);
}

describe('bank account', () => {
  it('refuses a bad routing number (length, then checksum) and a missing field, changing nothing', async () => {
    const short = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, routingNumber: '01100001' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ routingNumber: VALIDATION_MESSAGES['account.routingnumberError'].en });
    const typo = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, routingNumber: '011000016' },
    });
    expect(typo.json().errors).toEqual({ routingNumber: msg('business.routingChecksum') });
    const missing = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, holderName: '' },
    });
    expect(missing.json().errors).toEqual({ holderName: VALIDATION_MESSAGES['validation.required'].en });
    expect((await owner({ method: 'GET', url: '/api/api/business/bank' })).json()).toEqual({ account: null });
  });

  it('is refused to a manager without editConfig', async () => {
    const res = await manager({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.noPermission.en);
  });

  it('links, stores the number encrypted and shows only its last 4, then posts deposits and verifies', async () => {
    const linked = await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    expect(linked.statusCode).toBe(200);
    expect(linked.body).not.toContain('000123456789');
    const account = linked.json().account;
    expect(account).toMatchObject({ status: 'pending_deposit', accountLast4: '6789', attemptsLeft: 3 });
    // 1 to 3 business days from Saturday 14 March: Monday 16 to Wednesday 18 March.
    const arrive = new Date(account.depositsArriveBy).getTime();
    expect(arrive).toBeGreaterThanOrEqual(new Date(TEST_NOW).getTime() + 2 * DAY);
    expect(arrive).toBeLessThanOrEqual(new Date(TEST_NOW).getTime() + 4 * DAY);
    expect(new Date(account.expiresAt).getTime()).toBe(new Date(TEST_NOW).getTime() + 10 * DAY);

    const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.nodeId, harbor.nodeId));
    expect(row!.accountNumberEnc).not.toContain('123456789');
    expect(new AccountNumberCipher(ctx.config.jwtSecret).decrypt(row!.accountNumberEnc)).toBe('000123456789');

    // Before the deposits post, the outbox hides their amounts and verifying is refused.
    expect((await owner({ method: 'GET', url: '/api/api/business/bank/outbox' })).json().items[0]).toMatchObject({
      postedAt: null,
      amount1Cents: 0,
    });
    const early = await owner({
      method: 'POST',
      url: '/api/api/business/bank/verify',
      payload: { amount1: '0.10', amount2: '0.20' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(msg('business.bankNotAwaiting'));
    expect(await isBankVerified(ctx.db, harbor.nodeId)).toBe(false);

    // Linking twice is refused until a reset.
    const twice = await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    expect(twice.statusCode).toBe(409);

    // The queue posts the deposits when their day comes.
    await moveClock(new Date(arrive));
    const [posted] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.nodeId, harbor.nodeId));
    expect(posted!.status).toBe('awaiting_verification');

    const [a1, a2] = await postedAmounts();
    const ok = await owner({
      method: 'POST',
      url: '/api/api/business/bank/verify',
      payload: { amount1: a2, amount2: a1 },
    });
    expect(ok.json()).toMatchObject({ outcome: 'verified', account: { status: 'verified' } });
    expect(await isBankVerified(ctx.db, harbor.nodeId)).toBe(true);

    const trail = await ctx.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.restaurantId, harbor.id), like(auditLog.action, 'business.bank.%')))
      .orderBy(desc(auditLog.id));
    expect(trail.map((t) => t.action)).toEqual(['business.bank.verify', 'business.bank.link']);
    expect(JSON.stringify(trail)).not.toContain('123456789');
    await resetBank();
    expect(await isBankVerified(ctx.db, harbor.nodeId)).toBe(false);
  });

  it('fails after 3 wrong tries, and reset starts again', async () => {
    await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    await owner({ method: 'POST', url: '/api/api/business/bank/outbox/post' });
    const [a1, a2] = await postedAmounts();
    const wrong = a1 === '0.01' ? '0.02' : '0.01';
    const wrongOther = a2 === '0.03' ? '0.04' : '0.03';
    const answers = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await owner({
        method: 'POST',
        url: '/api/api/business/bank/verify',
        payload: { amount1: wrong, amount2: wrongOther },
      });
      answers.push(res.json());
    }
    expect(answers.map((a) => [a.outcome, a.account.attemptsLeft])).toEqual([
      ['wrong', 2],
      ['wrong', 1],
      ['failed', 0],
    ]);
    expect(answers[0].message).toBe(msg('business.depositsWrong'));
    // Even the right amounts are refused now.
    const late = await owner({
      method: 'POST',
      url: '/api/api/business/bank/verify',
      payload: { amount1: a1, amount2: a2 },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(msg('business.bankVerifyFailed'));

    expect((await owner({ method: 'POST', url: '/api/api/business/bank/reset' })).statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: '/api/api/business/bank' })).json()).toEqual({ account: null });
    const again = await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    expect(again.json().account.status).toBe('pending_deposit');
    await resetBank();
  });

  it('verifies with the descriptor code when the provider sends one deposit with a code (SM....)', async () => {
    const linked = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, accountNumber: SIMULATED_DESCRIPTOR_CODE_ACCOUNT },
    });
    expect(linked.json().account).toMatchObject({ status: 'pending_deposit', microdepositType: 'descriptor_code' });
    await owner({ method: 'POST', url: '/api/api/business/bank/outbox/post' });
    const item = (await owner({ method: 'GET', url: '/api/api/business/bank/outbox' })).json().items[0];
    // One $0.01 deposit whose descriptor carries the code.
    expect(item).toMatchObject({ amount1Cents: 1, amount2Cents: 0 });
    const code = item.descriptorCode as string;
    expect(code).toMatch(/^SM[A-Z0-9]{4}$/);

    const byCode = (descriptorCode: string) =>
      owner({ method: 'POST', url: '/api/api/business/bank/verify-code', payload: { descriptorCode } });
    // Bad input: 400 with the message in both languages, no try counted.
    for (const bad of ['', 'SM12', 'XX1234', 'SM12345', 'SM12-4']) {
      const res = await byCode(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    const badRes = await byCode('XX1234');
    expect(JSON.stringify(badRes.json())).toContain(msg('business.descriptorCodeError'));
    // Amounts are not how this account is verified.
    const amounts = await owner({
      method: 'POST',
      url: '/api/api/business/bank/verify',
      payload: { amount1: '0.01', amount2: '0.01' },
    });
    expect([amounts.statusCode, amounts.json().message]).toEqual([409, msg('business.bankVerifiesByCode')]);
    expect((await owner({ method: 'GET', url: '/api/api/business/bank' })).json().account.attemptsLeft).toBe(3);

    const wrong = await byCode(code === 'SM2222' ? 'SM3333' : 'SM2222');
    expect(wrong.json()).toMatchObject({ outcome: 'wrong', message: msg('business.descriptorCodeWrong') });
    expect(wrong.json().account.attemptsLeft).toBe(2);
    // Read off the statement in lower case: still right.
    const right = await byCode(code.toLowerCase());
    expect(right.json()).toMatchObject({ outcome: 'verified', account: { status: 'verified' } });
    expect(await isBankVerified(ctx.db, harbor.nodeId)).toBe(true);
    // A two-amount account refuses a code.
    await resetBank();
    await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    await owner({ method: 'POST', url: '/api/api/business/bank/outbox/post' });
    const codeOnAmounts = await byCode('SM1234');
    expect([codeOnAmounts.statusCode, codeOnAmounts.json().message]).toEqual([
      409,
      msg('business.bankVerifiesByAmounts'),
    ]);
    await resetBank();
  });

  it('expires 10 days after the deposits were sent', async () => {
    await owner({ method: 'POST', url: '/api/api/business/bank', payload: bank });
    await moveClock(new Date(new Date(TEST_NOW).getTime() + 10 * DAY - 60_000));
    expect((await owner({ method: 'GET', url: '/api/api/business/bank' })).json().account.status).toBe(
      'awaiting_verification',
    );
    await moveClock(new Date(new Date(TEST_NOW).getTime() + 10 * DAY));
    const [row] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.nodeId, harbor.nodeId));
    expect(row!.status).toBe('expired');
    const [a1, a2] = await postedAmounts();
    const res = await owner({
      method: 'POST',
      url: '/api/api/business/bank/verify',
      payload: { amount1: a1, amount2: a2 },
    });
    expect(res.json().message).toBe(msg('business.bankExpired'));
    await resetBank();
  });

  it('answers the provider refusing an account (400) or being down (503), keeping nothing', async () => {
    const refused = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, accountNumber: SIMULATED_REFUSED_ACCOUNT },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, msg('business.providerRefused')]);
    const down = await owner({
      method: 'POST',
      url: '/api/api/business/bank',
      payload: { ...bank, accountNumber: SIMULATED_UNAVAILABLE_ACCOUNT },
    });
    expect([down.statusCode, down.json().message]).toEqual([503, msg('business.providerUnavailable')]);
    expect(await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.nodeId, harbor.nodeId))).toEqual([]);
    const outbox = await ctx.db.select().from(bankProviderOutbox).where(eq(bankProviderOutbox.accountLast4, '1116'));
    expect(outbox).toEqual([]);
  });
});

describe('business hours and the effective-hours view', () => {
  const profile = {
    name: 'Harbor Bistro',
    fullname: 'Harbor Bistro & Oyster Bar',
    street: '120 Atlantic Ave',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    phone: '(617) 555-0142',
  };
  const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    closed: day === 1,
    ranges:
      day === 1
        ? []
        : day >= 5
          ? [
              { open: '11:00', close: '14:00' },
              { open: '17:00', close: '01:00' },
            ]
          : [{ open: '11:00', close: '22:00' }],
  }));

  it('saves several ranges, past midnight, and special days, and the 14-day view follows', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: {
        ...profile,
        businessHours: week,
        specialDays: [
          { date: '2026-03-17', closed: false, ranges: [{ open: '12:00', close: '16:00' }], note: 'St Patrick' },
          { date: '2026-03-19', closed: true, ranges: [], note: 'Staff training' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().holidays).toEqual(['2026-03-19']);
    expect(res.json().businessHours[6].ranges).toHaveLength(2);

    const view = (await owner({ method: 'GET', url: '/api/api/business/effective-hours' })).json();
    expect(view).toMatchObject({ from: '2026-03-14', timeZone: 'America/New_York', dishHoursIncluded: true });
    expect(view.days).toHaveLength(14);
    const pos = (i: number) => view.days[i].channels.find((c: { channel: string }) => c.channel === 'pos');
    expect(pos(0).ranges).toEqual([
      { open: '11:00', close: '14:00', overnight: false },
      { open: '17:00', close: '01:00', overnight: true },
    ]);
    expect(pos(2).ranges).toEqual([]); // Monday closed
    expect(view.days[3]).toMatchObject({ date: '2026-03-17', source: 'special', note: 'St Patrick' });
    expect(view.days[5]).toMatchObject({ date: '2026-03-19', source: 'holiday', note: 'Staff training' });
    expect(pos(5).ranges).toEqual([]);
  });

  it('merges the menu’s dish hours and the delivery platforms’ hours and pauses into the 14-day view', async () => {
    const harborId = (
      await ctx.db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, 'Harbor Bistro'))
    )[0]!.id;
    const updated = (await ctx.db.execute(
      sql`update menu_items set dish_hours = '12:00-15:00;0-6' where id = (select id from menu_items where restaurant_id = ${harborId} order by id limit 1) returning name`,
    )) as unknown as { rows: Array<{ name: string }> };
    const dish = updated.rows[0];
    try {
      const until = '2026-03-15T12:30:00-04:00';
      const paused = await owner({
        method: 'POST',
        url: '/api/api/delivery/platforms/doordash/pause',
        payload: { until },
      });
      expect(paused.statusCode, paused.body).toBe(200);
      const view = (await owner({ method: 'GET', url: '/api/api/business/effective-hours' })).json();
      const saturday = view.days[0];
      // The store opens 11:00-14:00 and 17:00-01:00 on Saturdays: the dish can be had 12:00-14:00.
      expect(saturday.dishes).toEqual([
        {
          hours: '12:00-15:00;0-6',
          items: [dish!.name],
          ranges: [{ open: '12:00', close: '14:00', overnight: false }],
        },
      ]);
      expect(view.days[2].dishes[0].ranges).toEqual([]); // Monday closed
      const doordash = (i: number) =>
        view.days[i].platforms.find((p: { platform: string }) => p.platform === 'doordash');
      expect(doordash(0)).toMatchObject({ label: 'DoorDash', ranges: [], reason: 'paused' });
      expect(doordash(1)).toMatchObject({ reason: 'paused', until: '12:30' });
      expect(doordash(1).ranges[0].open).toBe('12:30');
      expect(doordash(3)).toMatchObject({ reason: null });
      expect(view.days[0].platforms.map((p: { platform: string }) => p.platform)).toEqual(['doordash']);
    } finally {
      await owner({ method: 'POST', url: '/api/api/delivery/platforms/doordash/resume' });
      await ctx.db.execute(
        sql`update menu_items set dish_hours = '' where restaurant_id = ${harborId} and dish_hours = '12:00-15:00;0-6'`,
      );
    }
  });

  it('refuses overlapping ranges on a day with the message under that day', async () => {
    const bad = week.map((d) =>
      d.day === 2
        ? {
            ...d,
            ranges: [
              { open: '11:00', close: '15:00' },
              { open: '14:00', close: '18:00' },
            ],
          }
        : d,
    );
    const res = await owner({
      method: 'POST',
      url: '/api/api/updaterest',
      payload: { ...profile, businessHours: bad },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().errors)).toEqual([msg('business.rangesOverlap')]);
  });

  it('busy mode: a pause empties online ordering until it ends, and a time in the past is refused', async () => {
    const past = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: {
        section: 'orderToGo',
        value: {
          ...DEFAULT_BUSINESS_SETTINGS.orderToGo,
          busy: { mode: 'paused', extraMinutes: 15, until: '2026-03-14T18:00:00-04:00' },
        },
      },
    });
    expect(past.statusCode).toBe(400);
    expect(Object.values(past.json().errors)).toEqual([msg('business.busyUntilPast')]);

    const paused = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: {
        section: 'orderToGo',
        value: {
          ...DEFAULT_BUSINESS_SETTINGS.orderToGo,
          busy: { mode: 'paused', extraMinutes: 15, until: '2026-03-15T12:00:00-04:00' },
        },
      },
    });
    expect(paused.statusCode).toBe(200);
    const view = (await owner({ method: 'GET', url: '/api/api/business/effective-hours' })).json();
    const online = (i: number) => view.days[i].channels.find((c: { channel: string }) => c.channel === 'online');
    expect(online(0)).toMatchObject({ reason: 'paused', ranges: [] });
    expect(online(1)).toMatchObject({ reason: 'paused', until: '12:00', ranges: [{ open: '12:00', close: '22:00' }] });
    expect(online(2).reason).toBeNull();

    const busy = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: {
        section: 'orderToGo',
        value: {
          ...DEFAULT_BUSINESS_SETTINGS.orderToGo,
          busy: { mode: 'extra', extraMinutes: 25, until: '2026-03-14T22:00:00-04:00' },
        },
      },
    });
    expect(busy.json().orderToGo.busy).toMatchObject({ mode: 'extra', extraMinutes: 25 });
    const after = (await owner({ method: 'GET', url: '/api/api/business/effective-hours' })).json();
    expect(after.days[0].channels[2]).toMatchObject({ reason: 'busy', extraMinutes: 25, until: '22:00' });
  });
});

describe('settings', () => {
  it('saves a section whole, audits before and after, and getrest shows the change at once', async () => {
    const before = (await owner({ method: 'GET', url: '/api/api/business/settings' })).json();
    expect(before.pos).toEqual(DEFAULT_BUSINESS_SETTINGS.pos);
    // four decimals: refused with the message that says three are allowed
    const pos = {
      ...DEFAULT_BUSINESS_SETTINGS.pos,
      taxRate: '8.8755',
    };
    const bad = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: { section: 'pos', value: pos },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().errors)).toEqual([msg('business.taxRateError')]);
    expect(msg('business.taxRateError')).toContain('at most three decimals');

    const good = {
      ...DEFAULT_BUSINESS_SETTINGS.pos,
      taxRate: '8.875', // New York City
      theme: 'midnight',
      fontSize: 'large',
      lockScreenMinutes: 60,
      receiptHeader: 'Harbor Bistro — thank you',
      gratuityRules: [{ minPartySize: 6, percent: '18' }],
    };
    const res = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: { section: 'pos', value: good },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pos).toEqual(good);
    const [entry] = await ctx.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'restaurant.settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.details).toMatchObject({ section: 'pos', before: { taxRate: '10.1' }, after: { taxRate: '8.875' } });

    const gratuityTwice = await owner({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: {
        section: 'pos',
        value: {
          ...good,
          gratuityRules: [
            { minPartySize: 6, percent: '18' },
            { minPartySize: 6, percent: '20' },
          ],
        },
      },
    });
    expect(Object.values(gratuityTwice.json().errors)).toEqual([msg('business.partySizeTwice')]);
  });

  it('is refused to a manager without editConfig', async () => {
    const res = await manager({
      method: 'POST',
      url: '/api/api/business/settings',
      payload: { section: 'pos', value: DEFAULT_BUSINESS_SETTINGS.pos },
    });
    expect(res.statusCode).toBe(403);
  });

  it('stores the English plural tip word and getrest returns it as tipsWord', async () => {
    const res = await owner({
      method: 'POST',
      url: '/api/api/updateRestConfig',
      payload: { name: 'tipsWord', value: 'Gratuities' },
    });
    expect(res.json()).toEqual({ name: 'tipsWord', value: 'Gratuities' });
    expect((await owner({ method: 'GET', url: '/api/api/getrest' })).json().config.tipsWord).toBe('Gratuities');
  });
});

describe('service fees', () => {
  const fee = {
    description: 'Large party charge',
    kind: 'percent',
    amount: '18',
    startDate: '2026-03-01',
    endDate: '2026-12-31',
    orderTypes: ['dine_in'],
    minimumCheck: '50',
    taxable: true,
  };

  it('creates fees in cents and basis points, warns about an overlap of the same kind, lists a page', async () => {
    const first = await owner({ method: 'POST', url: '/api/api/business/service-fees', payload: fee });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      fee: { percentBps: 1800, amountCents: null, minimumCheckCents: 5000, taxable: true },
      warnings: [],
    });
    const second = await owner({
      method: 'POST',
      url: '/api/api/business/service-fees',
      payload: {
        ...fee,
        description: 'Holiday surcharge',
        amount: '3.5',
        startDate: '2026-12-20',
        orderTypes: ['dine_in', 'takeout'],
      },
    });
    expect(second.json().warnings).toEqual([{ id: first.json().fee.id, description: 'Large party charge' }]);
    const fixed = await owner({
      method: 'POST',
      url: '/api/api/business/service-fees',
      payload: { ...fee, description: 'Delivery fee', kind: 'fixed', amount: '4.99', orderTypes: ['delivery'] },
    });
    expect(fixed.json()).toMatchObject({ fee: { amountCents: 499, percentBps: null }, warnings: [] });

    const list = (await owner({ method: 'GET', url: '/api/api/business/service-fees?page=1&pageSize=2' })).json();
    expect(list.total).toBe(3);
    expect(list.items).toHaveLength(2);
  });

  it('refuses bad input with messages, and another restaurant’s fee is not found', async () => {
    const bad = await owner({
      method: 'POST',
      url: '/api/api/business/service-fees',
      payload: { ...fee, amount: '120', endDate: '2026-01-01' },
    });
    expect(bad.json().errors).toEqual({ amount: msg('business.feePercentError'), endDate: msg('business.feeDates') });

    const list = (await owner({ method: 'GET', url: '/api/api/business/service-fees' })).json();
    const id = list.items[0].id;
    const dragon = as(ctx.app, await tokenFor(ctx.app, DEMO_EMAILS.agent));
    await dragon({ method: 'POST', url: '/api/account/swtichRestByXid', payload: { xid: await dragonXid() } });
    const foreign = await dragon({ method: 'DELETE', url: `/api/api/business/service-fees/${id}` });
    expect(foreign.statusCode).toBe(404);

    const removed = await owner({ method: 'DELETE', url: `/api/api/business/service-fees/${id}` });
    expect(removed.statusCode).toBe(200);
    expect((await owner({ method: 'GET', url: '/api/api/business/service-fees' })).json().total).toBe(list.total - 1);
  });
});

async function dragonXid(): Promise<string> {
  const res = await admin({ method: 'GET', url: '/api/api/admin/restaurants?q=Golden' });
  return res.json().items[0].xid;
}

describe('admin panel', () => {
  it('lists and searches restaurants for platform staff only', async () => {
    const all = (await admin({ method: 'GET', url: '/api/api/admin/restaurants' })).json();
    expect(all.total).toBeGreaterThanOrEqual(2);
    const found = (await admin({ method: 'GET', url: '/api/api/admin/restaurants?q=harbor' })).json();
    expect(found.items.map((r: { name: string }) => r.name)).toEqual(['Harbor Bistro']);
    expect((await owner({ method: 'GET', url: '/api/api/admin/restaurants' })).statusCode).toBe(403);
  });

  it('changes a restaurant’s admin config by id, and refuses turning the to-go-with-date flag off', async () => {
    const on = await admin({
      method: 'POST',
      url: `/api/api/admin/restaurants/${harbor.id}/config`,
      payload: { enableOrderToGoWithDateSelect: true, enablePremiumCoupon: true },
    });
    expect(on.json()).toMatchObject({ enableOrderToGoWithDateSelect: true, enablePremiumCoupon: true });
    const off = await admin({
      method: 'POST',
      url: `/api/api/admin/restaurants/${harbor.id}/config`,
      payload: { enableOrderToGoWithDateSelect: false },
    });
    expect(off.statusCode).toBe(400);
    expect(Object.values(off.json().errors)).toEqual([msg('business.toGoFlagOnlyOn')]);
    const missing = await admin({
      method: 'POST',
      url: '/api/api/admin/restaurants/999999/config',
      payload: { enablePremiumCoupon: true },
    });
    expect(missing.statusCode).toBe(404);
    const byOwner = await owner({
      method: 'POST',
      url: `/api/api/admin/restaurants/${harbor.id}/config`,
      payload: { enablePremiumCoupon: false },
    });
    expect(byOwner.statusCode).toBe(403);
  });
});
