import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatClock } from '@ra/shared/format/locale-format';
import { baseUrl, clockNow, launchBrowser, newPage, shot, signInTo } from '../support/browser.ts';

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
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, MANAGER, `/salesReport/salesSummary?preset=lastWeek`);
    await expect.poll(() => figure(page, 'netSalesCents').innerText(), { timeout: 30_000 }).toMatch(/\$[\d,]+\.\d{2}/);
    // a week of seeded orders: figures with separators, the previous week beside them
    await expect.poll(() => figure(page, 'orderCount').innerText()).toMatch(/Prev\. [\d,]+/);
    await expect.poll(() => page.locator('.ra-report-table__totals').innerText()).toContain('Total');
    // the section sits inside its tab's panel, and the tab reads like the page title
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.locator('[data-figure="netSalesCents"]').count()).toBe(1);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Sales Summary');
    // net sales = gross - discounts - comps, shown with the figures; voids are not one of the deductions
    const formula = await page.getByTestId('net-formula').innerText();
    expect(formula).toMatch(
      /^Net sales \$[\d,.]+\s*=[\s\S]*Gross sales \$[\d,.]+\s*−[\s\S]*Discounts \$[\d,.]+\s*−[\s\S]*Comps \$[\d,.]+/,
    );
    const cards = await page
      .locator('[data-figure]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-figure')));
    expect(cards.indexOf('voidCents')).toBeGreaterThan(cards.indexOf('netSalesCents'));
    // dates in US English, not ISO
    expect(await page.getByTestId('report-period').innerText()).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await shot(page, 'reports-summary-en');

    // range: this month, kept in the URL across a reload
    await pickPreset(page, 'This month');
    await page.waitForURL((u) => u.searchParams.get('preset') === 'thisMonth');
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

    // CSV export: named after the restaurant and the table, with a header and a totals row
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      itemTable.getByRole('button', { name: 'Export Item sales as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^Harbor Bistro - Item sales - \d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split(/\r\n/).filter(Boolean);
    expect(lines[0]).toMatch(/Item.*Category.*Qty/);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.some((l) => /^"?Total"?,/.test(l))).toBe(true);

    // trends: a chart is drawn; a new grouping shows its own rows under its own heading
    await page.getByRole('tab', { name: 'Sales Trends' }).click();
    await page.waitForURL((u) => u.pathname === '/salesReport/salesTrends');
    await expect
      .poll(() => page.locator('[data-chart="sales-trend"] canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const trendTable = page.locator('section[aria-label="Sales by period"]');
    await page.locator('.ra-report__granularity').getByText('Weekly', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('granularity') === 'week');
    // once the heading says 'Week of' the rows are weeks (Monday dates) and export is offered again
    await expect.poll(() => trendTable.locator('thead th').first().innerText(), { timeout: 30_000 }).toBe('Week of');
    await expect
      .poll(() => trendTable.getByRole('button', { name: 'Export Sales by period as CSV' }).isEnabled(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await trendTable.locator('thead th').first().innerText()).toBe('Week of');
    expect(await trendTable.locator('tbody tr.ant-table-row').count()).toBeLessThanOrEqual(6);
    expect(await trendTable.locator('tbody tr.ant-table-row td').first().innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
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

  it('compares today up to the same time yesterday and says so', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, MANAGER, `/salesReport/salesSummary`);
    const note = page.getByTestId('same-time-note');
    const notice = page.getByTestId('last-sales-notice');
    await expect
      .poll(async () => (await note.count()) + (await notice.count()), { timeout: 30_000 })
      .toBeGreaterThan(0);
    if ((await notice.count()) > 0) {
      // before the day's first sale (the 03:30 run): it opened on the last day with sales and says so;
      // "Today" chosen by link still shows today
      expect(await notice.innerText()).toMatch(
        /^No sales yet today \(.+\)\. Showing .+, the last business day with sales\.$/,
      );
      expect(new URL(page.url()).searchParams.get('opened')).toBe('lastSales');
      expect(await note.count()).toBe(0);
      await shot(page, 'reports-summary-before-first-sale-en');
      await page.goto(`${baseUrl()}/salesReport/salesSummary?preset=today`);
      await expect.poll(() => note.count(), { timeout: 30_000 }).toBe(1);
      expect(await notice.count()).toBe(0);
    }
    // the pinned instant in the restaurant's zone, whichever pin the suite runs at
    // the page and server clocks run on from the pin: the time shown is the pin or a minute or two after
    const text = await note.innerText();
    const [, asOf, previousUntil] =
      /figures up to (.+?), compared with .+ up to the same time \((.+?)\)/.exec(text) ?? [];
    expect(previousUntil).toBe(asOf);
    const nearPin = [0, 1, 2, 3, 4, 5].map((m) =>
      formatClock(new Date(clockNow().getTime() + m * 60_000), 'en', 'America/New_York'),
    );
    expect(nearPin).toContain(asOf);
    // a day in progress is never "-100%" against a whole day
    const change = await figure(page, 'netSalesCents').locator('.ra-change').innerText();
    expect(change).not.toBe('-100.0%');
    await shot(page, 'reports-summary-today-en');
    await context.close();
  });

  it('reads in Chinese', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN', width: 1440, height: 900 });
    await signInTo(page, MANAGER, `/salesReport/salesSummary?preset=lastWeek`);
    await expect.poll(() => figure(page, 'netSalesCents').innerText(), { timeout: 30_000 }).toContain('净销售额');
    await expect.poll(() => page.locator('.ra-report-table__totals').innerText()).toContain('合计');
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('销售汇总');
    // SPEC 1: tips take the service-charge word 服务费 by default; service fees are 附加费 beside them
    expect(await figure(page, 'tipCents').innerText()).toContain('服务费');
    expect(await figure(page, 'serviceChargeCents').innerText()).toContain('附加费');
    expect(await page.getByTestId('report-period').innerText()).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);
    await shot(page, 'reports-summary-zh');
    await page.getByRole('tab', { name: '支付方式' }).click();
    await expect.poll(() => page.locator('.ra-report-table__totals').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // card brands are written as on the card in both languages
    const methods = await page.locator('section[aria-label="各支付方式收款"]').innerText();
    expect(methods).not.toMatch(/万事达|美国运通/);
    await shot(page, 'reports-payments-zh');
    await page.goto(`${baseUrl()}/salesReport/salesTrends?preset=lastWeek`);
    await expect
      .poll(() => page.locator('[data-chart="sales-trend"] canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await shot(page, 'reports-trends-zh');
    await context.close();
  });

  it('fits a phone: sections in a list, key figures first, no sideways page', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInTo(page, MANAGER, `/salesReport/itemSales?preset=lastWeek`);
    await expect.poll(() => page.locator('.ra-report-table__totals').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(1);
    // net sales right after the pinned item name, on screen without scrolling the table
    const itemTable = page.locator('section[aria-label="Item sales"]');
    const headers = await itemTable.locator('thead th').allInnerTexts();
    expect(headers.slice(0, 2)).toEqual(['Item', 'Net sales']);
    const net = await itemTable.locator('thead th', { hasText: /^Net sales$/ }).boundingBox();
    expect(net!.x + net!.width).toBeLessThanOrEqual(390);
    await shot(page, 'reports-items-mobile');
    // every section is one tap away: a list instead of tabs running off the screen
    await page.getByRole('combobox', { name: 'Report sections' }).click();
    const options = page.locator('.ant-select-item-option');
    await expect.poll(() => options.count()).toBe(10);
    await shot(page, 'reports-sections-mobile');
    await options.filter({ hasText: /^Sales Summary$/ }).click();
    await page.waitForURL(
      (u) => u.pathname === '/salesReport/salesSummary' && u.searchParams.get('preset') === 'lastWeek',
    );
    await expect.poll(() => figure(page, 'netSalesCents').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      1,
    );
    await shot(page, 'reports-summary-mobile');
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

/** Picks a preset of the transactions' day picker, the way a person does. */
async function pickTransactionDays(page: Page, label: string): Promise<void> {
  await page
    .getByRole('textbox', { name: /Business days|营业日/ })
    .first()
    .click();
  // on a phone the two-month panel runs past the screen edge; the preset list is still the one to use
  await page
    .locator('.ant-picker-presets li')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .dispatchEvent('click');
  // the picker stays open after a preset; close it before using the other filters
  await page.keyboard.press('Escape');
  await page
    .locator('.ant-picker-dropdown:visible')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}

// The dashboard, order calendar and analytic center are tested in dashboard.e2e.test.ts.
describe('transactions', () => {
  it('lists a day’s transactions with filters, exports them and opens the order behind one', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInTo(page, 'owner@demo.test', `/transactions/index`);
    // yesterday is a whole day of orders at any pin (today may have none yet at 03:30)
    await pickTransactionDays(page, 'Yesterday');
    await page.waitForURL(
      (u) => u.searchParams.get('from') !== null && u.searchParams.get('from') === u.searchParams.get('to'),
    );
    await page.getByRole('combobox', { name: 'Payment method' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Card$/ })
      .click();
    await page.waitForURL((u) => u.searchParams.get('method') === 'card');
    await page.keyboard.press('Escape');
    const rows = page.locator('tr.ra-tx__row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // the card-only figures, not the previous filter's kept on screen while they load
    await expect
      .poll(async () => (await rows.locator('td:nth-child(5)').allInnerTexts()).every((m) => m.startsWith('Card')), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect.poll(() => page.locator('.ra-tx__panel .ant-spin-spinning').count(), { timeout: 30_000 }).toBe(0);
    // counts with separators and the right plural; times in US English
    const totals = await page.getByTestId('transactions-totals').innerText();
    expect(totals).toMatch(/^[\d,]+ payments?, \$[\d,]+\.\d{2} · [\d,]+ refunds?, \$[\d,]+\.\d{2}$/);
    expect(totals).not.toMatch(/\b1 refunds\b|\b1 payments\b/);
    expect(await rows.first().locator('td').first().innerText()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    // a row reads its contents, not just "Open order"
    expect(await rows.first().getAttribute('aria-label')).toMatch(
      /^Payment \$[\d,]+\.\d{2}, (Completed|Partly refunded|Refunded), order #\S+, Card/,
    );
    await shot(page, 'reports-transactions-en');

    // one step from the page to the first row
    await page.getByRole('link', { name: 'Skip to the transactions' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ra-tx__row'))).toBe(true);

    // export: the same filters, every page, named after the restaurant
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export these transactions as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Harbor Bistro - Transactions - \d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const records = csv.split(/\r\n/).filter(Boolean);
    expect(records[0]).toMatch(/^Time,Business day,Type,Order,Channel,Method/);
    const shown =
      Number(totals.match(/^([\d,]+) payment/)![1]!.replace(/,/g, '')) +
      Number(totals.match(/· ([\d,]+) refund/)![1]!.replace(/,/g, ''));
    expect(records.length - 3).toBe(shown);
    expect(records.slice(1, -2).every((r) => r.split(',')[5] === 'Card')).toBe(true);

    await rows.first().click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('Totals');
    await expect.poll(() => drawer.innerText()).toContain('Payments');
    await page.waitForTimeout(500);
    // the Net column is whole inside the drawer at 1440 px
    const net = drawer.locator('th', { hasText: /^Net$/ });
    const box = (await net.boundingBox())!;
    const panel = (await drawer.locator('.ant-drawer-body').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    // keyboard focus, once in the drawer, never reaches the page behind it while it is open (wrapping
    // around, the focus lock passes through <body> for one Tab)
    await drawer.getByRole('button').first().focus();
    const escaped: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return !el || el === document.body || el.closest('.ant-drawer') ? '' : el.outerHTML.slice(0, 120);
      });
      if (where) escaped.push(where);
    }
    expect(escaped).toEqual([]);
    await shot(page, 'reports-transaction-drawer-en');
    await context.close();
  });

  it('fits a phone: each transaction a card with its amount and status, the order readable', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInTo(page, 'owner@demo.test', `/transactions/index`);
    await pickTransactionDays(page, 'Yesterday');
    // yesterday's business day in the restaurant's zone: the page may already show a one-day range
    // (today's) in its address, whose cards the new list replaces
    const yesterday = new Date(clockNow().getTime() - 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'America/New_York',
    });
    await page.waitForURL((u) => u.searchParams.get('from') === yesterday && u.searchParams.get('to') === yesterday);
    // the list marks itself busy while yesterday's cards load over the ones it kept on screen; read
    // the first card's text and box in one step once it has settled, so no re-render falls between.
    // Settled is also drawn: while something the page needs for the new range loads, the page may be
    // hidden for a moment (a CI run read a card 0 px wide), so the reading is taken again until the
    // card has a width.
    const settled = page.locator('ul.ra-tx-cards:not([aria-busy]) .ra-tx-card');
    let first = { text: '', right: 0, width: 0 };
    await expect
      .poll(
        async () => {
          if ((await settled.count()) === 0) return 0;
          first = await settled
            .first()
            .evaluate((el) => {
              const r = el.getBoundingClientRect();
              return { text: (el as HTMLElement).innerText, right: r.x + r.width, width: r.width };
            })
            .catch(() => ({ text: '', right: 0, width: 0 }));
          return first.width;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect(first.text).toMatch(/\$[\d,]+\.\d{2}/);
    expect(first.text).toMatch(/Completed|Partly refunded|Refunded/);
    expect(first.right).toBeLessThanOrEqual(390);
    const cards = page.locator('.ra-tx-card');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(
      1,
    );
    await shot(page, 'reports-transactions-mobile');
    await cards.first().click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.innerText(), { timeout: 30_000 }).toContain('Totals');
    // each line shows its net amount beside its name, not only the item column
    const line = drawer.locator('.ra-tx-drawer__item-line').first();
    expect(await line.innerText()).toMatch(/×[\s\S]*\$[\d,]+\.\d{2}/);
    await shot(page, 'reports-transaction-drawer-mobile');
    await context.close();
  });

  it('reads in Chinese', async () => {
    const { context, page } = await newPage(browser, { locale: 'zh-CN', width: 1440, height: 900 });
    await signInTo(page, 'owner@demo.test', `/transactions/index`);
    await pickTransactionDays(page, '昨天');
    const rows = page.locator('tr.ra-tx__row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('transactions-totals').innerText()).toMatch(/^付款 [\d,]+ 笔，共 (US)?\$[\d,.]+/);
    expect(await rows.first().locator('td').first().innerText()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}$/);
    await shot(page, 'reports-transactions-zh');
    await context.close();
  });
});
