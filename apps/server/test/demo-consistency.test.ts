import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { num, rowsOf } from '../src/db/sql-util.ts';
import { REPORT_PATHS } from '@ra/shared/reports/reports.schemas';
import { DEMO_EMAILS, seedDemoData } from '../src/demo/seed.ts';
import { as, TEST_JWT_SECRET, TEST_NOW, testConfig, tokenFor } from './helper.ts';

/**
 * The demo tells one story (issue 25): a fresh embedded database seeded the way a first `npm start`
 * seeds it (the demo accounts, every domain, then the demo orders and what is built from them), and
 * figures that different pages show of the same thing must agree. Seeded with 30 days of orders
 * instead of 90 to keep the suite fast: they reach into both of last month's pay periods.
 */
let handle: DatabaseHandle;
let app: App;

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.migrate();
  const now = new Date(TEST_NOW);
  await seedDemoData(handle.db, { now, accountKey: TEST_JWT_SECRET, orders: { days: 30, now } });
  app = await buildApp({ db: handle.db, config: testConfig(), listen: handle.listen });
}, 600_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('the demo agrees with itself', () => {
  it("pays the agent's card-volume commission on the card payments the report shows for the same days", async () => {
    const agent = as(app, await tokenFor(app, DEMO_EMAILS.agent));
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    // TEST_NOW is 2026-03-14: last month's pay periods are on paychecks, 02-16 – 02-28 the second.
    for (const period of [
      { from: '2026-02-01', to: '2026-02-15' },
      { from: '2026-02-16', to: '2026-02-28' },
    ]) {
      const earnings = (
        await agent({ method: 'GET', url: '/api/api/agent/earnings', query: { periodStart: period.from } })
      ).json() as {
        items: Array<{ restaurant: { name: string }; basis: string; baseCents: number; amountCents: number }>;
      };
      const card = earnings.items.find((e) => e.restaurant.name === 'Harbor Bistro' && e.basis === 'cardVolume');
      expect(card, `Harbor's card-volume commission for ${period.from}`).toBeDefined();
      const report = (
        await owner({
          method: 'GET',
          url: '/api/api/reports/payment-methods',
          query: { ...period, compare: 'false' },
        })
      ).json() as { rows: Array<{ method: string; netCents: number }> };
      const cardNet = report.rows.filter((r) => r.method === 'card').reduce((s, r) => s + r.netCents, 0);
      expect(cardNet).toBeGreaterThan(10_000_00);
      expect(card!.baseCents).toBe(cardNet);
      // Harbor's own rule: 25 basis points of card volume, rounded per day to the cent.
      expect(Math.abs(card!.amountCents - (cardNet * 25) / 10_000)).toBeLessThanOrEqual(8);
    }
    // The statement (PDF and page) prints the paycheck's lines: the card volume is on it, not $0.00.
    const paychecks = (await agent({ method: 'GET', url: '/api/api/agent/paychecks' })).json() as {
      items: Array<{ id: number; periodStart: string; status: string; earnedCents: number }>;
    };
    expect(paychecks.items.map((p) => [p.periodStart, p.status])).toEqual(
      expect.arrayContaining([
        ['2026-02-01', 'paid'],
        ['2026-02-16', 'due'],
      ]),
    );
  });

  it("keeps every gift card's balance, the liability and the ledger the same sum", async () => {
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    const [harbor] = await rowsOf(handle.db, sql`select restaurant_id from users where email = ${DEMO_EMAILS.owner}`);
    const restaurantId = num(harbor?.restaurant_id);
    const [sums] = await rowsOf(
      handle.db,
      sql`select (select coalesce(sum(amount_cents), 0) from giftcard_ledger where restaurant_id = ${restaurantId}) as ledger,
                 (select coalesce(sum(balance_cents), 0) from giftcards where restaurant_id = ${restaurantId}) as balances,
                 (select count(*) from giftcards where restaurant_id = ${restaurantId}) as cards`,
    );
    expect(num(sums?.cards)).toBeGreaterThan(0);
    expect(num(sums?.balances)).toBe(num(sums?.ledger));
    const liability = (
      await owner({ method: 'GET', url: '/api/api/giftcard/liability', query: { at: '2026-03-14' } })
    ).json() as { outstandingCents: number };
    expect(liability.outstandingCents).toBe(num(sums?.ledger));
  });

  it("gives the owner's restaurant a verified bank and customers, and leaves Golden Dragon without a bank", async () => {
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    const bank = (await owner({ method: 'GET', url: '/api/api/business/bank' })).json() as {
      account: { status: string } | null;
    };
    expect(bank.account?.status).toBe('verified');
    const [counts] = await rowsOf(
      handle.db,
      sql`select count(*) filter (where r.name = 'Harbor Bistro') as harbor,
                 count(*) filter (where r.name <> 'Harbor Bistro') as others
          from customers c join restaurants r on r.id = c.restaurant_id`,
    );
    // The owner's list is large enough to page through and to reach the SMS limit of 1,000 recipients.
    expect(num(counts?.harbor)).toBeGreaterThan(1000);
    expect(num(counts?.others)).toBeGreaterThan(0);
    // Another restaurant keeps no bank account, for showing "Please link bank information first".
    const [unlinked] = await rowsOf(
      handle.db,
      sql`select count(*) as n from restaurants r where r.name like '%Golden Dragon%'
          and not exists (select 1 from bank_accounts b where b.node_id = r.node_id)`,
    );
    expect(num(unlinked?.n)).toBe(1);
  });

  it("pools exactly the card tips the sales report shows for the pay period's days", async () => {
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    const period = (await owner({ method: 'GET', url: '/api/api/tips/period' })).json() as {
      period: { start: string; end: string };
      status: string;
      unassignedCents: number;
      totalCents: number;
      lines: Array<{ cardTipCents: number; declaredCents: number; finalCents: number }>;
    };
    const report = (
      await owner({
        method: 'GET',
        url: `/api${REPORT_PATHS.paymentMethods}`,
        query: { from: period.period.start, to: period.period.end, compare: 'false' },
      })
    ).json() as { rows: Array<{ method: string; tipCents?: number }> };
    const pooledCardTips = period.lines.reduce((s, l) => s + l.cardTipCents, 0) + period.unassignedCents;
    const reportCardTips = report.rows.filter((r) => r.method === 'card').reduce((s, r) => s + (r.tipCents ?? 0), 0);
    expect(pooledCardTips).toBeGreaterThan(0);
    expect(pooledCardTips).toBe(reportCardTips);
    // Payroll's tips are the pool's shares: the declared cash plus the card tips of the people in it.
    const shares = period.lines.reduce((s, l) => s + l.finalCents, 0);
    expect(shares).toBe(period.totalCents);
  });

  it("keeps in the closed pay period the tips of its orders, and pays in payroll exactly the pool's shares", async () => {
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    type TPeriod = {
      period: { start: string; end: string };
      previousStart: string;
      status: string;
      unassignedCents: number;
      totalCents: number;
      lines: Array<{ name: string; cardTipCents: number; finalCents: number }>;
    };
    let period = (await owner({ method: 'GET', url: '/api/api/tips/period' })).json() as TPeriod;
    for (let back = 0; back < 4 && period.status !== 'locked'; back++)
      period = (
        await owner({ method: 'GET', url: '/api/api/tips/period', query: { start: period.previousStart } })
      ).json() as TPeriod;
    expect(period.status).toBe('locked');
    const report = (
      await owner({
        method: 'GET',
        url: `/api${REPORT_PATHS.paymentMethods}`,
        query: { from: period.period.start, to: period.period.end, compare: 'false' },
      })
    ).json() as { rows: Array<{ method: string; tipCents?: number }> };
    const kept = period.lines.reduce((s, l) => s + l.cardTipCents, 0) + period.unassignedCents;
    const reported = report.rows.filter((r) => r.method === 'card').reduce((s, r) => s + (r.tipCents ?? 0), 0);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBe(reported);
    // The payroll file of that period: its "Tips after pooling" column is the pool's shares, person by person.
    const file = await owner({
      method: 'GET',
      url: '/api/api/work-hours/periods/export',
      query: { start: period.period.start, format: 'csv' },
    });
    expect(file.statusCode, file.body).toBe(200);
    const rows = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')));
    const header = rows[0]!;
    const tipsAt = header.indexOf('Tips after pooling');
    expect(tipsAt).toBeGreaterThan(-1);
    const paid = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[tipsAt] || '0') * 100), 0);
    expect(paid).toBe(period.lines.reduce((s, l) => s + l.finalCents, 0));
    expect(paid).toBe(period.totalCents);
  });

  it('shows a sent SMS campaign charged once for what it cost, menu groups and a finished batch of premium codes', async () => {
    const owner = as(app, await tokenFor(app, DEMO_EMAILS.owner));
    const campaigns = (await owner({ method: 'GET', url: '/api/api/customers/campaigns' })).json() as {
      rows: Array<{
        id: number;
        status: string;
        sendState: string;
        quote: { recipients: number; totalCents: number };
        progress: { queued: number; sent: number; delivered: number; failed: number };
      }>;
    };
    expect(campaigns.rows).toHaveLength(1);
    const [campaign] = campaigns.rows;
    expect([campaign!.status, campaign!.sendState]).toEqual(['sent', 'done']);
    const recipients = campaign!.quote.recipients;
    expect(recipients).toBeGreaterThan(10);
    expect(campaign!.progress.queued + campaign!.progress.failed).toBe(0);
    const [sent] = await rowsOf(
      handle.db,
      sql`select count(*) filter (where status = 'sent') as sent, count(*) as all_rows
          from sms_recipients where campaign_id = ${campaign!.id}`,
    );
    expect([num(sent?.sent), num(sent?.all_rows)]).toEqual([recipients, recipients]);
    const [charge] = await rowsOf(
      handle.db,
      sql`select count(*) as n, sum(amount_cents) as cents from local_payment_charges where reference like ${`sms-campaign-${campaign!.id}%`}`,
    );
    expect([num(charge?.n), num(charge?.cents)]).toEqual([1, campaign!.quote.totalCents]);
    const groups = (await owner({ method: 'GET', url: '/api/api/menu/groups' })).json() as {
      groups: Array<{ name: string }>;
    };
    expect(groups.groups.map((g) => g.name)).toEqual(['Lunch', 'Dinner']);
    const [codes] = await rowsOf(
      handle.db,
      sql`select b.status, b.generated, (select count(*) from coupon_codes c where c.batch_id = b.id) as stored
          from coupon_code_batches b`,
    );
    expect([codes?.status, num(codes?.generated), num(codes?.stored)]).toEqual(['done', 250, 250]);
  });
});
