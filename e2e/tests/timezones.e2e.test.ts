import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * One time zone: the restaurant's. The demo restaurant (Harbor Bistro) is in New York; the person at
 * the keyboard here is in Tokyo, 13 hours ahead in March. Whatever they type is read, and whatever
 * they read is written, in New York time.
 */
const RESTAURANT_ZONE = 'America/New_York';
const BROWSER_ZONE = 'Asia/Tokyo';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page
    .context()
    .request.get(`${baseUrl()}${path}`, { headers: { Authorization: await tokenOf(page) } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** How the app writes an instant in English ("Mar 14, 2026, 7:31 PM"), in the zone given. */
const dateTimeIn = (instant: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(new Date(instant));

async function inTokyo(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, { timezoneId: BROWSER_ZONE });
  return { page, close: () => context.close() };
}

describe("times in the restaurant's zone, with the browser in another", () => {
  it('a price change typed as 09:00 is applied at 09:00 New York time and shown back as 9:00 AM', async () => {
    const { page, close } = await inTokyo();
    try {
      await signInTo(page, 'manager@demo.test', '/menu/newItemLibrary');
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
      // an item other than the menu suite's, so its scheduled changes stay its own
      const row = page
        .locator('.ra-menu-library .ant-table-tbody .ant-table-row')
        .filter({ hasNotText: '宫保虾球' })
        .first();
      await row.waitFor({ timeout: 30_000 });
      await row.locator('a').first().click();
      await page.waitForURL((u) => u.pathname === '/EditItem', { timeout: 20_000 });

      // a week after the restaurant's today
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: RESTAURANT_ZONE }).format(
        new Date(clockNow().getTime() + 7 * 86_400_000),
      );
      await page.getByRole('button', { name: 'Schedule a change' }).click();
      const dialog = page.getByRole('dialog', { name: /Schedule a change to/ });
      await dialog.getByLabel('Takes effect at').fill(`${day} 09:00`);
      await dialog.getByLabel('Takes effect at').press('Enter');
      await dialog.getByLabel('New price').fill('21.00');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/api/menu/scheduled') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
      expect((await saved).ok()).toBe(true);

      const pending = page.locator('.ant-list-item').filter({ hasText: 'Price becomes $21.00' });
      await expect.poll(() => pending.count(), { timeout: 15_000 }).toBe(1);
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const shown = `${new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}, 9:00 AM`;
      await expect.poll(() => pending.locator('.ant-tag').first().innerText()).toBe(shown);
      // the picker says whose clock it reads
      await page.getByRole('button', { name: 'Schedule a change' }).click();
      await expect
        .poll(() => dialog.getByTestId('schedule-zone').innerText())
        .toMatch(/America\/New_York \(GMT-0[45]:00\)/);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // and the server holds 09:00 in New York, whatever the browser's zone
      const itemId = new URL(page.url()).searchParams.get('id');
      const list = await apiGet<{ changes: Array<{ at: string; change: { priceCents?: number } }> }>(
        page,
        `/api/api/menu/scheduled?itemId=${itemId}`,
      );
      const change = list.changes.find((c) => c.change.priceCents === 2100);
      expect(change).toBeDefined();
      expect(dateTimeIn(change!.at, RESTAURANT_ZONE)).toBe(shown);
      await shot(page, 'timezones-schedule-tokyo-en');
    } finally {
      await close();
    }
  });

  it('the gift card ledger reads in restaurant time', async () => {
    const { page, close } = await inTokyo();
    try {
      await signInTo(page, 'owner@demo.test', '/giftcard/index');
      // gift card ledger
      await page.getByRole('button', { name: 'Issue card' }).waitFor({ timeout: 30_000 });
      await page.getByLabel('Amount').fill('15');
      await page.getByLabel('Holder name (optional)').fill('Kenji Sato');
      await page.getByRole('button', { name: 'Issue card' }).click();
      await page.getByRole('button', { name: 'Open' }).click();
      await page.waitForURL((u) => u.pathname === '/giftcard/list' && u.searchParams.has('card'));
      const cardId = new URL(page.url()).searchParams.get('card');
      const card = await apiGet<{ ledger: Array<{ createdAt: string }> }>(page, `/api/api/giftcard/${cardId}`);
      const activated = card.ledger[card.ledger.length - 1]!.createdAt;
      // the two zones write the moment differently (13 hours apart), so the check can tell them apart
      expect(dateTimeIn(activated, RESTAURANT_ZONE)).not.toBe(dateTimeIn(activated, BROWSER_ZONE));
      const history = page.getByTestId('giftcard-history');
      await expect
        .poll(() => history.innerText(), { timeout: 20_000 })
        .toContain(dateTimeIn(activated, RESTAURANT_ZONE));
      expect(await history.innerText()).not.toContain(dateTimeIn(activated, BROWSER_ZONE));
      await shot(page, 'timezones-giftcard-ledger-tokyo-en');
    } finally {
      await close();
    }
  });

  it('the bank statement and an SMS campaign (owner and agent) read in restaurant time', async () => {
    const owner = await inTokyo();
    const agent = await inTokyo();
    const page = owner.page;
    const api = page.context().request;
    try {
      await signInTo(page, 'owner@demo.test', '/businessInfo/index?tab=bank');
      const headers = { Authorization: await tokenOf(page) };

      // bank statement: sending an SMS campaign needs a verified account
      await api.post(`${baseUrl()}/api/api/business/bank/reset`, { headers });
      const linked = await api.post(`${baseUrl()}/api/api/business/bank`, {
        headers,
        data: {
          holderName: 'Harbor Bistro LLC',
          accountType: 'checking',
          routingNumber: '011000015',
          accountNumber: '000123456789',
          providerCustomerId: 'cus_e2e_tz',
        },
      });
      expect(linked.ok(), await linked.text()).toBe(true);
      expect((await api.post(`${baseUrl()}/api/api/business/bank/outbox/post`, { headers })).ok()).toBe(true);
      const outbox = await apiGet<{ items: Array<{ amount1Cents: number; amount2Cents: number; createdAt: string }> }>(
        page,
        '/api/api/business/bank/outbox',
      );
      const deposit = outbox.items[0]!;
      await page.goto(`${baseUrl()}/businessInfo/index?tab=bank`);
      const newest = page.getByTestId('bank-outbox').locator('tbody tr.ant-table-row').first();
      await expect
        .poll(() => newest.innerText(), { timeout: 30_000 })
        .toContain(dateTimeIn(deposit.createdAt, RESTAURANT_ZONE));
      const verified = await api.post(`${baseUrl()}/api/api/business/bank/verify`, {
        headers,
        data: { amount1: (deposit.amount1Cents / 100).toFixed(2), amount2: (deposit.amount2Cents / 100).toFixed(2) },
      });
      expect(verified.ok(), await verified.text()).toBe(true);
      // the day it was verified is the restaurant's day (already the next day in Tokyo)
      const bank = await apiGet<{ account: { verifiedAt: string } }>(page, '/api/api/business/bank');
      const verifiedDay = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: RESTAURANT_ZONE,
      }).format(new Date(bank.account.verifiedAt));
      await page.reload();
      await expect.poll(() => page.getByTestId('bank-status').innerText(), { timeout: 30_000 }).toBe('Verified');
      await expect.poll(() => page.locator('main').innerText()).toContain(verifiedDay);
      await shot(page, 'timezones-bank-tokyo-en');

      // an SMS campaign to two customers
      const customers = await apiGet<{ rows: Array<{ id: number }> }>(page, '/api/api/customers?pageSize=2');
      const submitted = await api.post(`${baseUrl()}/api/api/customers/campaigns`, {
        headers,
        data: { bodyEn: 'Harbor Bistro: oysters are back tonight', audience: { ids: customers.rows.map((r) => r.id) } },
      });
      expect(submitted.ok(), await submitted.text()).toBe(true);
      const { id } = (await submitted.json()) as { id: number };
      const campaigns = await apiGet<{ rows: Array<{ id: number; createdAt: string }> }>(
        page,
        '/api/api/customers/campaigns',
      );
      const createdAt = campaigns.rows.find((c) => c.id === id)!.createdAt;
      await page.goto(`${baseUrl()}/userList/index`);
      const campaignRow = page
        .getByTestId('campaigns')
        .locator('.ant-table-row')
        .filter({ hasText: 'oysters are back tonight' });
      await expect
        .poll(() => campaignRow.innerText(), { timeout: 30_000 })
        .toContain(dateTimeIn(createdAt, RESTAURANT_ZONE));
      await shot(page, 'timezones-sms-campaign-tokyo-en');

      // the agent reviews campaigns of many restaurants: each in its restaurant's zone, named
      await signInTo(agent.page, 'agent@demo.test', '/AgentApp');
      await agent.page.getByRole('tab', { name: 'SMS reviews' }).click();
      const review = agent.page
        .getByTestId('sms-reviews')
        .locator('.ant-table-row')
        .filter({ hasText: 'oysters are back tonight' });
      await expect
        .poll(() => review.innerText(), { timeout: 30_000 })
        .toContain(dateTimeIn(createdAt, RESTAURANT_ZONE));
      expect(await review.innerText()).toContain(RESTAURANT_ZONE);
      // reviewed so it does not wait in the queue of the customers suite
      await review.getByRole('button', { name: 'Reject' }).click();
      await agent.page.locator('.ant-modal-footer').getByRole('button', { name: 'Reject' }).click();
      await expect.poll(() => review.count(), { timeout: 20_000 }).toBe(0);
    } finally {
      // leave Harbor as the other suites expect it: no bank account
      await api
        .post(`${baseUrl()}/api/api/business/bank/reset`, { headers: { Authorization: await tokenOf(page) } })
        .catch(() => undefined);
      await owner.close();
      await agent.close();
    }
  }, 120_000);
});
