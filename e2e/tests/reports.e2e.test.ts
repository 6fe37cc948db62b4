import { readFileSync } from 'node:fs';
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

const MANAGER = 'manager@demo.test';

/** The figure card of a summary figure, e.g. 'netSalesCents'. */
const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"]`);

async function pickPreset(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: /Date range|日期范围/ }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

describe('sales report', () => {
  it('shows the summary, switches range and section, exports CSV and draws the trend chart', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, MANAGER);
    await page.goto(`${baseUrl()}/salesReport/salesSummary?preset=lastWeek`);
    await expect.poll(() => figure(page, 'netSalesCents').innerText(), { timeout: 30_000 }).toMatch(/\$[\d,]+\.\d{2}/);
    // a week of seeded orders: figures with separators, the previous week beside them
    await expect.poll(() => figure(page, 'orderCount').innerText()).toMatch(/Prev\. [\d,]+/);
    await expect.poll(() => page.locator('.ra-report-table__totals').innerText()).toContain('Total');
    await shot(page, 'reports-summary-en');

    // range: this month, kept in the URL across a reload
    await pickPreset(page, 'This month');
    await page.waitForURL((u) => u.searchParams.get('preset') === 'thisMonth');
    // the exact business days go into the link, so a reload or a shared link shows the same days
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    const monthUrl = page.url();
    await page.reload();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Date range' }).locator('..').innerText())
      .toContain('This month');
    expect(page.url()).toBe(monthUrl);

    // section: item & category sales, same range
    await page.getByRole('tab', { name: 'Item & Category Sales' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/salesReport/itemSales' && u.searchParams.get('preset') === 'thisMonth',
    );
    const itemTable = page.locator('section[aria-label="Item sales"]');
    await expect
      .poll(() => itemTable.locator('tbody tr.ant-table-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => itemTable.locator('.ra-report-table__totals').innerText())
      .toMatch(/Total[\s\S]*\$[\d,]+\.\d{2}/);
    await shot(page, 'reports-items-en');

    // sorting by net sales, largest first
    await itemTable.locator('th', { hasText: /^Net sales$/ }).click();
    const nets = await itemTable.locator('tbody tr.ant-table-row td:nth-child(7)').allInnerTexts();
    const values = nets.map((s) => Number(s.replace(/[$,]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    // CSV export: header and a totals row
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      itemTable.getByRole('button', { name: 'Export Item sales as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split(/\r\n/).filter(Boolean);
    expect(lines[0]).toMatch(/Item.*Category.*Quantity|Item.*Qty/i);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.some((l) => /^"?Total"?,/.test(l))).toBe(true);

    // trends: a chart is drawn (echarts renders to a canvas inside the container)
    await page.getByRole('tab', { name: 'Trends' }).click();
    await page.waitForURL((u) => u.pathname === '/salesReport/salesTrends');
    await expect
      .poll(() => page.locator('[data-chart="sales-trend"] canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.locator('.ra-report__granularity').getByText('Weekly', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('granularity') === 'week');
    // let the chart finish its transition before the picture
    await page.waitForTimeout(1200);
    await shot(page, 'reports-trends-en');

    for (const [tab, name] of [
      ['Payment Methods', 'payments'],
      ['Comps & Voids', 'comps-voids'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect
        .poll(() => page.locator('.ra-report-table__totals, .ant-empty').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await shot(page, `reports-${name}-en`);
    }
    await context.close();
  });

  it('reads in Chinese', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN' });
    await signInTo(page, MANAGER);
    await page.goto(`${baseUrl()}/salesReport/salesSummary?preset=lastWeek`);
    await expect.poll(() => figure(page, 'netSalesCents').innerText(), { timeout: 30_000 }).toContain('净销售额');
    await expect.poll(() => page.locator('.ra-report-table__totals').innerText()).toContain('合计');
    await shot(page, 'reports-summary-zh');
    await page.goto(`${baseUrl()}/salesReport/salesTrends?preset=lastWeek`);
    await expect
      .poll(() => page.locator('[data-chart="sales-trend"] canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1200);
    await shot(page, 'reports-trends-zh');
    await context.close();
  });

  it('fits a phone: filters stack and tables scroll sideways', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInTo(page, MANAGER);
    await page.goto(`${baseUrl()}/salesReport/itemSales?preset=lastWeek`);
    await expect.poll(() => page.locator('.ra-report-table__totals').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(1);
    await shot(page, 'reports-items-mobile');
    await context.close();
  });

  it('is not open to staff', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'staff@demo.test');
    await page.goto(`${baseUrl()}/salesReport/salesSummary?preset=lastWeek`);
    await page.waitForURL((u) => u.pathname === '/401');
    await context.close();
  });
});

// The dashboard, order calendar and analytic center are tested in dashboard.e2e.test.ts.
describe('transactions', () => {
  it('lists transactions with filters and opens the order behind one', async () => {
    const { context, page } = await newPage(browser);
    await signInTo(page, 'owner@demo.test');
    await page.goto(`${baseUrl()}/transactions/index`);
    await page.getByRole('combobox', { name: 'Payment method' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Card$/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('method') === 'card');
    await page.keyboard.press('Escape');
    const rows = page.locator('tr.ra-tx__row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot(page, 'reports-transactions-en');
    await rows.first().click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('Totals');
    await expect.poll(() => drawer.innerText()).toContain('Payments');
    await page.waitForTimeout(500);
    await shot(page, 'reports-transaction-drawer-en');
    await context.close();
  });
});
