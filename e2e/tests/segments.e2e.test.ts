import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';
import { verifiedBank } from '../support/bank.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
      // Harbor's bank stays verified, as the demo has it.
      await context.close();
    }
  }, 120_000);
});
