import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('customer list (/userList/index)', () => {
  it('the owner filters by orders, selects customers and sees the live counter of a Chinese message, in English on a desktop', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.getByLabel('Orders from').fill('2');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await rows.first().locator('.ant-checkbox-input').check();
      await rows.nth(1).locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: 'Write SMS' }).click();
      await page.getByLabel('English message').fill('Harbor Bistro: 20% off this week!');
      await page.getByLabel('Chinese message (optional)').fill('海港小馆：本周八折！');
      await expect.poll(() => page.getByTestId('counter-zh').textContent()).toContain('UCS-2');
      await page.getByRole('button', { name: 'Calculate cost' }).click();
      await expect.poll(() => page.getByTestId('quote').textContent(), { timeout: 20_000 }).toContain('Total');
      await shot(page, 'customers-compose-en');
    } finally {
      await context.close();
    }
  }, 90_000);

  it('shows the list in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('短信活动').count()).toBeGreaterThan(0);
      await shot(page, 'customers-list-zh-phone');
    } finally {
      await context.close();
    }
  }, 60_000);
});
