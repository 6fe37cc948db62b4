import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';

/** Links and verifies Harbor's bank through the API and the simulated provider (submitting needs it). */
async function verifiedBank(page: Page): Promise<void> {
  const api = page.context().request;
  const headers = { Authorization: await tokenOf(page) };
  await api.post(`${baseUrl()}/api/api/business/bank/reset`, { headers });
  const linked = await api.post(`${baseUrl()}/api/api/business/bank`, {
    headers,
    data: {
      holderName: 'Harbor Bistro LLC',
      accountType: 'checking',
      routingNumber: '011000015',
      accountNumber: '000123456789',
      providerCustomerId: 'cus_e2e',
    },
  });
  expect(linked.ok(), await linked.text()).toBe(true);
  expect((await api.post(`${baseUrl()}/api/api/business/bank/outbox/post`, { headers })).ok()).toBe(true);
  const outbox = (await (await api.get(`${baseUrl()}/api/api/business/bank/outbox`, { headers })).json()) as {
    items: Array<{ amount1Cents: number; amount2Cents: number }>;
  };
  const { amount1Cents: a1, amount2Cents: a2 } = outbox.items[0]!;
  const verified = await api.post(`${baseUrl()}/api/api/business/bank/verify`, {
    headers,
    data: { amount1: (a1 / 100).toFixed(2), amount2: (a2 / 100).toFixed(2) },
  });
  expect(((await verified.json()) as { outcome: string }).outcome).toBe('verified');
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
const NAME = 'E2E three-visit regulars';

describe('saved segments (/userList/index)', () => {
  it('a saved segment used in a campaign: save the filter as a segment, write an SMS to it, see the count, submit', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      await verifiedBank(page);
      const segments = page.getByTestId('segments');
      // The demo's own segments are listed with their counts.
      await expect
        .poll(() => segments.locator('.ant-table-row').filter({ hasText: 'Regulars' }).first().textContent(), {
          timeout: 30_000,
        })
        .toMatch(/\d+ customers?/);

      // Filter the list: three orders or more.
      await page.getByLabel('Orders from').fill('3');
      const counted = page.waitForResponse(
        (r) => r.url().includes('/api/customers/count?') && r.url().includes('ordersMin=3'),
        { timeout: 20_000 },
      );
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('ordersMin') === '3', { timeout: 20_000 });
      const listTotal = ((await (await counted).json()) as { total: number }).total;
      expect(listTotal).toBeGreaterThan(0);

      // Save it under a name: an empty name is refused in the dialog first.
      await page.getByTestId('save-segment').click();
      const dialog = page.locator('.ant-modal').filter({ hasText: 'Segment name' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog.textContent()).toContain('Please enter a name for the segment');
      await dialog.getByLabel('Segment name').fill(NAME);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Segment saved').count(), { timeout: 20_000 }).toBe(1);
      const row = segments.locator('.ant-table-row').filter({ hasText: NAME });
      // It matches what the list counted, and reads as its conditions.
      await expect
        .poll(() => row.textContent(), { timeout: 20_000 })
        .toContain(`${listTotal} customer${listTotal === 1 ? '' : 's'}`);
      await expect.poll(() => row.textContent()).toContain('At least 3 orders');
      await shot(page, 'segments-list-en');

      // Write an SMS to the segment: the composer names it and its count, and says when it is counted.
      await row.getByRole('button', { name: 'Text this segment' }).click();
      const about = page.getByTestId('compose-segment');
      await expect.poll(() => about.textContent(), { timeout: 20_000 }).toContain(NAME);
      await expect.poll(() => about.textContent()).toContain(`${listTotal} customer`);
      await expect.poll(() => about.textContent()).toContain('counted again when the campaign is sent');
      await page.getByLabel('English message').fill('Harbor Bistro: thank you for coming back, dessert is on us!');
      await page.getByRole('button', { name: 'Calculate cost' }).click();
      // The count before submitting: everyone in it but those who opted out.
      await expect
        .poll(() => page.getByTestId('quote').textContent(), { timeout: 20_000 })
        .toMatch(/English: 1 part × \d+ recipients? =/);
      const quoted = Number(/× (\d+) recipient/.exec((await page.getByTestId('quote').textContent()) ?? '')![1]);
      const optedOut = Number(/(\d+) opted/.exec((await page.getByTestId('quote').textContent()) ?? '')?.[1] ?? 0);
      expect(quoted + optedOut).toBe(Math.min(listTotal, 1000));
      await shot(page, 'segments-compose-en');
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect.poll(() => toast(page, 'SMS approval submitted successfully').count(), { timeout: 20_000 }).toBe(1);
      const campaign = page.getByTestId('campaigns').locator('.ant-table-row').filter({ hasText: 'dessert is on us' });
      await expect.poll(() => campaign.textContent(), { timeout: 20_000 }).toContain(`Segment: ${NAME}`);
      await expect.poll(() => campaign.textContent()).toContain('Pending');

      // Deleting the segment asks first; the submitted campaign keeps its conditions.
      await row.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.textContent(), { timeout: 20_000 }).toContain(`Delete the segment "${NAME}"?`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => toast(page, 'Segment deleted').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => campaign.textContent()).toContain(`Segment: ${NAME}`);
    } finally {
      // Leave Harbor as the other suites expect it: no bank account.
      await page
        .context()
        .request.post(`${baseUrl()}/api/api/business/bank/reset`, { headers: { Authorization: await tokenOf(page) } })
        .catch(() => undefined);
      await context.close();
    }
  }, 120_000);
});
