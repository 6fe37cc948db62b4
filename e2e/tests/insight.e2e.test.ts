import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

/**
 * Insight (issue 24) in a browser: the agent compares the restaurants of their tree (totals, a trend per
 * measure, sorting, the CSV of every restaurant), in English on a desktop and in Chinese at phone
 * width; the owner reads Harbor Bistro's item profitability.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('comparison across locations', () => {
  it('the agent compares the restaurants of the tree and downloads them (English, desktop)', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await signInTo(page, 'agent@demo.test', '/AgentApp?tab=compare');
      const panel = page.getByTestId('comparison-panel');
      const rows = panel.locator('.ant-table-tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
      await expect.poll(() => panel.getByRole('button', { name: 'Harbor Bistro' }).count()).toBe(1);
      // Totals over the tree and the previous period beside them.
      await expect.poll(() => panel.getByText(/vs previous period/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
      // The trend follows the measure chosen.
      await panel.locator('.ant-segmented-item', { hasText: 'Orders' }).click();
      await expect.poll(() => panel.locator('canvas').count()).toBeGreaterThan(0);
      // Sorting by name puts the restaurants in alphabetical order.
      await panel.locator('th', { hasText: 'Restaurant' }).click();
      await expect
        .poll(
          async () => {
            const names = await rows.locator('td:first-child').allInnerTexts();
            return names.length > 1 && names.join('|') === [...names].sort((a, b) => a.localeCompare(b)).join('|');
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await shot(page, 'insight-comparison-en');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const lines = (await readFile(await download.path(), 'utf8'))
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toContain('Net sales');
      expect(lines.some((l) => l.startsWith('Harbor Bistro,'))).toBe(true);
      expect(lines.at(-1)!.startsWith('Total,')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('reads in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844, locale: 'zh-CN' });
    try {
      await signInTo(page, 'agent@demo.test', '/compareLocations');
      const panel = page.getByTestId('comparison-panel');
      await expect
        .poll(() => panel.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 30_000 })
        .toBeGreaterThan(1);
      await expect.poll(() => panel.getByText('净销售额').count()).toBeGreaterThan(0);
      await shot(page, 'insight-comparison-zh-phone');
    } finally {
      await context.close();
    }
  });

  it('is refused to a restaurant-level account, with the reason', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'owner@demo.test', '/compareLocations');
      await expect
        .poll(() => page.getByText('The comparison is for accounts that can see several restaurants').count(), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('item profitability', () => {
  it('the owner sees the quadrants and the items without a cost, with links to the editor', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    try {
      await signInTo(page, 'owner@demo.test', '/itemProfitability/index?preset=lastWeek');
      const view = page.getByTestId('profitability-view');
      await expect
        .poll(() => view.locator('.ant-table-tbody tr.ant-table-row').count(), { timeout: 30_000 })
        .toBeGreaterThan(2);
      await expect.poll(() => view.getByText(/have no cost/).count()).toBe(1);
      await expect.poll(() => view.getByRole('link', { name: 'Add a cost' }).count()).toBeGreaterThan(0);
      await shot(page, 'insight-profitability-en');
      await view.getByRole('link', { name: 'Add a cost' }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/EditItem');
      expect(new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    } finally {
      await context.close();
    }
  });
});
