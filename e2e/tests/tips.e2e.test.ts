import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo's last pay period (bi-weekly, ended, open): Sofia served demo orders and pools with Marcus. */
const LAST = '2026-02-23';

describe('tips', () => {
  it('a manager sets up a tip rule from its worked example, then exports a pay period’s tips', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInTo(page, 'manager@demo.test');
      await page.goto(`${baseUrl()}/workHours/index?period=${LAST}&dialog=setup`);
      await page.getByRole('tab', { name: 'Tips' }).click();
      await page.getByText('What counts as tips').waitFor();
      // Count service charges too and share per business day.
      await page.getByRole('checkbox', { name: 'Service charges' }).check();
      await page.getByRole('radio', { name: 'Day' }).check();
      const save = page.getByRole('button', { name: 'Save tip rule' });
      expect(await save.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Show worked example' }).click();
      const example = page.getByTestId('tips-example');
      await example.waitFor({ timeout: 20_000 });
      await expect.poll(() => example.innerText()).toContain('Sofia Ramirez');
      await shot(page, 'tips-rule-example-en');
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await page.getByText('Tip rule saved').waitFor();
      // A change after the example asks for the example again.
      await page.getByRole('radio', { name: 'Pay period' }).check();
      expect(await save.isDisabled()).toBe(true);

      await page.goto(`${baseUrl()}/workHours/index?period=${LAST}&view=tips`);
      const view = page.getByTestId('tips-view');
      await view.waitFor({ timeout: 20_000 });
      // Open or closed, depending on what the suites before this one did with the pay period.
      await expect.poll(() => page.getByTestId('tips-status').innerText()).toMatch(/Open|Locked/);
      await expect.poll(() => view.innerText()).toContain('Sofia Ramirez');
      await shot(page, 'tips-period-en');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Harbor Bistro - Tips - 2026-02-23_2026-03-08.csv');
      const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      const [header, ...rows] = csv.trim().split('\r\n');
      expect(header!.split(',')).toContain('Tips after pooling');
      const sofia = rows.find((r) => r.startsWith('Sofia Ramirez'));
      expect(sofia).toBeDefined();
      // the file's figures are the page's: the tips column adds up to the period's total
      const col = header!.split(',').indexOf('Tips after pooling');
      const total = rows.reduce((s, r) => s + Math.round(Number(r.split(',')[col]) * 100), 0);
      expect(total).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 90_000);
});
